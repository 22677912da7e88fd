export { CheckoutService, type CheckoutShopper } from './checkout-service.js';
export { acceptStripeEvent, verifyStripeEvent, WEBHOOK_EVENTS } from './stripe-events.js';
