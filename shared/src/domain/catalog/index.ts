// Catalogue rules (spec section 7 "Product search", section 9; DESIGN.md section 11): the orders
// of the product list and search, and the search itself. Pure and browser-safe.
export * from './catalog-order.js';
export * from './catalog-search.js';
export * from './related-products.js';
