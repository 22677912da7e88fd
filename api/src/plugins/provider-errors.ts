import { Stripe } from '@shop/shared/providers/stripe';
import { AppError, MESSAGES } from '@shop/shared';

// What Stripe or Printful said is for the logs, never for the client: their messages name
// parameters, keys and limits of our integration (docs/contracts.md#http-api). A failure the shopper can
// only wait out is 503 unavailable; a refusal is 412 failed-precondition; both with a catalogue
// message. The error handler applies this to every error before rendering it.

function fromStripe(error: InstanceType<typeof Stripe.errors.StripeError>): AppError {
  const waitable =
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError ||
    (error.statusCode ?? 500) >= 500;
  return waitable
    ? new AppError('unavailable', MESSAGES.paymentsUnavailable)
    : new AppError('failed-precondition', MESSAGES.paymentRefused);
}

/** The Printful client's errors carry Printful's status and whether a retry may help. */
function isPrintfulError(error: unknown): error is AppError & { printfulStatus: number | null; retryable: boolean } {
  return error instanceof AppError && 'printfulStatus' in error && 'retryable' in error;
}

/** The catalogue's error for a provider failure; null when `error` did not come from a provider. */
export function fromProviderError(error: unknown): AppError | null {
  if (error instanceof Stripe.errors.StripeError) return fromStripe(error);
  if (isPrintfulError(error)) {
    return error.retryable || error.code === 'internal'
      ? new AppError('unavailable', MESSAGES.printfulUnavailable)
      : new AppError('failed-precondition', MESSAGES.printfulRefused);
  }
  return null;
}
