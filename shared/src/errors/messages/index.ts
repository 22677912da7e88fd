// The error catalogue's messages, exported one by one so that each bundle carries only those its
// code shows; errors/index.ts re-exports this module as the MESSAGES namespace.
export * from './site.js';
export * from './catalog.js';
export * from './team-order.js';
export * from './recovery.js';
export * from './password-reset.js';
export * from './order-keys.js';
export * from './currency.js';
export * from './currency-picker.js';
