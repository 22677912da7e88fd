import { onHoldReason, ORDER_STAGE_WORDS, orderStage, refundedAmount, secondChanceOf } from '@shop/shared/domain/order';
import { teamOrderLabel } from '@shop/shared/domain/team-order';
import type { Order } from '@shop/shared/schemas';
import type { Email } from './mail-transport.js';
import { BRAND, orderNumberOf, brandedOrderEmail, type OrderEmailWords } from './branded-layout.js';
import { EMAIL_COLOURS, escapeHtml } from './email-layout.js';

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

/** The delivery promise made at checkout while it still holds (not once on hold), and the tracking link once there is one. */
function promiseLines(order: Order): { text: string[]; html: string } {
  const promise = order.shippingMethod?.promise;
  const stage = orderStage({ status: order.status, fulfilmentStatus: order.fulfilment.status });
  const tracking = order.fulfilment.tracking?.url ?? null;
  const text = [
    ...(promise && stage !== 'on-hold' && stage !== 'refunded' ? [`Delivery: ${promise}`] : []),
    ...(tracking ? [`Track it: ${tracking}`] : []),
  ];
  const html = [
    ...(text[0]?.startsWith('Delivery: ')
      ? [`<p style="margin:0 0 12px 0"><strong>Delivery</strong><br>${escapeHtml(promise ?? '')}</p>`]
      : []),
    ...(tracking
      ? [
          `<p style="margin:0 0 12px 0"><a href="${escapeHtml(tracking)}" style="color:${EMAIL_COLOURS.brand};font-weight:700">Track your package</a></p>`,
        ]
      : []),
  ].join('\n');
  return { text, html };
}

/** The lead's own order of a team order says which, so it is not mistaken for a stray order of two hoodies. */
function teamOrderLine(order: Order): string[] {
  if (!order.teamOrderTitle) return [];
  return [
    `${teamOrderLabel(order.teamOrderTitle)}. Everyone's items travel in this one parcel, each person named on the packing slip.`,
  ];
}

/**
 * While the grace period lasts (docs/after-payment.md#the-grace-period-before-production): how long
 * the shopper can still cancel, in minutes from payment, so no time zone is guessed.
 */
function graceLine(order: Order): string[] {
  const until = secondChanceOf(order)?.changeableUntil;
  if (!until || !order.paidAt) return [];
  const minutes = Math.round((Date.parse(until) - Date.parse(order.paidAt)) / 60_000);
  return [
    `Changed your mind? Nothing is printed for ${minutes} minutes after your payment: until then you can change a size or colour, correct the address or cancel the order for a full refund from your order page (the button below).`,
  ];
}

/**
 * The confirmation once paid, in the words of the order's stage as it is when the e-mail is
 * written: a paid order on hold says so and what happens next, never "we are printing".
 */
export function orderConfirmationEmail(order: Order, links: ShopperLinks): OrderEmail {
  const stage = orderStage({
    status: order.status,
    fulfilmentStatus: order.fulfilment.status,
    refunded: refundedAmount(order.refunds),
  });
  const promise = promiseLines(order);
  if (stage === 'on-hold') {
    const words = ORDER_STAGE_WORDS['on-hold'];
    return compose(order, links, {
      subject: `Your ${BRAND} order ${orderNumberOf(order)}: payment received, order on hold`,
      heading: words.title,
      paragraphs: [
        `We have your payment for order ${orderNumberOf(order)}. ${onHoldReason(order.fulfilment.status)}`,
        words.text,
        ...teamOrderLine(order),
      ],
    });
  }
  return compose(order, links, {
    subject: `Your ${BRAND} order ${orderNumberOf(order)} is confirmed`,
    heading: 'Thank you for your order!',
    paragraphs: [
      `Order ${orderNumberOf(order)} is paid. ${ORDER_STAGE_WORDS.confirmed.text.replace(/^Payment received\. /, '')}`,
      ...teamOrderLine(order),
      ...graceLine(order),
    ],
    extraText: promise.text,
    extraHtml: promise.html,
  });
}

export function orderShippedEmail(order: Order, links: ShopperLinks): OrderEmail {
  const tracking = order.fulfilment.tracking;
  const carrier = tracking?.carrier ?? 'see the tracking link';
  return compose(order, links, {
    subject: `Your ${BRAND} order ${orderNumberOf(order)} has shipped`,
    heading: 'Your order is on its way',
    paragraphs: [`Good news: order ${orderNumberOf(order)} has left our print partner.`, ...teamOrderLine(order)],
    extraText: tracking
      ? [
          `Carrier: ${carrier}`,
          `Tracking number: ${tracking.number}`,
          ...(tracking.url ? [`Track it: ${tracking.url}`] : []),
        ]
      : [],
    extraHtml: tracking
      ? `<p style="margin:0 0 12px 0">Carrier: ${escapeHtml(carrier)}<br>Tracking number: ${escapeHtml(tracking.number)}</p>
${tracking.url ? `<p style="margin:0 0 12px 0"><a href="${escapeHtml(tracking.url)}" style="color:${EMAIL_COLOURS.brand};font-weight:700">Track your package</a></p>` : ''}`
      : '',
  });
}
