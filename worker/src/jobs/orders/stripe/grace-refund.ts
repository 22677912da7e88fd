import { graceRefundKey } from '@shop/shared/domain/order';
import { stripeAmountToMajor } from '@shop/shared/domain/currency';
import type { OrderRefund } from '@shop/shared/schemas';
import type { Stripe } from '@shop/shared/providers/stripe';

// The Stripe half of a cancellation within the grace period (docs/after-payment.md#the-grace-period-before-production):
// the rest of the checkout's payment refunded in full, once however often the job runs (the
// idempotency key is the order's), and Stripe's list of refunds read back for the order.

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

async function refundsOf(stripe: Stripe, paymentIntent: string): Promise<OrderRefund[]> {
  const refunds: OrderRefund[] = [];
  for await (const refund of stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 })) {
    refunds.push({
      id: refund.id,
      amount: stripeAmountToMajor(refund.amount, refund.currency),
      status: refund.status ?? 'pending',
    });
  }
  return refunds;
}

export interface GraceRefund {
  /** Every refund of the payment, as Stripe lists them after this one. */
  refunds: OrderRefund[];
  /** What the checkout charged, in cents (0 when Stripe does not say). */
  chargedCents: number;
}

/** Refunds what is left of the order's payment; a repeat finds nothing left and refunds nothing. */
export async function refundRestOfCheckout(
  stripe: Stripe,
  orderId: string,
  sessionId: string,
  attempt = 0,
): Promise<GraceRefund> {
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const paymentIntent = idOf(session.payment_intent);
  if (!paymentIntent) throw new Error(`Order ${orderId}: Stripe has no payment for session ${sessionId}`);
  const before = await refundsOf(stripe, paymentIntent);
  const counted = before.filter((r) => r.status !== 'failed' && r.status !== 'canceled');
  const left = (session.amount_total ?? 0) - counted.reduce((sum, r) => sum + Math.round(r.amount * 100), 0);
  if (left > 0) {
    await stripe.refunds.create(
      {
        payment_intent: paymentIntent,
        amount: left,
        reason: 'requested_by_customer',
        metadata: { orderId, cause: 'cancelled-in-grace-period' },
      },
      { idempotencyKey: graceRefundKey(orderId, attempt) },
    );
  }
  return { refunds: await refundsOf(stripe, paymentIntent), chargedCents: session.amount_total ?? 0 };
}
