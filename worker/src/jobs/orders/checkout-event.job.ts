import type { Job } from 'bullmq';
import { MESSAGES } from '@shop/shared';
import {
  FULFILMENT_HELD_FOR_ADDRESS,
  ORDER_JOB_OPTIONS,
  QUOTED_DESTINATION_METADATA,
  confirmationEmailJobId,
  holdUntil,
  paidOutsideQuote,
  parseQuotedDestination,
  placeName,
} from '@shop/shared/domain/order';
import { orderJobDataSchema, type Order, type OrderNotificationJobData } from '@shop/shared/schemas';
import { JOBS } from '@shop/shared/server/queues';
import type { Stripe } from '@shop/shared/providers/stripe';
import type { OrderClients } from './order-clients.js';
import type { JobContext } from '../../job-module.js';
import { PrintfulRequestError, type PrintfulClient } from '@shop/shared/providers/printful';
import { closeOpenCheckoutsWithCode, releaseDiscountUse, settleDiscountUse } from '@shop/shared/server/discounts';
import { queueAlert } from './order-alerts.js';
import { isPaid, paidCheckoutOf, retrieveSession } from './stripe/checkout-session.js';
import { placePrintfulDraft, printfulOrderCost } from './printful/printful-order.js';
import { scheduleRelease } from './grace-period.job.js';
import { placeOrderWithTeamSlip, withTeamSlip } from './team-order-slip.js';
import { noteRecoveredOrder, scheduleRecovery } from './checkout-recovery.js';

// One Stripe checkout event (docs/contracts.md#queues-and-events; Stripe's fulfilment guide, docs/providers.md#stripe-events). Whatever the event, the session is read again from Stripe and the order is
// brought in line with it, so late, repeated and reordered events all end in the same state:
//   paid      -> markOrderPaid, settleCodeUse, noteRecoveredOrder, clearCart, checkShippingAddress
//                (paid outside its quote: holdForAddress and enqueueConfirmationEmail, then stop),
//                startGracePeriod, enqueueConfirmationEmail, createPrintfulOrder (a draft while the
//                grace period lasts, confirmed by its release job)
//   expired   -> order expired (the cart is kept)
//   unpaid    -> after async_payment_failed: order failed (cart kept); otherwise it stays
//                pending until Stripe reports the delayed payment.
// The confirmation e-mail goes out before the Printful order is placed: a Printful outage delays
// production (the job retries until Printful answers), not the shopper's receipt.
//
// Stripe can only limit the address to the quoted country, so before the order goes to Printful
// the paid address is compared with the quoted destination (country and state, docs/rules.md#money-and-abuse).
// An order paid outside its quote is kept paid but held: not sent to Printful, the studio alerted
// to refund it or ship it as paid (docs/decisions.md#choices-where-the-issues-were-silent, "Shipping quotes and the paid address").

export type CheckoutOutcome =
  | { outcome: 'fulfilled'; orderId: string; paidNow: boolean; printfulOrderId: number; printfulStatus: string }
  | { outcome: 'failed' | 'expired'; orderId: string; changed: boolean }
  | { outcome: 'held'; orderId: string; reason: string }
  | { outcome: 'awaiting-payment'; orderId: string }
  | { outcome: 'not-ours'; sessionId: string };

async function enqueueConfirmationEmail(ctx: JobContext, order: Order): Promise<void> {
  if (order.steps.confirmationQueued) return;
  const data: OrderNotificationJobData = { orderId: order.id };
  await ctx.queues.notifications.add(JOBS.notifications.orderConfirmation, data, {
    ...ORDER_JOB_OPTIONS,
    jobId: confirmationEmailJobId(order.id),
  });
  await ctx.orders.markStepDone(order.id, 'confirmationQueued');
}

/** The studio-facing reason when the order was paid outside its quote; null when it was not. */
function addressMismatch(session: Stripe.Checkout.Session, order: Order): string | null {
  const quoted = parseQuotedDestination(session.metadata?.[QUOTED_DESTINATION_METADATA]);
  if (!quoted || !paidOutsideQuote(quoted, order.shipping)) return null;
  const paid = {
    country: order.shipping?.countryCode ?? 'an unknown country',
    state: order.shipping?.stateCode ?? null,
  };
  return MESSAGES.shippingAddressMismatch(placeName(quoted), placeName(paid));
}

