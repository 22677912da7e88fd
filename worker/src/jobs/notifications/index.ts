import { UnrecoverableError, type Job } from 'bullmq';
import {
  orderAlertJobDataSchema,
  orderNotificationJobDataSchema,
  quoteJobDataSchema,
  quoteReplyJobDataSchema,
  teamOrderReminderJobDataSchema,
  teamOrderShippedJobDataSchema,
  type Order,
} from '@shop/shared/schemas';
import { COLLECTIONS, getDoc } from '@shop/shared/server/collections';
import type { Config } from '@shop/shared/server/config';
import { JOBS, QUEUES } from '@shop/shared/server/queues';
import { absoluteUrl, ACCOUNT_PATH, orderStatusPath } from '@shop/shared/pages';
import { secondChanceOf } from '@shop/shared/domain/order';
import type { JobContext, JobModule } from '../../job-module.js';
import { createMailer, type Delivered, type Mailer } from './mail-transport.js';
import { orderConfirmationEmail, orderShippedEmail } from './order-emails.js';
import { shopperAlertEmail, studioAlertEmail } from './order-alert-emails.js';
import { quoteReceivedEmail, quoteReplyEmail } from './quote-email.js';
import { teamMemberShippedEmail, teamOrderReminderEmail } from './team-order-email.js';
import { sendWelcomeEmail } from './welcome-email.js';
import { sendPasswordResetEmail } from './password-reset-email.js';
import { teamOrderState } from '@shop/shared/domain/team-order';
import { studioTimeZone } from '@shop/shared/domain/time';
import { sendRecoveryEmail } from './recovery-email.js';
import { sendOrderCodeEmail } from './order-code-email.js';

// The `notifications` queue (docs/contracts.md#queues-and-events): the shopper's order e-mails and the studio's
// quote announcements. Each job names a document; the e-mail is built from it as it is now (the
// password-reset job names an address, and its link is made when it runs).

export type NotificationOutcome = (Delivered & { sent: true; to: string }) | { sent: false; reason: string };

const mailers = new WeakMap<Config, Mailer>();
function mailerFor(config: Config): Mailer {
  let mailer = mailers.get(config);
  if (!mailer) {
    mailer = createMailer(config);
    mailers.set(config, mailer);
  }
  return mailer;
}

async function orderToWriteAbout(ctx: JobContext, orderId: string): Promise<Order> {
  const order = await ctx.orders.readOrder(orderId);
  if (!order) throw new UnrecoverableError(`No order ${orderId} to write about`);
  return order;
}

const siteUrl = (config: Config, path: string) => absoluteUrl(config.PUBLIC_URL, path);

/**
 * Where a shopper's e-mail leads: a signed-in shopper's account lists the order; a guest has no
 * account, so the lookup page with the order's number filled in (they type the e-mail). An old
 * order without a number cannot be looked up: its confirmation page, by payment session.
 */
function shopperOrderUrl(config: Config, order: Order): string {
  // While the order can still be changed or cancelled, the link opens it at once, account or not
  // (docs/after-payment.md#changing-an-order-within-the-grace-period): its number and key. A guest
  // keeps the key after that (their confirmation e-mail already holds it): a cancelled or shipped
  // order opens from its e-mail without typing the address.
  const changeable = Boolean(secondChanceOf(order)?.changeableUntil);
  if (order.number && order.accessKey && (changeable || order.owner.kind !== 'user'))
    return siteUrl(config, orderStatusPath(order.number, order.accessKey));
  if (order.owner.kind === 'user') return siteUrl(config, ACCOUNT_PATH);
  if (order.number) return siteUrl(config, orderStatusPath(order.number));
  return siteUrl(config, `/store/order-success?session_id=${encodeURIComponent(order.sessionId)}`);
}

/**
 * The change e-mail's way back (docs/after-payment.md#who-may-change-an-order): while the order
 * can still change and its latest change was of the address, the order's link with `undo=<n>`,
 * whose page puts the address before change n back.
 */
