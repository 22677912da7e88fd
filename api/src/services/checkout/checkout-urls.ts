import { AppError, MESSAGES } from '@shop/shared';
import type { CreateCheckoutSessionBody } from '@shop/shared/schemas';
import { isSiteOrigin } from '../../plugins/site-origin.js';

// Where Stripe sends the shopper back. Only pages of this site are accepted, so the checkout
// cannot be turned into a redirect to somewhere else. `{CHECKOUT_SESSION_ID}` is left as typed:
// Stripe fills it in (docs/providers.md#stripe-checkout-sessions), so the URL must not be normalised.

export interface CheckoutUrls {
  successUrl: string;
  cancelUrl: string;
}

export function checkoutUrls(publicUrl: string, body: CreateCheckoutSessionBody): CheckoutUrls {
  const origin = new URL(publicUrl).origin;
  const base = publicUrl.replace(/\/+$/, '');
  const sameOrigin = (field: keyof CheckoutUrls, value: string) => {
    if (!isSiteOrigin(publicUrl, value))
      throw new AppError('invalid-argument', MESSAGES.checkoutUrlOrigin(field, origin));
    return value;
  };
  return {
    successUrl: body.successUrl
      ? sameOrigin('successUrl', body.successUrl)
      : `${base}/store/order-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: body.cancelUrl ? sameOrigin('cancelUrl', body.cancelUrl) : `${base}/store/cart`,
  };
}
