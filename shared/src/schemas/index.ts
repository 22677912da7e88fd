// Zod schemas shared by the SPA and the API (types come from these via z.infer).
export * from './quote.js';
export * from './blog.js';
export * from './cart.js';
export * from './order.js';
export * from './catalog.js';
export * from './catalog-margins.js';
export * from './shipping.js';
export * from './order-events.js';
