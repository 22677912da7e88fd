import type { Job } from 'bullmq';
import { formatMoney, stripeAmountToMajor, toMinor } from '@shop/shared/domain/currency';
import { fulfilmentInWords, isPrintfulCancellable } from '@shop/shared/domain/order';
import {
  paymentEventJobDataSchema,
  type Order,
  type OrderRefund,
  type PaymentEventJobData,
} from '@shop/shared/schemas';
import { type EventOutcome } from '@shop/shared/server/orders';
import { Stripe } from '@shop/shared/providers/stripe';
import type { JobContext } from '../../../job-module.js';
import type { OrderClients } from '../order-clients.js';
import { queueAlert } from '../order-alerts.js';
import { cancelPrintfulOrder } from '../printful/cancel-printful-order.js';

// One Stripe refund or dispute event (docs/providers.md#stripe-checkout-sessions, docs/providers.md#stripe-refunds-and-disputes). Nothing the event
// says about the order is trusted: the refund, charge or dispute is read from Stripe, its
// payment_intent leads to the checkout session Stripe has for it, and the order is the one whose
// stored session id is that session's. The refunds are then taken from Stripe's list, so late,
// repeated and reordered events all leave the order as Stripe has it now.

export type PaymentEventOutcome =
  | { outcome: 'not-ours'; reason: string }
  | { outcome: EventOutcome; orderId: string; status: Order['status']; refunds: OrderRefund[]; printful?: string };

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

type Found = { paymentIntent: string | null; dispute?: Stripe.Dispute };

/** The payment_intent as Stripe has it for the event's object. */
async function paymentIntentOf(stripe: Stripe, data: PaymentEventJobData): Promise<Found | null> {
  try {
    if (data.eventType === 'charge.dispute.created') {
      const dispute = await stripe.disputes.retrieve(data.objectId);
      const fromCharge = async () => idOf((await stripe.charges.retrieve(idOf(dispute.charge)!)).payment_intent);
      return { paymentIntent: idOf(dispute.payment_intent) ?? (await fromCharge()), dispute };
    }
    if (data.eventType === 'charge.refunded') {
      return { paymentIntent: idOf((await stripe.charges.retrieve(data.objectId)).payment_intent) };
    }
    return { paymentIntent: idOf((await stripe.refunds.retrieve(data.objectId)).payment_intent) };
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

async function orderOf(ctx: JobContext, stripe: Stripe, paymentIntent: string): Promise<Order | null> {
  const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
  const session = sessions.data[0];
  return session ? ctx.orders.findOrderBySessionId(session.id) : null;
}

/**
 * One Stripe refund as the order keeps it. The studio's refund dialog leaves its note and its
 * "tell the customer: off" on the refund's metadata (docs/admin.md#refunds); a refund made in the
 * Stripe Dashboard carries neither, and its shopper is told.
 */
export function orderRefundOf(refund: Stripe.Refund): OrderRefund {
  const note = refund.metadata?.note?.trim();
  return {
    id: refund.id,
    // In the currency the order was paid in (docs/rules.md#local-prices).
    amount: stripeAmountToMajor(refund.amount, refund.currency),
    status: refund.status ?? 'pending',
    ...(refund.reason ? { reason: refund.reason } : {}),
    ...(note ? { note } : {}),
    ...(refund.metadata?.tell_customer === 'no' ? { tellCustomer: false as const } : {}),
  };
}

async function allRefunds(stripe: Stripe, paymentIntent: string): Promise<OrderRefund[]> {
  const refunds: OrderRefund[] = [];
  for await (const refund of stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 })) {
    refunds.push(orderRefundOf(refund));
  }
  return refunds;
}

/** No Printful order, or one that is cancelled, shipped or back: nothing left to stop. */
const NOTHING_TO_CANCEL = new Set(['none', 'canceled', 'fulfilled', 'returned', 'shipped']);

const COUNTED = new Set(['succeeded', 'pending', 'requires_action']);

