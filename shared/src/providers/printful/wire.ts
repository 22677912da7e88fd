// Every Printful v1 wire shape (docs/providers.md#printful-api, docs/providers.md#printful-shipping-rates,
// docs/providers.md#printful-orders), one file per concept: products, the envelope, orders,
// shipping rates and webhooks. They import nothing but zod, so the product rules and the browser
// may import them without pulling in server code (lint keeps it that way). Objects are loose:
// Printful adds fields over time and the stored raw copy should keep them. Only what the store
// cannot do without is required (ids, names, the catalog variant id an order needs); everything
// the normaliser has a default for is optional.
export * from './wire-products.js';
export * from './wire-envelope.js';
export * from './wire-orders.js';
export * from './wire-shipping.js';
export * from './wire-webhooks.js';
