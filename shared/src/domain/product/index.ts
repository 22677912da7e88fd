// Product normalisation (docs/rules.md#entities; docs/contracts.md#http-api "Shapes"), shared by the worker's
// sync, the API's catalogue reads and the SPA. Pure and browser-safe.
export * from '../../schemas/storefront-product.js';
export * from './product-document.js';
export * from './categories.js';
export * from './price.js';
export * from './product-title.js';
export * from './dates.js';
export * from './content-hash.js';
export * from './normalise-product-doc.js';
export * from './fallback-products.js';
export * from './sellable-variants.js';
export * from './size-guide.js';
export * from './variant-words.js';
