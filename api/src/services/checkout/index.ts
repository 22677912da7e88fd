export { CheckoutService, type CheckoutShopper } from './checkout-service.js';