/** Keeps a not-yet-placed order from Printful and tells the studio, once per session. */
async function holdForAddress(ctx: JobContext, order: Order, sessionId: string, reason: string): Promise<Order> {
  const held = await ctx.orders.recordFulfilmentChange(order.id, {
    orderId: null,
    status: FULFILMENT_HELD_FOR_ADDRESS,
    reason,
    event: {
      at: new Date().toISOString(),
      source: 'stripe',
      type: 'shipping-address-check',
      eventId: `address-${sessionId}`,
      note: reason,
    },
  });
  await queueAlert(ctx, order.id, { kind: 'shipping-mismatch', audience: 'studio', subject: sessionId, note: reason });
  return held ?? order;
}

/**
 * The grace period (docs/after-payment.md#the-grace-period-before-production): a paid order not
 * yet at Printful is held from its payment for ORDER_GRACE_MINUTES, recorded before the
 * confirmation e-mail is queued so that the e-mail can offer the cancellation.
 */
async function startGracePeriod(ctx: JobContext, order: Order): Promise<Order> {
  const until = holdUntil(new Date(order.paidAt ?? Date.now()), ctx.config.ORDER_GRACE_MINUTES);
  if (!until || order.hold || order.cancellation || order.fulfilment.status !== 'none') return order;
  return (await ctx.orders.startHold(order.id, until)) ?? order;
}

/** A held order goes to Printful as a draft only; its release job confirms it when the hold ends. */
async function createHeldDraft(ctx: JobContext, printful: PrintfulClient, order: Order): Promise<Order> {
  // The team's names go on the draft's packing slip: confirming it later changes nothing of it.
  const draft = await withTeamSlip(ctx, order, (packingSlip) => placePrintfulDraft(printful, order, packingSlip));
  const recorded = await ctx.orders.recordHeldDraft(order.id, {
    orderId: draft.id,
    status: draft.status,
    cost: printfulOrderCost(draft),
  });
  if (recorded?.cancelled) {
    // Cancelled between the hold and the draft: the draft made a moment ago goes too.
    if (draft.status === 'draft') {
      await printful.cancelOrder(draft.id).catch((error: unknown) => {
        if (!(error instanceof PrintfulRequestError)) throw error;
      });
    }
    return recorded.order;
  }
  const held = recorded?.order ?? order;
  await scheduleRelease(ctx, held);
  return held;
}

async function createPrintfulOrder(ctx: JobContext, printful: PrintfulClient, order: Order): Promise<Order> {
  const known = order.fulfilment;
  // Refunded in full before production started, or cancelled in the grace period: nothing is to be made.
  if (order.status === 'refunded' || order.cancellation?.kind === 'cancelled') return order;
  if (order.fulfilment.status === FULFILMENT_HELD_FOR_ADDRESS) return order;
  if (known.orderId !== null && known.status !== 'draft' && known.status !== 'none') return order;
  if (order.hold && order.hold.releasedAt === null) return createHeldDraft(ctx, printful, order);
  const placed = await placeOrderWithTeamSlip(ctx, printful, order);
  const updated = await ctx.orders.recordFulfilment(order.id, {
    orderId: placed.id,
    status: placed.status,
    cost: printfulOrderCost(placed),
  });
  return updated;
}

/**
 * A paid order's use of its code: a redemption when Stripe took the discount off, given back when
 * it did not. Once every use is spent, checkouts still carrying the code without a use of their
 * own are closed, so none of them can be paid with it.
 */
async function settleCodeUse(ctx: JobContext, clients: OrderClients, order: Order): Promise<void> {
  if (!order.discountCode) return;
  const settled = await settleDiscountUse(ctx.store, order.id, (order.amounts?.discount ?? 0) > 0);
  if (settled?.usedUp)
    await closeOpenCheckoutsWithCode(ctx.store, ctx.orders, clients.stripe, settled.code, { keepHeld: true });
}

