import { refundedAmount } from '@shop/shared/domain/order';
import { SITE } from '@shop/shared/pages';
import type { Order } from '@shop/shared/schemas';
import { escapeHtml, usd } from './email-layout.js';

// The frame of the after-payment e-mails: the studio's name on top, the order's short number, its
// items with unit prices and the amounts charged, and a support contact at the bottom. Built
// from tables with inline styles and a 600 px column, which is what mail clients render
// reliably. Every value is escaped here; callers pass plain text.

export interface OrderFigures {
  subtotal: number;
  /** Taken off by a discount code (DESIGN.md 13.2). */
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
  if (order.amounts) return order.amounts;
  const subtotal = Math.round(order.items.reduce((s, i) => s + i.unitPrice * i.quantity, 0) * 100) / 100;
  return {
    subtotal,
    shipping: Math.max(0, Math.round((order.totalPrice - subtotal) * 100) / 100),
    tax: 0,
    total: order.totalPrice,
  };
}

export function summaryText(order: Order): string[] {
  const f = figuresOf(order);
  const refunded = refundedAmount(order.refunds);
  return [
    `Order ${orderNumberOf(order)}`,
    ...order.items.map(
      (i) =>
        `- ${i.name}${i.variantName ? ` (${i.variantName})` : ''}: ${i.quantity} x ${usd(i.unitPrice)} = ${usd(i.unitPrice * i.quantity)}`,
    ),
    `Subtotal: ${usd(f.subtotal)}`,
    ...(f.discount ? [`Discount${order.discountCode ? ` (${order.discountCode})` : ''}: -${usd(f.discount)}`] : []),
    `Shipping: ${usd(f.shipping)}`,
    `Tax: ${usd(f.tax)}`,
    `Total: ${usd(f.total)}`,
    ...(refunded > 0 ? [`Refunded: ${usd(refunded)}`] : []),
  ];
}

const CELL = 'padding:8px 0;border-bottom:1px solid #e6e1d8;font-size:14px;vertical-align:top';

export function summaryHtml(order: Order): string {
  const f = figuresOf(order);
  const refunded = refundedAmount(order.refunds);
  const rows = order.items
    .map(
      (i) => `<tr>
<td style="${CELL}">${escapeHtml(i.name)}${i.variantName ? `<br><span style="color:#6b6459;font-size:13px">${escapeHtml(i.variantName)}</span>` : ''}</td>
<td style="${CELL};text-align:center;white-space:nowrap">${i.quantity} &times; ${escapeHtml(usd(i.unitPrice))}</td>
<td style="${CELL};text-align:right;white-space:nowrap">${escapeHtml(usd(i.unitPrice * i.quantity))}</td>
</tr>`,
    )
    .join('\n');
  const line = (label: string, amount: string, strong = false) =>
    `<tr><td colspan="2" style="padding:4px 0;font-size:14px;text-align:right;${strong ? 'font-weight:700' : 'color:#4a443c'}">${label}</td>
<td style="padding:4px 0 4px 16px;font-size:14px;text-align:right;white-space:nowrap;${strong ? 'font-weight:700' : ''}">${escapeHtml(amount)}</td></tr>`;
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0">
<thead><tr>
<th align="left" style="${CELL};font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:#6b6459">Item</th>
<th style="${CELL};font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:#6b6459">Qty &times; price</th>
<th align="right" style="${CELL};font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:#6b6459">Amount</th>
</tr></thead>
<tbody>
${rows}
${line('Subtotal', usd(f.subtotal))}
${f.discount ? line(escapeHtml(`Discount${order.discountCode ? ` (${order.discountCode})` : ''}`), `-${usd(f.discount)}`) : ''}
${line('Shipping', usd(f.shipping))}
${line('Tax', usd(f.tax))}
${line('Total', usd(f.total), true)}
${refunded > 0 ? line('Refunded', `-${usd(refunded)}`, true) : ''}
</tbody></table>`;
}

/** `bodyHtml` is already escaped HTML (built with escapeHtml). */
export function brandedHtml(options: {
  title: string;
  orderNumber: string;
  bodyHtml: string;
  supportEmail: string;
}): string {
  const { title, orderNumber, bodyHtml, supportEmail } = options;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f1ea">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1ea"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px;border-collapse:separate;font-family:Helvetica,Arial,sans-serif;color:#2b2620">
<tr><td style="background:#2f4a3a;color:#ffffff;padding:20px 32px;border-radius:8px 8px 0 0">
<span style="font-size:20px;font-weight:700;letter-spacing:.02em">${escapeHtml(SITE.name)}</span>
<span style="float:right;font-size:14px;line-height:28px;opacity:.85">Order ${escapeHtml(orderNumber)}</span>
</td></tr>
<tr><td style="padding:28px 32px 8px 32px;font-size:15px;line-height:1.55">
${bodyHtml}
</td></tr>
<tr><td style="padding:16px 32px 28px 32px;border-top:1px solid #e6e1d8;font-size:13px;color:#6b6459;line-height:1.5">
Questions? Write to <a href="mailto:${escapeHtml(supportEmail)}" style="color:#2f4a3a">${escapeHtml(supportEmail)}</a> and mention order ${escapeHtml(orderNumber)}.<br>
${escapeHtml(SITE.name)}
</td></tr>
</table>
</td></tr></table>
</body></html>`;
}
