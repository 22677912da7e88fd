// The one order module (issue 30): the only code that writes the `orders` collection. The API's
// checkout records a pending order through it, and the shopper's and the studio's requests on a
// paid order change it through it; the worker's jobs move orders on after payment through it; both
// read orders through it. The types hold it: each process gives the full store only to
// `createOrderRecords` and keeps the store narrowed to the other collections (order-records.ts).
export * from './order-checkout.js';
export * from './order-steps.js';
export * from './order-transitions.js';
export * from './orders-of-cart.js';
export * from './merge-guest-cart.js';
export * from './order-queries.js';
export * from './order-number.js';
export { readOrder, type OrderReader } from './order-documents.js';
export * from './order-grace.js';
export * from './order-change.js';
export * from './order-records.js';
