// The browser-safe half of the Stripe provider: Stripe's states and idempotency rules, pure data
// with no client (`@shop/shared/providers/stripe/rules`), so domain rules may import them.
export * from './state-model.js';
