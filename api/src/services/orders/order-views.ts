import {
  canRetryFulfilment,
  chargedAmount,
  printfulDashboardLink,
  refundedAmount,
  isHeldForGrace,
  secondChanceOf,
  stripeDashboardLink,
} from '@shop/shared/domain/order';
import type {
  AccountOrder,
  AdminOrder,
  AdminOrderDetail,
  Order,
  OrderStatusResponse,
  ShopperAddress,
  ShopperOrder,
} from '@shop/shared/schemas';

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
    shippingMethod: order.shippingMethod ? shopperShippingMethod(order.shippingMethod) : null,
    email: order.customerEmail ?? order.shipping?.email ?? null,
    shippingAddress: shopperAddress(order),
    ...secondChance(order),
    ...teamOrderOf(order),
  };
}

/** The team order the lead's own order bought, by name (docs/rules.md#team-orders). */
function teamOrderOf(order: Order): { teamOrderTitle?: string } {
  return order.teamOrderTitle ? { teamOrderTitle: order.teamOrderTitle } : {};
}

/** Until when the shopper can cancel, and whether they did (docs/after-payment.md#the-grace-period-before-production). */
function secondChance(order: Order): { secondChance?: ReturnType<typeof secondChanceOf> & object } {
  const chance = secondChanceOf(order);
  return chance ? { secondChance: chance } : {};
}

/** Where the order goes, without the e-mail Stripe stored beside it. */
/** The method's name and the delivery promise made at checkout, when there was one. */
function shopperShippingMethod(method: NonNullable<Order['shippingMethod']>): { name: string; promise?: string } {
  return { name: method.name, ...(method.promise ? { promise: method.promise } : {}) };
}

export function shopperAddress(order: Order): ShopperAddress | null {
  if (!order.shipping) return null;
  const { email: _email, ...address } = order.shipping;
  return address;
}

/**
 * The guest lookup's answer (docs/rules.md#the-signed-in-shopper): the order as its buyer knows it, named by its
 * number only: no internal, Stripe, Printful, cart line or variant ids.
 */
export function shopperOrderView(order: Order & { number: string }, access: 'full' | 'status' = 'full'): ShopperOrder {
  const { tracking } = order.fulfilment;
  return {
    number: order.number,
    status: order.status,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    items: order.items.map((item) => ({
      productId: item.productId,
      name: item.name,
      variantName: item.variantName,
      size: item.size,
      color: item.color,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      imageUrl: item.imageUrl,
    })),
    amounts: order.amounts ?? null,
    totalPrice: order.totalPrice,
    currency: order.currency,
    refunded: refundedAmount(order.refunds),
    shippingMethod: order.shippingMethod ? shopperShippingMethod(order.shippingMethod) : null,
    fulfilmentStatus: order.fulfilment.status,
    tracking: tracking ? [{ carrier: tracking.carrier, number: tracking.number, url: tracking.url }] : [],
    // Number and e-mail alone show where the order stands, never where it goes or to whom
    // (docs/after-payment.md#who-may-change-an-order).
    access,
    email: access === 'full' ? (order.customerEmail ?? order.shipping?.email ?? null) : null,
    shippingAddress: access === 'full' ? shopperAddress(order) : null,
    ...secondChance(order),
    ...teamOrderOf(order),
  };
}

export function adminOrderView(order: Order): AdminOrder {
  return {
    ...accountOrderView(order),
    owner: order.owner,
    customerEmail: order.customerEmail,
    customerName: order.shipping?.name ?? null,
    stripeSessionId: order.sessionId,
    printfulOrderId: order.fulfilment.orderId,
    fulfilmentReason: order.fulfilment.reason ?? null,
    refunds: order.refunds ?? [],
    events: order.events ?? [],
    canRetryFulfilment: canRetryFulfilment(order),
    discountCode: order.discountCode ?? null,
    holdUntil: isHeldForGrace(order) ? order.hold!.until : null,
  };
}

export function adminOrderDetailView(order: Order): AdminOrderDetail {
  const left = Math.round((chargedAmount(order) - refundedAmount(order.refunds)) * 100) / 100;
  return {
    ...adminOrderView(order),
    shipping: order.shipping,
    shippingMethod: order.shippingMethod ?? null,
    links: { stripe: stripeDashboardLink(order.sessionId), printful: printfulDashboardLink(order.fulfilment.orderId) },
    printfulCost: order.fulfilment.cost ?? null,
    refundable: order.status === 'paid' || order.status === 'shipped' ? Math.max(0, left) : 0,
    changes: order.changes ?? [],
  };
}

/** What the confirmation page shows the browser that paid: the order, where it goes, where its e-mail went. */
export function orderStatusView(order: Order): OrderStatusResponse {
  const { tracking } = order.fulfilment;
  return {
    id: order.id,
    // An unpaid checkout's number is nobody's yet: shown, it would tell anyone who opens a
    // checkout the number the next buyer gets (docs/after-payment.md#who-may-change-an-order).
    ...(order.number && order.paidAt ? { number: order.number } : {}),
    status: order.status,
    items: order.items.map(({ syncVariantId: _s, catalogVariantId: _c, ...item }) => item),
    totalPrice: order.totalPrice,
    currency: order.currency,
    amounts: order.amounts ?? null,
    shippingMethod: order.shippingMethod ?? null,
    fulfilment: {
      provider: order.fulfilment.provider,
      orderId: order.fulfilment.orderId,
      status: order.fulfilment.status,
      ...(tracking ? { tracking: { carrier: tracking.carrier, number: tracking.number, url: tracking.url } } : {}),
    },
    email: order.customerEmail ?? order.shipping?.email ?? null,
    shippingAddress: shopperAddress(order),
    paidAt: order.paidAt,
    refunded: refundedAmount(order.refunds),
    ...secondChance(order),
    ...teamOrderOf(order),
  };
}