function undoUrl(config: Config, order: Order): string | null {
  const changes = order.changes ?? [];
  if (!order.number || !order.accessKey || changes.at(-1)?.kind !== 'address') return null;
  if (!secondChanceOf(order)?.changeableUntil) return null;
  return siteUrl(config, `${orderStatusPath(order.number, order.accessKey)}&undo=${changes.length}`);
}

async function orderEmail(
  job: Job,
  ctx: JobContext,
  build: typeof orderConfirmationEmail,
): Promise<NotificationOutcome> {
  const { orderId } = orderNotificationJobDataSchema.parse(job.data);
  const order = await orderToWriteAbout(ctx, orderId);
  if (!order.customerEmail) return { sent: false, reason: 'the order has no e-mail address' };
  const links = { url: shopperOrderUrl(ctx.config, order), supportEmail: ctx.config.STUDIO_EMAIL };
  const delivered = await mailerFor(ctx.config).send(
    { to: order.customerEmail, ...build(order, links) },
    job.id ?? `${job.name}-${orderId}`,
  );
  return { sent: true, to: order.customerEmail, ...delivered };
}

async function quoteEmail(job: Job, ctx: JobContext): Promise<NotificationOutcome> {
  const { quoteId } = quoteJobDataSchema.parse(job.data);
  const quote = await getDoc(ctx.store, COLLECTIONS.quotes, quoteId);
  if (!quote) throw new UnrecoverableError(`No quote ${quoteId} to announce`);
  // The studio's inbox (docs/rules.md#the-back-office): MAIL_FROM is only the sender, often a no-reply address.
  const to = ctx.config.STUDIO_EMAIL;
  const delivered = await mailerFor(ctx.config).send(
    {
      to,
      ...quoteReceivedEmail(quoteId, quote, {
        adminUrl: siteUrl(ctx.config, `/admin/quotes/${encodeURIComponent(quoteId)}`),
        timeZone: studioTimeZone(ctx.config),
        supportEmail: ctx.config.STUDIO_EMAIL,
      }),
    },
    job.id ?? `quote-${quoteId}`,
  );
  return { sent: true, to, ...delivered };
}

/** The studio's reply from the admin, to the visitor who asked for the quote. */
async function quoteReply(job: Job, ctx: JobContext): Promise<NotificationOutcome> {
  const { quoteId, replyId } = quoteReplyJobDataSchema.parse(job.data);
  const quote = await getDoc(ctx.store, COLLECTIONS.quotes, quoteId);
  const reply = quote?.replies?.find((r) => r.id === replyId);
  // The API takes a reply back when its job could not be queued; a job left behind sends nothing.
  if (!quote || !reply) return { sent: false, reason: 'the reply is no longer on the quote' };
  const delivered = await mailerFor(ctx.config).send(
    {
      to: quote.email,
      ...quoteReplyEmail(quoteId, quote, reply, {
        timeZone: studioTimeZone(ctx.config),
        studioEmail: ctx.config.STUDIO_EMAIL,
      }),
    },
    job.id ?? `quote-reply-${replyId}`,
  );
  return { sent: true, to: quote.email, ...delivered };
}

/** A refund or problem e-mail: to the shopper, or to the studio (STUDIO_EMAIL). */
async function alertEmail(job: Job, ctx: JobContext, audience: 'shopper' | 'studio'): Promise<NotificationOutcome> {
  const alert = orderAlertJobDataSchema.parse(job.data);
  const order = await orderToWriteAbout(ctx, alert.orderId);
  const to = audience === 'studio' ? ctx.config.STUDIO_EMAIL : order.customerEmail;
  if (!to) return { sent: false, reason: 'the order has no e-mail address' };
  const links = {
    supportEmail: ctx.config.STUDIO_EMAIL,
    url:
      audience === 'studio'
        ? siteUrl(ctx.config, `/admin/orders/${encodeURIComponent(order.id)}`)
        : shopperOrderUrl(ctx.config, order),
  };
  const email =
    audience === 'studio'
      ? studioAlertEmail(order, alert, links)
      : shopperAlertEmail(order, alert, { ...links, undoUrl: undoUrl(ctx.config, order) });
  const delivered = await mailerFor(ctx.config).send({ to, ...email }, job.id ?? `${job.name}-${alert.orderId}`);
  return { sent: true, to, ...delivered };
}

