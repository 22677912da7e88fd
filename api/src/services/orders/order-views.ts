import { canRetryFulfilment, refundedAmount } from '@shop/shared/domain/order';
import type { AccountOrder, AdminOrder, Order } from '@shop/shared/schemas';

// What each audience may see of an order: the shopper their own order's state, amounts and
// tracking; the studio everything needed to act on it, including provider references.

export function accountOrderView(order: Order): AccountOrder {
  const { tracking } = order.fulfilment;
  return {
    id: order.id,
    number: order.number ?? null,
    status: order.status,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    items: order.items.map(({ syncVariantId: _s, catalogVariantId: _c, ...item }) => item),
    amounts: order.amounts ?? null,
    totalPrice: order.totalPrice,
    currency: order.currency,
    refunded: refundedAmount(order.refunds),
    fulfilmentStatus: order.fulfilment.status,
    tracking: tracking ? [{ carrier: tracking.carrier, number: tracking.number, url: tracking.url }] : [],
  };
}

export function adminOrderView(order: Order): AdminOrder {
  return {
    ...accountOrderView(order),
    owner: order.owner,
    customerEmail: order.customerEmail,
    stripeSessionId: order.sessionId,
    printfulOrderId: order.fulfilment.orderId,
    fulfilmentReason: order.fulfilment.reason ?? null,
    refunds: order.refunds ?? [],
    events: order.events ?? [],
    canRetryFulfilment: canRetryFulfilment(order),
    discountCode: order.discountCode ?? null,
  };
}
