import type { Redis } from 'ioredis';
import { AppError, MESSAGES } from '@shop/shared';
import { formatMoney, toMajor, toMinor } from '@shop/shared/domain/currency';
import type { Order, OrderRefund, RefundRequest } from '@shop/shared/schemas';
import { repeatKey } from '../admin/repeat-guard.js';
import {
  checkoutPayment,
  createPaymentRefund,
  refundsOfPayment,
  type PaymentRefund,
  type RefundsClient,
} from '../stripe/stripe-refunds.js';

// The studio's refund button (docs/rules.md#the-back-office): a Stripe refund of the order's payment. The API
// never writes the order: Stripe's refund events come back through the webhook and the worker
// records them (12.3). What can still be refunded is asked of Stripe, not read from the order,
// which may not have heard of a refund made a second ago.

const COUNTED = new Set(['succeeded', 'pending', 'requires_action']);

export interface RefundDeps {
  stripe: RefundsClient;
  redis: Redis;
  prefix: string;
}

async function paymentOf(stripe: RefundsClient, order: Order) {
  const payment = await checkoutPayment(stripe, order.sessionId);
  if (!payment) throw new AppError('failed-precondition', MESSAGES.refundNotPaid(order.status));
  return {
    paymentIntent: payment.paymentIntent,
    chargedCents: payment.amountTotal ?? toMinor(order.totalPrice, order.currency),
  };
}

/** Amounts are in the order's currency, as Stripe charged and refunds it (docs/rules.md#local-prices). */
const view = (refund: PaymentRefund, order: Order): OrderRefund => ({
  id: refund.id,
  amount: toMajor(refund.amount, order.currency),
  status: refund.status,
});

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

/**
 * Refunds `amount` in the order's currency (all that is left without one). A repeat within a minute, in parallel
 * or after the first finished, answers the first one's refund instead of making another.
 */
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
  const action = `refund-${order.id}-${amount === undefined ? 'rest' : toMinor(amount, order.currency)}`;
  const key = await repeatKey(deps.redis, deps.prefix, action);
  const existing = await refundsOfPayment(deps.stripe, paymentIntent);
  const repeated = existing.find((r) => r.actionKey === key);
  if (repeated) return view(repeated, order);
  const leftCents = chargedCents - existing.filter((r) => COUNTED.has(r.status)).reduce((n, r) => n + r.amount, 0);
  if (leftCents <= 0) throw new AppError('aborted', MESSAGES.refundNothingLeft);
  const cents = amount === undefined ? leftCents : toMinor(amount, order.currency);
  if (cents > leftCents) {
    const left = formatMoney(leftCents, order.currency, 'en-US');
    throw new AppError('invalid-argument', MESSAGES.refundTooMuch(left), {
      fields: { amount: MESSAGES.refundAmountOverLeft(left) },
    });
  }
  // Parallel repeats send the same parameters with the same key: Stripe answers each with one refund.
  const refund = await createPaymentRefund(deps.stripe, {
    paymentIntent,
    amount: cents,
    reason: request.reason ?? 'requested_by_customer',
    metadata: { ...refundMetadata(request), order_id: order.id, requested_by: requestedBy, action_key: key },
    idempotencyKey: key,
  });
  return view(refund, order);
}