export async function processCheckoutEvent(job: Job, ctx: JobContext, clients: OrderClients): Promise<CheckoutOutcome> {
  const data = orderJobDataSchema.parse(job.data);
  const session = await retrieveSession(clients.stripe, data.sessionId);
  // The event's own ids are never trusted (docs/rules.md#only-what-can-ship-is-sold): only the order holding this session.
  const orderId = await ctx.orders.orderIdOfSession(session.id, session.metadata?.orderId);
  if (!orderId) {
    if (data.orderId)
      ctx.logger.warn(
        { sessionId: session.id, stripeEvent: data.eventId, claimedOrderId: data.orderId },
        'event refused',
      );
    return { outcome: 'not-ours', sessionId: session.id };
  }
  const log = ctx.logger.child({ orderId, sessionId: session.id, stripeEvent: data.eventId });

  if (isPaid(session)) {
    const paid = await ctx.orders.markOrderPaid(
      orderId,
      { sessionId: session.id, metadata: session.metadata ?? {} },
      await paidCheckoutOf(clients.stripe, session),
    );
    if (!paid) return { outcome: 'not-ours', sessionId: session.id };
    log.info({ step: 'markOrderPaid', changed: paid.changed }, 'order paid');
    await settleCodeUse(ctx, clients, paid.order);
    // docs/recovery.md: paid from a cart the abandoned-checkout e-mail rebuilt.
    await noteRecoveredOrder(ctx, paid.order);
    const cart = await ctx.orders.clearPurchasedCart(orderId);
    log.info({ step: 'clearCart', cart }, 'cart cleared');
    // The address is checked before the confirmation is queued: the e-mail is written from the
    // order as it is then, so a held order is announced as on hold, never as being printed.
    const mismatch = paid.order.fulfilment.status === 'none' ? addressMismatch(session, paid.order) : null;
    if (mismatch) {
      const held = await holdForAddress(ctx, paid.order, session.id, mismatch);
      log.warn({ step: 'checkShippingAddress', reason: mismatch }, 'order held: paid outside its shipping quote');
      await enqueueConfirmationEmail(ctx, held);
      return { outcome: 'held', orderId, reason: mismatch };
    }
    if (paid.order.fulfilment.status === FULFILMENT_HELD_FOR_ADDRESS) {
      await enqueueConfirmationEmail(ctx, paid.order);
      return { outcome: 'held', orderId, reason: paid.order.fulfilment.reason ?? '' };
    }
    const graced = await startGracePeriod(ctx, paid.order);
    await enqueueConfirmationEmail(ctx, graced);
    log.info({ step: 'enqueueConfirmationEmail', holdUntil: graced.hold?.until ?? null }, 'confirmation queued');
    const fulfilled = await createPrintfulOrder(ctx, clients.printful, graced);
    log.info(
      {
        step: 'createPrintfulOrder',
        printfulOrderId: fulfilled.fulfilment.orderId,
        status: fulfilled.fulfilment.status,
      },
      'printful order',
    );
    return {
      outcome: 'fulfilled',
      orderId,
      paidNow: paid.changed,
      printfulOrderId: Number(fulfilled.fulfilment.orderId),
      printfulStatus: fulfilled.fulfilment.status,
    };
  }

  const closing = session.status === 'expired' ? 'expired' : job.name === JOBS.orders.checkoutFailed ? 'failed' : null;
  if (!closing) return { outcome: 'awaiting-payment', orderId };
  const closed = await ctx.orders.closeOrder(orderId, session.id, closing);
  // The session can no longer be paid: the use of a limited code it held is free again.
  if (closed?.order.status === closing) await releaseDiscountUse(ctx.store, orderId);
  log.info({ step: closing, changed: closed?.changed ?? false }, 'order closed');
  // docs/recovery.md: one reminder, later, if the shopper agreed on the payment page.
  if (closing === 'expired' && closed?.order.status === 'expired') {
    const recovery = await scheduleRecovery(ctx, session, closed.order);
    log.info({ step: 'scheduleRecovery', ...recovery }, 'abandoned checkout');
  }
  return { outcome: closing, orderId, changed: closed?.changed ?? false };
}
