// Server-only order writes and reads after payment, shared by the API (reads) and the worker
// (the only writer of orders).
export * from './order-transitions.js';
export * from './order-queries.js';
export * from './order-number.js';
