// The API's Stripe client, made once by each service that talks to Stripe (checkout sessions and
// discount codes); its settings live with the SDK in shared/src/providers/stripe.
export { createStripeClient, type Stripe } from '@shop/shared/providers/stripe';
