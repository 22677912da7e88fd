export { CheckoutService, type CheckoutShopper } from './checkout-service.js';
export { acceptStripeEvent, verifyStripeEvent } from './stripe-events.js';
