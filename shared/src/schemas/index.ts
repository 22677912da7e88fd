// Zod schemas shared by the SPA and the API (types come from these via z.infer).
export * from './quote.js';
export * from './blog.js';
export * from './cart.js';
export * from './cart-collections.js';
export * from './order.js';
export * from './catalog.js';
export * from './catalog-margins.js';
export * from './shipping.js';
export * from './order-events.js';
export * from './order-lookup.js';
export * from './admin-back-office.js';
export * from './public-config.js';
export * from './stream-events.js';
export * from './product-sync-job.js';
export * from './webhooks.js';
export * from './storefront-product.js';
export * from './third-party-cookie-check.js';
