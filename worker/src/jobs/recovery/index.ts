import type { Job } from 'bullmq';
import {
  CHECKOUT_RECOVERY_JOB,
  RECOVERY_RESTORE_PATH,
  UNSUBSCRIBE_PATH,
  checkoutRecoveryJobId,
} from '@shop/shared/constants';
import { ORDER_JOB_OPTIONS } from '@shop/shared/domain/order';
import { absoluteUrl } from '@shop/shared/pages';
import { checkoutRecoveryJobDataSchema, type CheckoutRecoveryJobData, type Order } from '@shop/shared/schemas';
import {
  claimRecoverySend,
  isOptedOut,
  markRecoveredOrder,
  newRecoveryToken,
  openRecovery,
  readRecovery,
  releaseRecoverySend,
  skipRecovery,
} from '@shop/shared/server/recovery';
import type { Stripe } from '@shop/shared/providers/stripe';
import type { JobContext } from '../../job-module.js';
import type { Mailer } from '../notifications/mail-transport.js';
import { recoveryEmail } from './recovery-email.js';

// Abandoned checkouts (docs/recovery.md). When Stripe reports a checkout expired, the session as
// re-read from Stripe (never the event's copy) says whether the shopper agreed to hear from the
// shop; with `opt_in`, an address and no unsubscribe, one delayed job is queued with an id of the
// order, so a repeated event or a second worker adds nothing. When it runs, everything is checked
// again: the e-mail goes out only if the checkout is still the cart's latest and unpaid, the address
// has not unsubscribed, and no e-mail was sent for it yet (claimed in the store before sending).

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
  await ctx.queues.notifications.add(CHECKOUT_RECOVERY_JOB, data, { ...ORDER_JOB_OPTIONS, jobId, delay: delayMs });
  return { scheduled: true, jobId, delayMs };
}

/** A paid order from a cart the e-mail's link rebuilt is a recovered order (the sales report's figure). */
export async function noteRecoveredOrder(ctx: JobContext, order: Order): Promise<string | null> {
  return markRecoveredOrder(ctx.store, order);
}

export type RecoveryOutcome = { sent: true; to: string; file: string | null } | { sent: false; reason: string };

/** Why the checkout's e-mail must not go out now, or null. */
async function reasonToSkip(ctx: JobContext, order: Order | null, email: string): Promise<string | null> {
  if (!order) return 'the order is gone';
  if (order.status !== 'expired') return `the order is ${order.status}`;
  const later = (await ctx.orders.ordersOfCart(order.cart)).filter(
    (other) => other.id !== order.id && other.createdAt > order.createdAt,
  );
  if (later.some((other) => other.paidAt !== null)) return 'the cart was paid meanwhile';
  if (later.some((other) => other.status === 'pending')) return 'the shopper is checking out again';
  // Once per cart: a newer checkout of it, expired too, has its own reminder.
  if (later.length > 0) return 'a newer checkout of the cart replaced it';
  if (await isOptedOut(ctx.store, email)) return 'the address unsubscribed';
  return null;
}

export async function processCheckoutRecovery(job: Job, ctx: JobContext, mailer: Mailer): Promise<RecoveryOutcome> {
  const { orderId } = checkoutRecoveryJobDataSchema.parse(job.data);
  const recovery = await readRecovery(ctx.store, orderId);
  if (!recovery) return { sent: false, reason: 'no recovery for this order' };
  if (recovery.sentAt) return { sent: false, reason: 'already sent' };
  if (recovery.skipped) return { sent: false, reason: recovery.skipped };
  const order = await ctx.orders.readOrder(orderId);
  const skip = await reasonToSkip(ctx, order, recovery.email);
  if (skip || !order) {
    const reason = skip ?? 'the order is gone';
    await skipRecovery(ctx.store, orderId, reason);
    ctx.logger.info({ orderId, reason }, 'abandoned-checkout e-mail skipped');
    return { sent: false, reason };
  }
  const tokens = { restore: newRecoveryToken(), unsubscribe: newRecoveryToken() };
  const claimed = await claimRecoverySend(ctx.store, orderId, tokens);
  if (!claimed) return { sent: false, reason: 'already sent' };
  const origin = new URL(ctx.config.PUBLIC_URL).origin;
  const unsubscribeUrl = absoluteUrl(ctx.config.PUBLIC_URL, `${UNSUBSCRIBE_PATH}?token=${tokens.unsubscribe}`);
  const email = recoveryEmail(order, {
    restoreUrl: absoluteUrl(ctx.config.PUBLIC_URL, `${RECOVERY_RESTORE_PATH}/${tokens.restore}`),
    unsubscribeUrl,
    unsubscribeMailto: `mailto:${ctx.config.STUDIO_EMAIL}?subject=unsubscribe`,
    origin,
  });
  try {
    const delivered = await mailer.send({ to: recovery.email, ...email }, job.id ?? checkoutRecoveryJobId(orderId));
    ctx.logger.info({ orderId }, 'abandoned-checkout e-mail sent');
    return { sent: true, to: recovery.email, file: delivered.file };
  } catch (error) {
    // Not sent: the claim goes back, so the job's retry sends it.
    await releaseRecoverySend(ctx.store, orderId);
    throw error;
  }
}
