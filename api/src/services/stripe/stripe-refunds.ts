import { AppError, MESSAGES } from '@shop/shared';
import { createStripeClient, Stripe } from '@shop/shared/providers/stripe';
import type { Config } from '@shop/shared/server/config';
import type { RefundRequest } from '@shop/shared/schemas';

// The Stripe calls of the studio's refund button: the checkout's payment, the refunds already
// made on it, and a new refund. What may be refunded, and when, is the order's business
// (services/orders/order-refunds.ts); this file only speaks Stripe.

export type RefundsClient = Stripe;

export function createRefundsClient(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): RefundsClient {
  return createStripeClient(config);
}

/** A checkout's payment as the refund needs it: null when the session was not paid. */
export interface CheckoutPayment {
  paymentIntent: string;
  /** What Stripe charged, in cents; null when Stripe does not say. */
  amountTotal: number | null;
}

/** One refund of a payment, as Stripe reports it. */
export interface PaymentRefund {
  id: string;
  /** In cents. */
  amount: number;
  status: string;
  /** The key the studio's request was made under (repeats answer the first refund). */
  actionKey: string | undefined;
}

const refundOf = (refund: Stripe.Refund): PaymentRefund => ({
  id: refund.id,
  amount: refund.amount,
  status: refund.status ?? 'pending',
  actionKey: refund.metadata?.action_key,
});

export async function checkoutPayment(stripe: RefundsClient, sessionId: string): Promise<CheckoutPayment | null> {
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const paymentIntent =
    typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  if (!paymentIntent || session.payment_status !== 'paid') return null;
  return { paymentIntent, amountTotal: session.amount_total ?? null };
}

export async function refundsOfPayment(stripe: RefundsClient, paymentIntent: string): Promise<PaymentRefund[]> {
  const refunds: PaymentRefund[] = [];
  for await (const refund of stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 }))
    refunds.push(refundOf(refund));
  return refunds;
}

/**
 * Stripe's refusal of a refund in the studio's words (the shopper's checkout message said "your
 * cart is unchanged" to an admin). Null for anything else: outages stay 503 for the error handler.
 */
function refusalForStudio(error: unknown): AppError | null {
  if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.statusCode === 404) return null;
  return new AppError(
    'failed-precondition',
    error.code === 'charge_disputed' ? MESSAGES.refundDisputed : MESSAGES.refundRefusedByStripe,
  );
}

export interface RefundCall {
  paymentIntent: string;
  /** In cents. */
  amount: number;
  reason: NonNullable<RefundRequest['reason']>;
  metadata: Record<string, string>;
  /** Parallel repeats send the same parameters with the same key: Stripe answers each with one refund. */
  idempotencyKey: string;
}

export async function createPaymentRefund(stripe: RefundsClient, call: RefundCall): Promise<PaymentRefund> {
  const params: Stripe.RefundCreateParams = {
    payment_intent: call.paymentIntent,
    amount: call.amount,
    reason: call.reason,
    metadata: call.metadata,
  };
  try {
    return refundOf(await stripe.refunds.create(params, { idempotencyKey: call.idempotencyKey }));
  } catch (error) {
    throw refusalForStudio(error) ?? error;
  }
}
