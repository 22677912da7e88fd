// Local prices (docs/rules.md#local-prices): currencies, conversion and price points, included
// tax, the margin guard per currency, exchange rates and the first guess. Pure and browser-safe.
export * from './currencies.js';
export * from './currency-schema.js';
export * from './currency-cookie.js';
export * from './tax-rates.js';
export * from './convert.js';
export * from './margin.js';
export * from './rates.js';
export * from './guess.js';
export * from './documents.js';
export * from './names.js';
export * from './local-catalog.js';
export * from './local-cart.js';
export * from './shopper-currency.js';
