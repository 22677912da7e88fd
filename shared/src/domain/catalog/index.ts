// Catalogue rules (docs/rules.md#calls-to-other-services "Product search", docs/rules.md#constants-and-limits; docs/performance.md#performance-design): the orders
// of the product list and search, and the search itself. Pure and browser-safe.
export * from './catalog-order.js';
export * from './catalog-search.js';
export * from './related-products.js';
export * from './edit-distance.js';
export * from './search-suggestion.js';