async function applyDispute(ctx: JobContext, data: PaymentEventJobData, order: Order, dispute: Stripe.Dispute) {
  const amount = formatMoney(
    toMinor(stripeAmountToMajor(dispute.amount, dispute.currency), order.currency),
    order.currency,
    'en-US',
  );
  const note = `Dispute ${dispute.id}: ${dispute.reason}, ${amount}, ${dispute.status}`;
  const recorded = await ctx.orders.recordOrderEvent(order.id, {
    at: new Date(data.eventCreated * 1000).toISOString(),
    source: 'stripe',
    type: data.eventType,
    eventId: data.eventId,
    note,
  });
  await queueAlert(ctx, order.id, { kind: 'dispute', audience: 'studio', subject: dispute.id, note });
  const latest = recorded.order ?? order;
  return { outcome: 'applied' as const, orderId: order.id, status: latest.status, refunds: latest.refunds ?? [] };
}

export async function processPaymentEvent(
  job: Job,
  ctx: JobContext,
  clients: OrderClients,
): Promise<PaymentEventOutcome> {
  const data = paymentEventJobDataSchema.parse(job.data);
  const log = ctx.logger.child({ stripeEvent: data.eventId, type: data.eventType });
  const found = await paymentIntentOf(clients.stripe, data);
  if (!found?.paymentIntent) return { outcome: 'not-ours', reason: `Stripe has no payment for ${data.objectId}` };
  const order = await orderOf(ctx, clients.stripe, found.paymentIntent);
  if (!order) {
    log.info({ paymentIntent: found.paymentIntent }, 'payment event for a payment this shop has no order for');
    return { outcome: 'not-ours', reason: `no order for payment ${found.paymentIntent}` };
  }
  if (found.dispute) return applyDispute(ctx, data, order, found.dispute);

  const refunds = await allRefunds(clients.stripe, found.paymentIntent);
  // Stripe refunded a payment whose checkout event is not processed yet: try again once the order
  // is paid (the job's backoff), so that the refund is applied to a paid order and cancels it.
  if (order.status === 'pending' && refunds.length > 0)
    throw new Error(`Order ${order.id} is not recorded as paid yet; the refund is applied once it is`);
  // The shopper hears of each refund once; queued before the order records it, so a crash in
  // between cannot lose the e-mail (its job id keeps it single). A refund the studio made with
  // "tell the customer" off sends nothing; a cancellation in the grace period tells the shopper of
  // its refund in its own e-mail.
  const cancelledInGrace = order.cancellation?.kind === 'cancelled';
  if (!cancelledInGrace && order.status !== 'pending' && order.status !== 'failed' && order.status !== 'expired') {
    const before = new Map((order.refunds ?? []).map((r) => [r.id, r.status]));
    const told = (r: OrderRefund) => r.tellCustomer !== false;
    for (const refund of refunds.filter(
      (r) => told(r) && COUNTED.has(r.status) && !COUNTED.has(before.get(r.id) ?? ''),
    )) {
      await queueAlert(ctx, order.id, {
        kind: 'refunded',
        audience: 'shopper',
        subject: refund.id,
        note: refund.amount.toFixed(2),
        refundId: refund.id,
      });
    }
  }
  const result = await ctx.orders.applyRefunds(order.id, {
    eventId: data.eventId,
    type: data.eventType,
    created: data.eventCreated,
    refunds,
  });
  const updated = result.order ?? order;
  log.info(
    { orderId: order.id, status: updated.status, refunds: refunds.length, full: result.fullyRefunded },
    'refunds',
  );

  let printful: string | undefined;
  if (result.fullyRefunded) {
    const status = updated.fulfilment.status;
    printful =
      isPrintfulCancellable(status) && updated.fulfilment.orderId !== null
        ? await cancelPrintfulOrder(ctx, clients.printful, updated)
        : status;
    // Printful is producing it, holds it or failed it: a person has to decide.
    if (!NOTHING_TO_CANCEL.has(printful)) {
      await queueAlert(ctx, order.id, {
        kind: 'cancel-impossible',
        audience: 'studio',
        subject: 'full-refund',
        note: `Refunded in full while the Printful order is ${fulfilmentInWords(printful)}`,
      });
    }
  }
  return {
    outcome: result.outcome,
    orderId: order.id,
    status: updated.status,
    refunds: updated.refunds ?? [],
    ...(printful ? { printful } : {}),
  };
}
