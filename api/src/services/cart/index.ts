export { CartService, type CartView } from './cart-service.js';
export { default as cartPlugin } from './cart-plugin.js';