/** The lead's reminder a day before closing; nothing once the order is closed, paid or gone. */
async function teamOrderReminder(job: Job, ctx: JobContext): Promise<NotificationOutcome> {
  const { teamOrderId } = teamOrderReminderJobDataSchema.parse(job.data);
  const doc = await ctx.teamOrders.readTeamOrder(teamOrderId);
  if (!doc) return { sent: false, reason: 'the team order is gone' };
  if (teamOrderState(doc, new Date()) !== 'open') return { sent: false, reason: 'the team order is closed' };
  if (!doc.leadEmail) return { sent: false, reason: 'the lead has no e-mail address' };
  const email = teamOrderReminderEmail(doc, {
    leadUrl: siteUrl(ctx.config, `/store/team/lead/${encodeURIComponent(teamOrderId)}`),
    origin: new URL(ctx.config.PUBLIC_URL).origin,
  });
  const delivered = await mailerFor(ctx.config).send({ to: doc.leadEmail, ...email }, job.id ?? job.name);
  return { sent: true, to: doc.leadEmail, ...delivered };
}

/**
 * One member's note that the team order shipped, to the address they gave. Read as the team order
 * is now: a member who withdrew, was removed or took their address back gets nothing.
 */
async function teamOrderShipped(job: Job, ctx: JobContext): Promise<NotificationOutcome> {
  const { teamOrderId, memberId } = teamOrderShippedJobDataSchema.parse(job.data);
  const doc = await ctx.teamOrders.readTeamOrder(teamOrderId);
  if (!doc) return { sent: false, reason: 'the team order is gone' };
  const member = doc.members.find((m) => m.id === memberId);
  if (!member) return { sent: false, reason: 'the member is no longer in the team order' };
  if (!member.email) return { sent: false, reason: 'the member gave no e-mail address' };
  const email = teamMemberShippedEmail(doc, member, {
    origin: new URL(ctx.config.PUBLIC_URL).origin,
    supportEmail: ctx.config.STUDIO_EMAIL,
  });
  const delivered = await mailerFor(ctx.config).send({ to: member.email, ...email }, job.id ?? job.name);
  return { sent: true, to: member.email, ...delivered };
}

export const jobModule: JobModule = {
  queue: QUEUES.notifications,
  concurrency: 2,
  async process(job, ctx) {
    switch (job.name) {
      case JOBS.notifications.orderConfirmation:
        return orderEmail(job, ctx, orderConfirmationEmail);
      case JOBS.notifications.orderShipped:
        return orderEmail(job, ctx, orderShippedEmail);
      case JOBS.notifications.quoteReceived:
        return quoteEmail(job, ctx);
      case JOBS.notifications.quoteReply:
        return quoteReply(job, ctx);
      case JOBS.notifications.teamOrderReminder:
        return teamOrderReminder(job, ctx);
      case JOBS.notifications.teamOrderShipped:
        return teamOrderShipped(job, ctx);
      case JOBS.notifications.passwordReset:
        return sendPasswordResetEmail(job, ctx.config, mailerFor(ctx.config));
      case JOBS.notifications.welcome:
        return sendWelcomeEmail(job, ctx.config, mailerFor(ctx.config));
      case JOBS.notifications.orderAccessCode:
        return sendOrderCodeEmail(job, ctx, mailerFor(ctx.config));
      case JOBS.notifications.checkoutRecovery:
        return sendRecoveryEmail(job, ctx, mailerFor(ctx.config));
      case JOBS.notifications.orderAlert.shopper:
        return alertEmail(job, ctx, 'shopper');
      case JOBS.notifications.orderAlert.studio:
        return alertEmail(job, ctx, 'studio');
      default:
        throw new UnrecoverableError(`Unknown notifications job "${job.name}"`);
    }
  },
};
