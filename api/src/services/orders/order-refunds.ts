import type { Redis } from 'ioredis';
import { AppError, MESSAGES } from '@shop/shared';
import { fromMinorUnits, toMinorUnits } from '@shop/shared/domain/order';
import type { Order, OrderRefund, RefundRequest } from '@shop/shared/schemas';
import { Stripe } from '@shop/shared/providers/stripe';
import { repeatKey } from '../admin/repeat-guard.js';

// The studio's refund button (docs/rules.md#the-back-office): a Stripe refund of the order's payment. The API
// never writes the order: Stripe's refund events come back through the webhook and the worker
// records them (12.3). What can still be refunded is asked of Stripe, not read from the order,
// which may not have heard of a refund made a second ago.

const COUNTED = new Set(['succeeded', 'pending', 'requires_action']);

export interface RefundDeps {
  stripe: Stripe;
  redis: Redis;
  prefix: string;
}

async function paymentOf(stripe: Stripe, order: Order) {
  const session = await stripe.checkout.sessions.retrieve(order.sessionId);
  const paymentIntent =
    typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  if (!paymentIntent || session.payment_status !== 'paid')
    throw new AppError('failed-precondition', MESSAGES.refundNotPaid(order.status));
  return { paymentIntent, chargedCents: session.amount_total ?? toMinorUnits(order.totalPrice) };
}

async function refundsOf(stripe: Stripe, paymentIntent: string): Promise<Stripe.Refund[]> {
  const refunds: Stripe.Refund[] = [];
  for await (const refund of stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 })) refunds.push(refund);
  return refunds;
}

const view = (refund: Stripe.Refund): OrderRefund => ({
  id: refund.id,
  amount: fromMinorUnits(refund.amount),
  status: refund.status ?? 'pending',
});

/**
 * Refunds `amount` dollars (all that is left without one). A repeat within a minute, in parallel
 * or after the first finished, answers the first one's refund instead of making another.
 */
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

/**
 * What Stripe keeps with the refund beside its reason: the studio's note, and `tell_customer: no`
 * when the studio chose not to e-mail the shopper. The worker reads both back from Stripe's list
 * of refunds onto the order, so the API still never writes the order (docs/admin.md#refunds).
 */
export function refundMetadata(request: RefundRequest): Record<string, string> {
  return {
    ...(request.note ? { note: request.note } : {}),
    ...(request.tellCustomer === false ? { tell_customer: 'no' } : {}),
  };
}

export async function refundOrder(
  deps: RefundDeps,
  order: Order,
  request: RefundRequest,
  requestedBy: string,
): Promise<OrderRefund> {
  const { amount } = request;
  if (order.status === 'refunded') throw new AppError('aborted', MESSAGES.refundNothingLeft);
  if (order.status !== 'paid' && order.status !== 'shipped')
    throw new AppError('failed-precondition', MESSAGES.refundNotPaid(order.status));
  const { paymentIntent, chargedCents } = await paymentOf(deps.stripe, order);
  const action = `refund-${order.id}-${amount === undefined ? 'rest' : toMinorUnits(amount)}`;
  const key = await repeatKey(deps.redis, deps.prefix, action);
  const existing = await refundsOf(deps.stripe, paymentIntent);
  const repeated = existing.find((r) => r.metadata?.action_key === key);
  if (repeated) return view(repeated);
  const leftCents =
    chargedCents - existing.filter((r) => COUNTED.has(r.status ?? 'pending')).reduce((n, r) => n + r.amount, 0);
  if (leftCents <= 0) throw new AppError('aborted', MESSAGES.refundNothingLeft);
  const cents = amount === undefined ? leftCents : toMinorUnits(amount);
  if (cents > leftCents) {
    const left = fromMinorUnits(leftCents).toFixed(2);
    throw new AppError('invalid-argument', MESSAGES.refundTooMuch(left), {
      fields: { amount: MESSAGES.refundAmountOverLeft(left) },
    });
  }
  // Parallel repeats send the same parameters with the same key: Stripe answers each with one refund.
  const params: Stripe.RefundCreateParams = {
    payment_intent: paymentIntent,
    amount: cents,
    reason: request.reason ?? 'requested_by_customer',
    metadata: { ...refundMetadata(request), order_id: order.id, requested_by: requestedBy, action_key: key },
  };
  let refund: Stripe.Refund;
  try {
    refund = await deps.stripe.refunds.create(params, { idempotencyKey: key });
  } catch (error) {
    throw refusalForStudio(error) ?? error;
  }
  return view(refund);
}
