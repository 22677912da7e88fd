import type { OrderStatus } from '@shop/shared/schemas';

// How an order's status and its print partner's status read in lists.

export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  shipped: 'Shipped',
  failed: 'Payment failed',
  expired: 'Checkout expired',
  refunded: 'Refunded',
};

const FULFILMENT_LABEL: Record<string, string> = {
  none: 'Not started',
  draft: 'Being prepared',
  pending: 'In production queue',
  inprocess: 'Being made',
  onhold: 'On hold',
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

export const orderNumber = (order: { number: string | null; id: string }) =>
  order.number ?? order.id.slice(0, 12).toUpperCase();
