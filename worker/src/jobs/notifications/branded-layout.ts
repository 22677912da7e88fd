import { refundedAmount, variantLabel } from '@shop/shared/domain/order';
import { SITE } from '@shop/shared/pages';
import { CURRENCIES } from '@shop/shared/domain/currency';
import type { Order } from '@shop/shared/schemas';
import { parsePictureUrl, pictureJpegUrl } from '@shop/shared/pictures';
import { EMAIL_COLOURS, escapeHtml, money, oneLine } from './email-layout.js';
import { countryName } from '@shop/shared/domain/address';

// The one frame of every e-mail to a shopper (confirmation, shipping, refund, problems): the
// studio's name on top, the order's short number, its items with unit prices and the amounts
// charged, the shipping address, a button to the order, and a support contact at the bottom.
// Built from tables with inline styles and a 600 px column, which is what mail clients render
// reliably. Every value is escaped here; callers pass plain text.

/** The brand every shopper e-mail signs with: the site's own name (shared/src/pages/site.ts). */
export const BRAND = SITE.name;

export interface OrderFigures {
  subtotal: number;
  /** A discount code's amount off, once the order carries one. */
  discount?: number;
  shipping: number;
  tax: number;
  total: number;
}

/** The short number shoppers see; older orders without one show the start of their id. */
export const orderNumberOf = (order: Pick<Order, 'number' | 'id'>) =>
  order.number ?? order.id.slice(0, 12).toUpperCase();

/** What Stripe charged when recorded; before that, the items and the order total. */
export function figuresOf(order: Order): OrderFigures {
  const amounts = order.amounts as (NonNullable<Order['amounts']> & { discount?: unknown }) | null | undefined;
  if (amounts) {
    const { subtotal, shipping, tax, total } = amounts;
    const discount = typeof amounts.discount === 'number' && amounts.discount > 0 ? amounts.discount : undefined;
    return { subtotal, shipping, tax, total, ...(discount ? { discount } : {}) };
  }
  const subtotal = Math.round(order.items.reduce((s, i) => s + i.unitPrice * i.quantity, 0) * 100) / 100;
  return {
    subtotal,
    shipping: Math.max(0, Math.round((order.totalPrice - subtotal) * 100) / 100),
    tax: 0,
    total: order.totalPrice,
  };
}

/** The amount lines under the items, in the order a receipt reads. */
function amountLines(order: Order): Array<{ label: string; amount: string; strong?: boolean }> {
  const f = figuresOf(order);
  const refunded = refundedAmount(order.refunds);
  return [
    { label: 'Subtotal', amount: money(f.subtotal, order.currency) },
    ...(f.discount ? [{ label: 'Discount', amount: `-${money(f.discount, order.currency)}` }] : []),
    { label: 'Shipping', amount: money(f.shipping, order.currency) },
    // Tax inside the prices (EUR, GBP, AUD) is said to be included, not added (docs/rules.md#local-prices).
    {
      label: CURRENCIES[order.currency].taxInclusive ? `${CURRENCIES[order.currency].taxName} included` : 'Tax',
      amount: money(f.tax, order.currency),
    },
    { label: 'Total', amount: money(f.total, order.currency), strong: true },
    ...(refunded > 0 ? [{ label: 'Refunded', amount: `-${money(refunded, order.currency)}`, strong: true }] : []),
  ];
}

export function addressLines(order: Order): string[] {
  const s = order.shipping;
  if (!s) return [];
  return [
    s.name,
    s.address1,
    s.address2,
    [s.city, s.stateCode, s.zip].filter(Boolean).join(' '),
    s.countryCode && countryName(s.countryCode),
  ].filter((l): l is string => Boolean(l));
}

export function summaryText(order: Order): string[] {
  return [
    `Order ${orderNumberOf(order)}`,
    ...order.items.map((i) => {
      const variant = variantLabel(i);
      return `- ${i.name}${variant ? ` (${variant})` : ''}: ${i.quantity} x ${money(i.unitPrice, order.currency)} = ${money(i.unitPrice * i.quantity, order.currency)}`;
    }),
    ...amountLines(order).map((l) => `${l.label}: ${l.amount}`),
  ];
}

const CELL = 'padding:8px 0;border-bottom:1px solid #e6e1d8;font-size:14px;vertical-align:top';

