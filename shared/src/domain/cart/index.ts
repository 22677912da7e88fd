// Pure cart rules (docs/rules.md#entities to 5), shared by the API and the SPA.
export * from './cart-product.js';
export * from './cart-item.js';
export * from './cart-validation.js';
export * from './cart-lines.js';
export * from './cart-variant.js';
export * from './cart-totals.js';
export * from './cart-document.js';
