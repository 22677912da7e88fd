export { CartService, type CartView, type MergedCartView } from './cart-service.js';
export { default as cartPlugin } from './cart-plugin.js';
export * from './cart-pricing.js';