/**
 * An item's picture as an absolute address (mail clients have no page to resolve a path against),
 * or null for an SVG, which mail clients do not show (Printful's mockups are PNG or JPEG). A
 * picture the store made is the JPEG width for `shownWidth` CSS pixels at twice the density: mail
 * clients negotiate no formats (docs/performance.md#product-pictures).
 */
export function pictureUrl(imageUrl: string | null | undefined, origin: string | null, shownWidth = 56): string | null {
  if (!imageUrl || /\.svg(\?|$)/i.test(imageUrl)) return null;
  const absolute = /^https?:\/\//.test(imageUrl)
    ? imageUrl
    : origin && imageUrl.startsWith('/')
      ? `${origin}${imageUrl}`
      : null;
  const picture = parsePictureUrl(absolute);
  return picture ? pictureJpegUrl(picture, shownWidth * 2) : absolute;
}

export function summaryHtml(order: Order, origin: string | null = null): string {
  const rows = order.items
    .map((i) => {
      const variant = variantLabel(i);
      const picture = pictureUrl(i.imageUrl, origin, 56);
      return `<tr>
<td style="${CELL}">${picture ? `<img src="${escapeHtml(picture)}" alt="${escapeHtml(i.name)}" width="56" height="56" style="float:left;width:56px;height:56px;margin:0 12px 0 0;border-radius:6px;object-fit:cover">` : ''}${escapeHtml(i.name)}${variant ? `<br><span style="color:#6b6459;font-size:13px">${escapeHtml(variant)}</span>` : ''}</td>
<td style="${CELL};text-align:center;white-space:nowrap">${i.quantity} &times; ${escapeHtml(money(i.unitPrice, order.currency))}</td>
<td style="${CELL};text-align:right;white-space:nowrap">${escapeHtml(money(i.unitPrice * i.quantity, order.currency))}</td>
</tr>`;
    })
    .join('\n');
  const line = ({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) =>
    `<tr><td colspan="2" style="padding:4px 0;font-size:14px;text-align:right;${strong ? 'font-weight:700' : 'color:#4a443c'}">${escapeHtml(label)}</td>
<td style="padding:4px 0 4px 16px;font-size:14px;text-align:right;white-space:nowrap;${strong ? 'font-weight:700' : ''}">${escapeHtml(amount)}</td></tr>`;
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0">
<thead><tr>
<th align="left" style="${CELL};font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:#6b6459">Item</th>
<th style="${CELL};font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:#6b6459">Qty &times; price</th>
<th align="right" style="${CELL};font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:#6b6459">Amount</th>
</tr></thead>
<tbody>
${rows}
${amountLines(order).map(line).join('\n')}
</tbody></table>`;
}

export function addressHtml(order: Order): string {
  const lines = addressLines(order);
  return lines.length
    ? `<p style="margin:0 0 12px 0"><strong>Shipping to</strong><br>${lines.map(escapeHtml).join('<br>')}</p>`
    : '';
}

/** The call to action of an e-mail: a button that reads well without images or CSS support. */
export function buttonHtml(url: string, label: string): string {
  return `<p style="margin:16px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:${EMAIL_COLOURS.brand};color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:700">${escapeHtml(label)}</a></p>`;
}

/** The scheme and host of an absolute link, or null. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The frame every e-mail of the shop shares, to shoppers and to the studio alike: the brand (with
 * the shop's logo when its address is known) on top with a short note on the right (an order's
 * number, a quote's reference), the body, and a footer. `bodyHtml` and `footerHtml` are already
 * escaped HTML (built with escapeHtml).
 */
export function brandedFrame(options: {
  title: string;
  headerNote: string;
  bodyHtml: string;
  footerHtml: string;
  /** The shop's address (https://host): the logo is shown from there. */
  origin?: string | null;
}): string {
  const { title, headerNote, bodyHtml, footerHtml, origin = null } = options;
  const logo = origin
    ? `<img src="${escapeHtml(`${origin}${SITE.emailLogo}`)}" alt="" width="28" height="28" style="width:28px;height:28px;vertical-align:middle;margin-right:10px;border-radius:6px">`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f1ea">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1ea"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px;border-collapse:separate;font-family:Helvetica,Arial,sans-serif;color:#2b2620">
<tr><td style="background:${EMAIL_COLOURS.brand};color:#ffffff;padding:20px 32px;border-radius:8px 8px 0 0">
${logo}<span style="font-size:20px;font-weight:700;letter-spacing:.02em;vertical-align:middle">${escapeHtml(BRAND)}</span>
<span style="float:right;font-size:14px;line-height:28px;opacity:.85">${escapeHtml(headerNote)}</span>
</td></tr>
<tr><td style="padding:28px 32px 8px 32px;font-size:15px;line-height:1.55">
${bodyHtml}
</td></tr>
<tr><td style="padding:16px 32px 28px 32px;border-top:1px solid #e6e1d8;font-size:13px;color:#6b6459;line-height:1.5">
${footerHtml}<br>
${escapeHtml(BRAND)}
</td></tr>
</table>
</td></tr></table>
</body></html>`;
}

/** `bodyHtml` is already escaped HTML (built with escapeHtml). */
export function brandedHtml(options: {
  title: string;
  orderNumber: string;
  bodyHtml: string;
  supportEmail: string;
  /** The shop's address (https://host): the logo is shown from there. */
  origin?: string | null;
  /** An alert to the studio's own inbox. */
  forStudio?: boolean;
}): string {
  const { title, orderNumber, bodyHtml, supportEmail, origin = null, forStudio = false } = options;
  return brandedFrame({
    title,
    headerNote: `Order ${orderNumber}`,
    bodyHtml,
    origin,
    footerHtml: forStudio
      ? escapeHtml(studioFooter(orderNumber))
      : `Questions? Write to <a href="mailto:${escapeHtml(supportEmail)}" style="color:${EMAIL_COLOURS.brand}">${escapeHtml(supportEmail)}</a> and mention order ${escapeHtml(orderNumber)}.`,
  });
}

/** A studio alert goes to the studio's own inbox: its footer says what it is, not "write to" the studio. */
const studioFooter = (orderNumber: string) =>
  `An alert from the store to the studio about order ${orderNumber}; the customer does not see it.`;

/** The plain-text frame around the same content. */
export function brandedText(lines: string[], supportEmail: string, orderNumber: string, forStudio = false): string {
  const footer = forStudio
    ? studioFooter(orderNumber)
    : `Questions? Write to ${supportEmail} and mention order ${orderNumber}.`;
  return [...lines, '', footer, BRAND].join('\n');
}

/** What an order e-mail says: its subject, heading, paragraphs and any extra block before the summary. */
export interface OrderEmailWords {
  subject: string;
  heading: string;
  paragraphs: string[];
  extraText?: string[];
  extraHtml?: string;
}

/**
 * One order e-mail in the branded layout, text and HTML alike: the words, the amounts, the
 * address and one button to the order. The shopper's e-mails and the order alerts both use it.
 */
export function brandedOrderEmail(
  order: Order,
  words: OrderEmailWords,
  link: { url: string; label: string; supportEmail: string; forStudio?: boolean },
): { subject: string; text: string; html: string } {
  const number = orderNumberOf(order);
  const subject = oneLine(words.subject);
  const address = addressLines(order);
  const text = brandedText(
    [
      words.heading,
      '',
      ...words.paragraphs.flatMap((p) => [p, '']),
      ...(words.extraText?.length ? [...words.extraText, ''] : []),
      ...summaryText(order),
      '',
      ...(address.length ? ['Shipping to:', ...address, ''] : []),
      `${link.label}: ${link.url}`,
    ],
    link.supportEmail,
    number,
    link.forStudio,
  );
  const origin = originOf(link.url);
  const html = brandedHtml({
    origin,
    title: subject,
    orderNumber: number,
    supportEmail: link.supportEmail,
    forStudio: link.forStudio,
    bodyHtml: `<h1 style="font-size:22px;margin:0 0 12px 0">${escapeHtml(words.heading)}</h1>
${words.paragraphs.map((p) => `<p style="margin:0 0 12px 0">${escapeHtml(p)}</p>`).join('\n')}
${words.extraHtml ?? ''}
${summaryHtml(order, origin)}
${addressHtml(order)}
${buttonHtml(link.url, link.label)}`,
  });
  return { subject, text, html };
}
