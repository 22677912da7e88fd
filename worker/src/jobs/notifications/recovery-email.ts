import type { Job } from 'bullmq';
import { RECOVERY_RESTORE_PATH, UNSUBSCRIBE_PATH, checkoutRecoveryJobId } from '@shop/shared/constants';
import { variantLabel } from '@shop/shared/domain/order';
import { absoluteUrl } from '@shop/shared/pages';
import { checkoutRecoveryJobDataSchema, type Order } from '@shop/shared/schemas';
import {
  claimRecoverySend,
  isOptedOut,
  newRecoveryToken,
  readRecovery,
  releaseRecoverySend,
  skipRecovery,
} from '@shop/shared/server/recovery';
import type { JobContext } from '../../job-module.js';
import type { Email, Mailer } from './mail-transport.js';
import { BRAND, brandedFrame, buttonHtml, pictureUrl } from './branded-layout.js';
import { EMAIL_COLOURS, escapeHtml, money } from './email-layout.js';

// The abandoned-checkout e-mail (docs/recovery.md): the cart's lines as they were at checkout,
// each with its picture, name, size and colour, quantity and price; one button that rebuilds the
// cart on the shop's own page; and the one-click unsubscribe of RFC 8058 in the headers and the
// footer. It goes out once, only to a shopper who agreed on the payment page (the job is queued by
// orders/checkout-recovery.ts). When it runs, everything is checked again: the e-mail goes out only
// if the checkout is still the cart's latest and unpaid, the address has not unsubscribed, and no
// e-mail was sent for it yet (claimed in the store before sending).

export interface RecoveryLinks {
  restoreUrl: string;
  /** The unsubscribe page (GET) and one-click target (POST): the same address. */
  unsubscribeUrl: string;
  /** Where a mail client's mailto unsubscribe goes (the studio's inbox). */
  unsubscribeMailto: string;
  origin: string | null;
}

export const RECOVERY_SUBJECT = 'Your cart is waiting for you';
export const RECOVERY_BUTTON = 'Back to my cart';

const CELL = 'padding:8px 0;border-bottom:1px solid #e6e1d8;font-size:14px;vertical-align:top';

function linesHtml(order: Order, origin: string | null): string {
  const rows = order.items
    .map((item) => {
      const picture = pictureUrl(item.imageUrl, origin, 72);
      const variant = variantLabel(item);
      return `<tr>
<td style="${CELL}">${picture ? `<img src="${escapeHtml(picture)}" alt="${escapeHtml(item.name)}" width="72" height="72" style="float:left;width:72px;height:72px;margin:0 12px 0 0;border-radius:6px;object-fit:cover">` : ''}<strong>${escapeHtml(item.name)}</strong>${variant ? `<br><span style="color:#6b6459;font-size:13px">${escapeHtml(variant)}</span>` : ''}</td>
<td style="${CELL};text-align:right;white-space:nowrap">${item.quantity} &times; ${escapeHtml(money(item.unitPrice, order.currency))}</td>
</tr>`;
    })
    .join('\n');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0">
<tbody>
${rows}
</tbody></table>`;
}

export function recoveryEmail(order: Order, links: RecoveryLinks): Omit<Email, 'to'> {
  const intro = 'You reached the payment page but did not finish. Your cart is kept for you:';
  const prices = 'Prices and availability are checked again when you come back.';
  const why = `You get this one reminder because you agreed on the payment page to hear from ${BRAND}.`;
  const text = [
    RECOVERY_SUBJECT,
    '',
    intro,
    ...order.items.map((i) => {
      const variant = variantLabel(i);
      return `- ${i.name}${variant ? ` (${variant})` : ''}: ${i.quantity} x ${money(i.unitPrice, order.currency)}`;
    }),
    '',
    prices,
    `${RECOVERY_BUTTON}: ${links.restoreUrl}`,
    '',
    why,
    `Unsubscribe: ${links.unsubscribeUrl}`,
  ].join('\n');
  const html = brandedFrame({
    title: RECOVERY_SUBJECT,
    headerNote: 'Your cart',
    origin: links.origin,
    bodyHtml: `<h1 style="font-size:22px;margin:0 0 12px 0">${escapeHtml(RECOVERY_SUBJECT)}</h1>
<p style="margin:0 0 12px 0">${escapeHtml(intro)}</p>
${linesHtml(order, links.origin)}
<p style="margin:0 0 12px 0;color:#4a443c">${escapeHtml(prices)}</p>
${buttonHtml(links.restoreUrl, RECOVERY_BUTTON)}`,
    footerHtml: `${escapeHtml(why)} <a href="${escapeHtml(links.unsubscribeUrl)}" style="color:${EMAIL_COLOURS.brand}">Unsubscribe</a>`,
  });
  return {
    subject: RECOVERY_SUBJECT,
    text,
    html,
    headers: {
      // RFC 2369 and RFC 8058: mail clients offer the one-click unsubscribe, POSTed to the https address.
      'List-Unsubscribe': `<${links.unsubscribeUrl}>, <${links.unsubscribeMailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
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

export async function sendRecoveryEmail(job: Job, ctx: JobContext, mailer: Mailer): Promise<RecoveryOutcome> {
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
