import {
  checkoutSessionResponseSchema,
  type CheckoutSessionResponse,
  type ShippingDestination,
} from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';
import { pageCurrency } from '../../../lib/catalog/page-currency';

// POST /api/checkout/sessions: a hosted payment session for the caller's cart as the server has it.

/** Where the payment provider sends the shopper back; it fills in the session id itself. */
export function checkoutReturnUrls(origin: string = window.location.origin) {
  return {
    successUrl: `${origin}/store/confirmation?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}/store/cart`,
  };
}

/**
 * `shippingOption`: the option the shopper picked, by id; the server prices it from its own quote
 * and opens the payment page with it preselected. Without it the cheapest is.
 */
export function createCheckoutSession(
  shipping: ShippingDestination,
  shippingOption?: string,
): Promise<CheckoutSessionResponse> {
  return api.post('/checkout/sessions', {
    // Charged in the page's currency, which the cart showed (docs/rules.md#local-prices).
    query: { currency: pageCurrency().currency },
    body: { shipping, ...(shippingOption ? { shippingOption } : {}), ...checkoutReturnUrls() },
    schema: checkoutSessionResponseSchema,
  });
}
