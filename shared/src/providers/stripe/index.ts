// Stripe, the payment provider: the one client factory and the configuration check. Server-only
// (it holds the SDK); nothing of Stripe's is needed in the browser, which is sent to Stripe's
// hosted checkout.
export * from './client.js';
export * from './errors.js';
export * from './tax-check.js';
export * from './key-check.js';
export * from './rules.js';
