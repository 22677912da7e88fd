import Stripe from 'stripe';

/** How a provider's failure reads to the shop: one to wait out, or the provider's refusal. */
export type StripeFailure = 'waitable' | 'refused';

/**
 * What kind of failure a Stripe SDK error is (null when `error` is not Stripe's): connection,
 * rate limit, our key's fault or a 5xx can only be waited out; the rest is Stripe refusing.
 */
export function stripeFailure(error: unknown): StripeFailure | null {
  if (!(error instanceof Stripe.errors.StripeError)) return null;
  const waitable =
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError ||
    (error.statusCode ?? 500) >= 500;
  return waitable ? 'waitable' : 'refused';
}
