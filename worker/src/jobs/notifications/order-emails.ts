import type { Order } from '@shop/shared/schemas';
import type { Email } from './mail-transport.js';
import { escapeHtml, htmlLayout, htmlTable, oneLine, usd } from './email-layout.js';

// The shopper's e-mails about an order: confirmation once paid, notice once shipped.

type OrderEmail = Omit<Email, 'to'>;

function itemRows(order: Order): string[][] {
  return order.items.map((item) => [
    item.name,
    item.variantName ?? `${item.size} / ${item.color}`,
    String(item.quantity),
    usd(item.unitPrice * item.quantity),
  ]);
}

function addressLines(order: Order): string[] {
  const s = order.shipping;
  if (!s) return [];
  return [s.name, s.address1, s.address2, [s.city, s.stateCode, s.zip].filter(Boolean).join(' '), s.countryCode].filter(
    (l): l is string => Boolean(l),
  );
}

export function orderConfirmationEmail(order: Order, statusUrl: string): OrderEmail {
  const rows = itemRows(order);
  const address = addressLines(order);
  const subject = oneLine(`Your Studio Shop order ${order.id} is confirmed`);
  const text = [
    'Thank you for your order!',
    '',
    `Order: ${order.id}`,
    ...rows.map(([name, variant, qty, amount]) => `- ${name} (${variant}) x ${qty}: ${amount}`),
    `Total: ${usd(order.totalPrice)}`,
    '',
    ...(address.length ? ['Shipping to:', ...address, ''] : []),
    'We are printing your items now and will e-mail you when they ship.',
    `Order status: ${statusUrl}`,
  ].join('\n');
  const html = htmlLayout(
    subject,
    `<h1>Thank you for your order!</h1>
<p>Order <strong>${escapeHtml(order.id)}</strong></p>
${htmlTable(rows, ['Item', 'Variant', 'Qty', 'Amount'])}
<p><strong>Total: ${escapeHtml(usd(order.totalPrice))}</strong></p>
${address.length ? `<p>Shipping to:<br>${address.map(escapeHtml).join('<br>')}</p>` : ''}
<p>We are printing your items now and will e-mail you when they ship.</p>
<p><a href="${escapeHtml(statusUrl)}">See your order status</a></p>`,
  );
  return { subject, text, html };
}

export function orderShippedEmail(order: Order, statusUrl: string): OrderEmail {
  const tracking = order.fulfilment.tracking;
  const subject = oneLine(`Your Studio Shop order ${order.id} has shipped`);
  const trackingText = tracking
    ? [
        `Carrier: ${tracking.carrier ?? 'see the tracking link'}`,
        `Tracking number: ${tracking.number}`,
        ...(tracking.url ? [`Track it: ${tracking.url}`] : []),
      ]
    : [];
  const text = [
    'Good news: your order is on its way.',
    '',
    `Order: ${order.id}`,
    ...trackingText,
    '',
    `Order status: ${statusUrl}`,
  ].join('\n');
  const html = htmlLayout(
    subject,
    `<h1>Your order is on its way</h1>
<p>Order <strong>${escapeHtml(order.id)}</strong></p>
${
  tracking
    ? `<p>Carrier: ${escapeHtml(tracking.carrier ?? 'see the tracking link')}<br>Tracking number: ${escapeHtml(tracking.number)}</p>
${tracking.url ? `<p><a href="${escapeHtml(tracking.url)}">Track your package</a></p>` : ''}`
    : ''
}
<p><a href="${escapeHtml(statusUrl)}">See your order status</a></p>`,
  );
  return { subject, text, html };
}
