// Pure order rules shared by the API (checkout) and the worker (fulfilment).
export * from './order-status.js';
export * from './money.js';
export * from './line-item-metadata.js';
export * from './order-jobs.js';
export * from './cart-after-purchase.js';
export * from './shipping-metadata.js';
export * from './after-payment.js';
export * from './pending-order.js';
export * from './order-history.js';
export * from './order-item-label.js';
export * from './sales-report.js';
export * from './provider-links.js';
export * from './fulfilment-words.js';
export * from './order-stage.js';
export * from './order-attention.js';
export * from './order-grace.js';
export * from './order-change.js';
