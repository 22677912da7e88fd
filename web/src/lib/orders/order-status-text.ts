import { ORDER_STAGE_WORDS, orderStage, type OrderStageFacts } from '@shop/shared/domain/order';
import type { OrderEvent } from '@shop/shared/schemas';
import { formatStudioDateTime } from '@shop/shared/domain/time';

// How an order's status and its print partner's status read in lists.

/** An order's stage badge, in the words the shopper's pages and e-mails use. */
export function orderStageLabel(order: OrderStageFacts): string {
  return ORDER_STAGE_WORDS[orderStage(order)].label;
}

// The print partner's status and an order's production, in the shared words (one vocabulary for
// the shopper's pages, the admin and the e-mails).
export { fulfilmentLabel, productionLabel } from '@shop/shared/domain/order';

/** A Stripe refund's status (`succeeded`, `pending`, ...) as the studio says it. */
const REFUND_STATUS_LABEL: Record<string, string> = {
  succeeded: 'refunded',
  pending: 'pending',
  requires_action: "waiting on the customer's bank",
  failed: 'failed',
  canceled: 'cancelled',
};

/** A refund's status in words; a status this list does not know is shown as Stripe names it. */
export function refundStatusLabel(status: string): string {
  return REFUND_STATUS_LABEL[status] ?? status;
}

export const orderNumber = (order: { number: string | null; id: string }) =>
  order.number ?? order.id.slice(0, 12).toUpperCase();

const EVENT_SOURCE_LABEL: Record<OrderEvent['source'], string> = {
  stripe: 'Stripe',
  printful: 'Printful',
  studio: 'Studio',
  shopper: 'Shopper',
};

/** What each recorded provider or studio event means, for the order's history on the admin page. */
const EVENT_LABEL: Record<string, string> = {
  'checkout.session.completed': 'payment completed',
  'grace-hold': 'waiting to go to print',
  'grace-release': 'sent to print',
  'grace-hold-changed': 'hold changed',
  'grace-cancel': 'cancelled in the grace period',
  'cancel-request': 'asked to cancel',
  'checkout.session.async_payment_succeeded': 'delayed payment succeeded',
  'checkout.session.async_payment_failed': 'delayed payment failed',
  'checkout.session.expired': 'checkout expired unpaid',
  'charge.refunded': 'payment refunded',
  'refund.created': 'refund made',
  'refund.updated': 'refund updated',
  'charge.dispute.created': 'payment disputed by the card holder',
  'shipping-address-check': 'shipping address checked against the quote',
  package_shipped: 'package shipped',
  package_returned: 'package returned',
  order_failed: 'order failed',
  order_canceled: 'order cancelled',
  order_put_hold: 'order put on hold',
  order_remove_hold: 'hold lifted',
  'retry-fulfilment': 'fulfilment retried',
  'printful-cancel': 'Printful order cancelled',
};

/** An event's note as the studio reads it: a time stored in it (a hold's end, in UTC) written in the studio's time. */
export function eventNoteWords(note: string, zone: string): string {
  return note.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z/g, (iso) => formatStudioDateTime(iso, zone));
}

/** Who recorded an order event, in words. */
export const eventSourceLabel = (source: OrderEvent['source']) => EVENT_SOURCE_LABEL[source];

/** An order event in words; an event type this list does not know is shown as the provider names it. */
export function orderEventLabel(type: string): string {
  return EVENT_LABEL[type] ?? type;
}

/** An order's badge for the studio: the same stage words the shopper reads, and the stage as its tone. */
export function adminOrderState(order: OrderStageFacts): { label: string; tone: string } {
  const stage = orderStage(order);
  return { label: ORDER_STAGE_WORDS[stage].label, tone: stage };
}
