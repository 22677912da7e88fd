import { refundedAmount } from '@shop/shared/domain/order';
import type { Order, OrderAlertJobData, OrderAlertKind } from '@shop/shared/schemas';
import { BRAND, orderNumberOf, brandedOrderEmail } from './branded-layout.js';
import { escapeHtml, money } from './email-layout.js';
import type { Email } from './mail-transport.js';

// The e-mails of what happens after payment (docs/rules.md#after-payment): the shopper hears of a refund and
// of a problem that needs them (a cancelled order, a parcel returned); the studio hears of every
// failure, hold, return and dispute, with what to do next (docs/after-payment.md#after-payment-orders-refunds-and-alerts).

type AlertEmail = Omit<Email, 'to'>;

interface Links {
  supportEmail: string;
  /** The shopper's order (account or lookup page), or the studio's admin screen. */
  url: string;
  /** The link that puts back the address the latest change replaced, while it can. */
  undoUrl?: string | null;
}

interface Wording {
  subject: string;
  heading: string;
  paragraphs: string[];
  extraText?: string[];
  extraHtml?: string;
}

/**
 * Each change the order has had, oldest first, with what it was and what it became: two changes
 * made in a moment are both told, and the address as paid for is always named
 * (docs/after-payment.md#who-may-change-an-order).
 */
function changeLines(order: Order, note: string | null): string[] {
  const changes = order.changes ?? [];
  if (!changes.length) return [note ?? 'See the order below.'];
  return changes.map(
    (change, index) =>
      `${index + 1}. ${change.kind === 'address' ? 'Address' : 'Item'}: ${change.from} -> ${change.to}`,
  );
}

function shopperWording(kind: OrderAlertKind, order: Order, note: string | null): Wording {
  const number = orderNumberOf(order);
  switch (kind) {
    case 'refunded': {
      const amount = note ? money(Number(note), order.currency) : money(refundedAmount(order.refunds), order.currency);
      return {
        subject: `Your ${BRAND} order ${number}: ${amount} refunded`,
        heading: `We have refunded ${amount}`,
        paragraphs: [
          `The refund goes back to the card or account you paid with. Banks usually show it within 5 to 10 business days.`,
        ],
      };
    }
    case 'fulfilment-canceled':
      return {
        subject: `Your ${BRAND} order ${number} could not be made`,
        heading: 'We could not make your order',
        paragraphs: [
          'Our print partner had to cancel it. We will refund you in full unless you would rather have it made again: just reply to this e-mail.',
        ],
      };
    case 'cancelled-in-grace':
      return {
        subject: `Your ${BRAND} order ${number} is cancelled`,
        heading: 'Your order is cancelled',
        paragraphs: [
          'You cancelled it before it went to print, so nothing will be made.',
          `We have refunded ${note ? money(Number(note), order.currency) : 'the full payment'} to the card or account you paid with. Banks usually show it within 5 to 10 business days.`,
        ],
      };
    case 'cancel-requested':
      return {
        subject: `Your ${BRAND} order ${number}: we have your request to cancel`,
        heading: 'We have your request to cancel',
        paragraphs: [
          'Your order had already gone to print, so it could not be cancelled at once. The studio will reply within one working day to say whether it can still be stopped.',
        ],
      };
    case 'order-changed':
      return {
        subject: `Your ${BRAND} order ${number} was changed`,
        heading: 'Your order was changed',
        paragraphs: [
          'It was changed before it went to print. Every change so far, each with what it was and what it became:',
          ...changeLines(order, note),
          'Nothing else changed and nothing more is charged; it goes to print when the time to change your mind is over. If you did not make a change, reply to this e-mail at once.',
        ],
      };
    case 'cancel-accepted':
      return {
        subject: `Your ${BRAND} order ${number} is cancelled`,
        heading: 'We have cancelled your order',
        paragraphs: [
          'The studio accepted your request to cancel. We have refunded the rest of your payment to the card or account you paid with; banks usually show it within 5 to 10 business days.',
        ],
      };
    case 'cancel-declined':
      return {
        subject: `Your ${BRAND} order ${number}: it could not be cancelled`,
        heading: 'Your order could not be stopped',
        paragraphs: [
          'The studio looked at your request to cancel, but the order is already being made, so it will be finished and sent to you as ordered.',
          'Once it arrives, reply to this e-mail if something is wrong with it.',
        ],
      };
    case 'hold-released':
      return {
        subject: `Your ${BRAND} order ${number} is being made`,
        heading: 'Your order is being made',
        paragraphs: [
          'What held your order is sorted out: it is with our print partner now, and nothing more is charged.',
          'We will e-mail you again with the tracking link when it ships.',
        ],
      };
    case 'package-returned':
      return {
        subject: `Your ${BRAND} order ${number} came back to us`,
        heading: 'Your parcel came back to us',
        paragraphs: [
          `The carrier returned it${note ? ` (${note})` : ''}. Reply with your correct address and we will send it again.`,
        ],
      };
    default:
      return { subject: `About your ${BRAND} order ${number}`, heading: 'About your order', paragraphs: [] };
  }
}

