import type { Order } from '@shop/shared/schemas';
import type { Email } from './mail-transport.js';
import { BRAND, orderNumberOf, brandedOrderEmail, type OrderEmailWords } from './branded-layout.js';
import { escapeHtml } from './email-layout.js';

// The shopper's e-mails about an order: confirmation once paid, notice once shipped. Both in the
// branded layout, named by the order's number, with the amounts and a link to the order that
// works for a guest (the lookup page) as for a signed-in shopper (their account).

type OrderEmail = Omit<Email, 'to'>;

export interface ShopperLinks {
  /** Where the shopper sees the order: /account, or the lookup page with the number filled in. */
  url: string;
  supportEmail: string;
}

const LINK_LABEL = 'See your order';

function compose(order: Order, links: ShopperLinks, words: OrderEmailWords): OrderEmail {
  const email = brandedOrderEmail(order, words, { ...links, label: LINK_LABEL });
  return { ...email, replyTo: links.supportEmail };
}

export function orderConfirmationEmail(order: Order, links: ShopperLinks): OrderEmail {
  return compose(order, links, {
    subject: `Your ${BRAND} order ${orderNumberOf(order)} is confirmed`,
    heading: 'Thank you for your order!',
    paragraphs: [
      `Order ${orderNumberOf(order)} is paid. We are printing your items now and will e-mail you when they ship.`,
    ],
  });
}

export function orderShippedEmail(order: Order, links: ShopperLinks): OrderEmail {
  const tracking = order.fulfilment.tracking;
  const carrier = tracking?.carrier ?? 'see the tracking link';
  return compose(order, links, {
    subject: `Your ${BRAND} order ${orderNumberOf(order)} has shipped`,
    heading: 'Your order is on its way',
    paragraphs: [`Good news: order ${orderNumberOf(order)} has left our print partner.`],
    extraText: tracking
      ? [
          `Carrier: ${carrier}`,
          `Tracking number: ${tracking.number}`,
          ...(tracking.url ? [`Track it: ${tracking.url}`] : []),
        ]
      : [],
    extraHtml: tracking
      ? `<p style="margin:0 0 12px 0">Carrier: ${escapeHtml(carrier)}<br>Tracking number: ${escapeHtml(tracking.number)}</p>
${tracking.url ? `<p style="margin:0 0 12px 0"><a href="${escapeHtml(tracking.url)}" style="color:#2f4a3a;font-weight:700">Track your package</a></p>` : ''}`
      : '',
  });
}
