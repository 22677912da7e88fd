import { AppError, MESSAGES } from '@shop/shared';
import { printfulFailure } from '@shop/shared/providers/printful';
import { stripeFailure } from '@shop/shared/providers/stripe';

// What Stripe or Printful said is for the logs, never for the client: their messages name
// parameters, keys and limits of our integration (docs/contracts.md#http-api). A failure the shopper can
// only wait out is 503 unavailable; a refusal is 412 failed-precondition; both with a catalogue
// message. The error handler applies this to every error before rendering it. Each provider's
// folder in shared says which kind its failure is: plugins sit below the services, so this file
// cannot go through services/stripe or services/printful.

/** The catalogue's error for a provider failure; null when `error` did not come from a provider. */
export function fromProviderError(error: unknown): AppError | null {
  const stripe = stripeFailure(error);
  if (stripe)
    return stripe === 'waitable'
      ? new AppError('unavailable', MESSAGES.paymentsUnavailable)
      : new AppError('failed-precondition', MESSAGES.paymentRefused);
  const printful = printfulFailure(error);
  if (printful)
    return printful === 'waitable'
      ? new AppError('unavailable', MESSAGES.printfulUnavailable)
      : new AppError('failed-precondition', MESSAGES.printfulRefused);
  return null;
}