/** What the studio does about each alert (the same steps as docs/after-payment.md gives the studio). */
const STUDIO_STEPS: Record<OrderAlertKind, { title: string; todo: string }> = {
  refunded: { title: 'refunded', todo: 'Nothing to do.' },
  'fulfilment-failed': {
    title: 'Printful order failed',
    todo: "Fix the cause in Printful's dashboard (address, print file or billing), then press Retry fulfilment on the admin orders screen.",
  },
  'fulfilment-canceled': {
    title: 'Printful order cancelled',
    todo: 'Ask the shopper whether to make it again (Retry fulfilment) or refund the payment in Stripe.',
  },
  'fulfilment-on-hold': {
    title: 'Printful order on hold',
    todo: "Answer Printful's question in its dashboard; the order moves on by itself when the hold is lifted.",
  },
  'fulfilment-repriced': {
    title: 'Printful priced it above the margin: not confirmed',
    todo: 'Printful calculated the cost after a hold and put the order back to draft. Press Retry fulfilment to make it at that cost, or refund it in Stripe.',
  },
  'package-returned': {
    title: 'parcel returned',
    todo: 'The shopper has been asked for their address. Reship from Printful once they answer, or refund in Stripe.',
  },
  dispute: {
    title: 'payment disputed',
    todo: "Submit evidence in Stripe's dashboard before the due date (order, tracking, correspondence).",
  },
  'shipping-mismatch': {
    title: 'held: paid outside its quote',
    todo: 'It was not sent to Printful. Refund it in Stripe, or contact the shopper and press Retry fulfilment to ship it as paid.',
  },
  'cancel-impossible': {
    title: 'refunded but already in production',
    todo: 'Printful could not cancel it: contact Printful support to stop it, or let it ship.',
  },
  'cancelled-in-grace': {
    title: 'cancelled by the shopper before production',
    todo: 'Nothing: the Printful draft was deleted and the payment refunded in full.',
  },
  'order-changed': {
    title: 'changed by the shopper before production',
    todo: "Nothing: the Printful draft carries the change. The order page's change list shows what changed and when.",
  },
  'cancel-accepted': {
    title: 'request to cancel accepted',
    todo: "The rest of the payment was refunded in Stripe; if Printful is already making it, stop it in Printful's dashboard.",
  },
  'cancel-declined': {
    title: 'request to cancel declined',
    todo: 'Nothing: the shopper was told the order will be made and sent.',
  },
  'hold-released': {
    title: 'sent to print after its hold',
    todo: 'Nothing: the shopper was told it is being made.',
  },
  'cancel-requested': {
    title: 'the shopper asks to cancel',
    todo: "It is already with Printful. Try to cancel it in Printful's dashboard, then press Accept (refunds in full) on the order page; or press Decline if it can no longer be stopped. The shopper is e-mailed either way.",
  },
};

/** Alerts whose note is the amount refunded (in dollars), not a reason someone gave. */
const AMOUNT_NOTES: ReadonlySet<OrderAlertKind> = new Set(['cancelled-in-grace']);

function studioWording(kind: OrderAlertKind, order: Order, note: string | null): Wording {
  const { title, todo } = STUDIO_STEPS[kind];
  const amount =
    note && AMOUNT_NOTES.has(kind) && Number.isFinite(Number(note)) ? money(Number(note), order.currency) : null;
  const aside = amount ? `${amount} refunded` : note;
  return {
    subject: `[${BRAND}] Order ${orderNumberOf(order)}: ${title}${aside ? ` (${aside})` : ''}`,
    heading: `Order ${orderNumberOf(order)}: ${title}`,
    paragraphs: [
      ...(amount ? [`Refunded: ${amount}`] : note ? [`Reason given: ${note}`] : []),
      `What to do: ${todo}`,
      `Customer: ${order.customerEmail ?? 'no e-mail'}; Stripe session ${order.sessionId}; Printful order ${order.fulfilment.orderId ?? 'none'} (${order.fulfilment.status}).`,
    ],
  };
}

function render(order: Order, words: Wording, links: Links, linkLabel: string, forStudio = false): AlertEmail {
  return brandedOrderEmail(order, words, { ...links, label: linkLabel, forStudio });
}

/** The undo link of an address change, in words and as a link. */
function undoWords(undoUrl: string): Pick<Wording, 'extraText' | 'extraHtml'> {
  const sentence = 'Not you, or a mistake? Put the previous address back while the order can still change:';
  return {
    extraText: [`${sentence} ${undoUrl}`],
    extraHtml: `<p style="margin:0 0 12px 0">${escapeHtml(sentence)} <a href="${escapeHtml(undoUrl)}">Put the previous address back</a></p>`,
  };
}

export function shopperAlertEmail(order: Order, alert: OrderAlertJobData, links: Links): AlertEmail {
  const words = shopperWording(alert.kind, order, alert.note);
  const undo = alert.kind === 'order-changed' && links.undoUrl ? undoWords(links.undoUrl) : {};
  return {
    ...render(order, { ...words, ...undo }, links, 'See your order'),
    replyTo: links.supportEmail,
  };
}

export function studioAlertEmail(order: Order, alert: OrderAlertJobData, links: Links): AlertEmail {
  return render(order, studioWording(alert.kind, order, alert.note), links, 'Open the order', true);
}
