import { JOBS } from '@shop/shared/server/queues';
import { checkoutRecoveryJobId } from '@shop/shared/constants';
import { ORDER_JOB_OPTIONS } from '@shop/shared/domain/order';
import type { CheckoutRecoveryJobData, Order } from '@shop/shared/schemas';
import { isOptedOut, markRecoveredOrder, openRecovery } from '@shop/shared/server/recovery';
import type { Stripe } from '@shop/shared/providers/stripe';
import type { JobContext } from '../../job-module.js';

// Abandoned checkouts (docs/recovery.md). When Stripe reports a checkout expired, the session as
// re-read from Stripe (never the event's copy) says whether the shopper agreed to hear from the
// shop; with `opt_in`, an address and no unsubscribe, one delayed job is queued with an id of the
// order, so a repeated event or a second worker adds nothing. This is the orders side: the e-mail
// job itself, which checks everything again before sending, is notifications/recovery-email.ts.

export type RecoveryScheduled =
  { scheduled: true; jobId: string; delayMs: number } | { scheduled: false; reason: string };

export async function scheduleRecovery(
  ctx: JobContext,
  session: Stripe.Checkout.Session,
  order: Order,
): Promise<RecoveryScheduled> {
  if (session.status !== 'expired') return { scheduled: false, reason: 'the session is not expired' };
  if (session.consent?.promotions !== 'opt_in') return { scheduled: false, reason: 'no consent to write' };
  const email = session.customer_details?.email ?? order.customerEmail ?? session.customer_email ?? null;
  if (!email) return { scheduled: false, reason: 'no e-mail address' };
  if (await isOptedOut(ctx.store, email)) return { scheduled: false, reason: 'the address unsubscribed' };
  const delayMs = Math.round(ctx.config.RECOVERY_DELAY_MINUTES * 60_000);
  await openRecovery(ctx.store, {
    orderId: order.id,
    email,
    cart: { collection: order.cart.collection, id: order.cart.id },
    sessionId: session.id,
    sendAfter: new Date(Date.now() + delayMs).toISOString(),
  });
  const jobId = checkoutRecoveryJobId(order.id);
  const data: CheckoutRecoveryJobData = { orderId: order.id };
  // The same id however often this runs: BullMQ keeps one job per id.
  await ctx.queues.notifications.add(JOBS.notifications.checkoutRecovery, data, {
    ...ORDER_JOB_OPTIONS,
    jobId,
    delay: delayMs,
  });
  return { scheduled: true, jobId, delayMs };
}

/** A paid order from a cart the e-mail's link rebuilt is a recovered order (the sales report's figure). */
export async function noteRecoveredOrder(ctx: JobContext, order: Order): Promise<string | null> {
  return markRecoveredOrder(ctx.store, order);
}
