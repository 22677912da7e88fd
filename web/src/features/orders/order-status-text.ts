import { ORDER_ATTENTION_LABELS, orderAttention } from '@shop/shared/domain/order';
import type { OrderEvent, OrderStatus } from '@shop/shared/schemas';

// How an order's status and its print partner's status read in lists.

export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  shipped: 'Shipped',
  failed: 'Payment failed',
  expired: 'Checkout expired',
  refunded: 'Refunded',
};

/**
 * An order's state in one phrase for the studio's badges: what it waits on the studio for comes
 * first (a held order is not simply "Paid"), then a partial refund, then its payment status. The
 * one place the admin's order badges take their words from.
 */
export function adminOrderState(order: { status: OrderStatus; fulfilmentStatus: string; refunded: number }): {
  label: string;
  tone: string;
} {
  const attention = orderAttention({ status: order.status, fulfilment: { status: order.fulfilmentStatus } });
  if (attention) return { label: ORDER_ATTENTION_LABELS[attention], tone: 'attention' };
  if (order.refunded > 0 && order.status !== 'refunded') return { label: 'Partially refunded', tone: 'partial' };
  return { label: ORDER_STATUS_LABEL[order.status], tone: order.status };
}

const FULFILMENT_LABEL: Record<string, string> = {
  none: 'Not started',
  draft: 'Being prepared',
  pending: 'In production queue',
  inprocess: 'Being made',
  onhold: 'On hold',
  'held-address': 'On hold: address',
  failed: 'Needs attention',
  canceled: 'Cancelled',
  partial: 'Partly shipped',
  fulfilled: 'Shipped',
  shipped: 'Shipped',
  returned: 'Returned to us',
};

export function fulfilmentLabel(status: string): string {
  return FULFILMENT_LABEL[status] ?? status;
}

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
};

/** What each recorded provider or studio event means, for the order's history on the admin page. */
const EVENT_LABEL: Record<string, string> = {
  'checkout.session.completed': 'payment completed',
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

/** Who recorded an order event, in words. */
export const eventSourceLabel = (source: OrderEvent['source']) => EVENT_SOURCE_LABEL[source];

/** An order event in words; an event type this list does not know is shown as the provider names it. */
export function orderEventLabel(type: string): string {
  return EVENT_LABEL[type] ?? type;
}
