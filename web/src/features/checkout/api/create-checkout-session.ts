import {
  checkoutSessionResponseSchema,
  type CheckoutSessionResponse,
  type ShippingDestination,
} from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';

// POST /api/checkout/sessions: a hosted payment session for the caller's cart as the server has it.

/** Where the payment provider sends the shopper back; it fills in the session id itself. */
export function checkoutReturnUrls(origin: string = window.location.origin) {
  return {
    successUrl: `${origin}/store/confirmation?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}/store/cart`,
  };
}

export function createCheckoutSession(shipping: ShippingDestination): Promise<CheckoutSessionResponse> {
  return api.post('/checkout/sessions', {
    body: { shipping, ...checkoutReturnUrls() },
    schema: checkoutSessionResponseSchema,
  });
}
