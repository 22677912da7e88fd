import { AppError, MESSAGES } from '@shop/shared';
import { CART_QUANTITY_MAX } from '@shop/shared/constants';
import type { CartLineRequest, OrderItem, RestoreCartResult } from '@shop/shared/schemas';
import { cartLocation, type CartKey } from '@shop/shared/server/cart';
import type { OrderRecords } from '@shop/shared/server/orders';
import { findRecoveryByToken, markRestored } from '@shop/shared/server/recovery';
import type { DocumentStore } from '@shop/shared/server/store';
import type { CartService } from '../cart/index.js';

// POST /api/cart/restore (docs/recovery.md): the abandoned-checkout e-mail's link puts the expired
// checkout's lines back in the caller's cart, each built from the catalogue again (today's price),
// leaving out, by name, what is no longer sold. Stripe's own recovery URL cannot do this: it opens
// a copy of the old session, with no pending order of ours behind it and the old prices.

export interface CartRestoreDeps {
  store: DocumentStore;
  orders: Pick<OrderRecords, 'readOrder'>;
  carts: CartService;
}

/** One line as cart requests: a request carries at most CART_QUANTITY_MAX units, and equal lines add up. */
function requestsOf(item: OrderItem): CartLineRequest[] {
  const requests: CartLineRequest[] = [];
  for (let left = item.quantity; left > 0; left -= CART_QUANTITY_MAX) {
    requests.push({
      productId: item.productId,
      quantity: Math.min(left, CART_QUANTITY_MAX),
      size: item.size,
      color: item.color,
    });
  }
  return requests;
}

export async function restoreCart(deps: CartRestoreDeps, key: CartKey, token: string): Promise<RestoreCartResult> {
  const recovery = await findRecoveryByToken(deps.store, token);
  const order = recovery ? await deps.orders.readOrder(recovery.orderId) : null;
  if (!recovery || !order) throw new AppError('not-found', MESSAGES.recoveryLinkUnknown);
  // Paid since (from the cart this link rebuilt, or that checkout itself): bringing the lines back
  // would invite a second payment for the same things. Say so, and leave the cart alone.
  const paidId = recovery.recoveredOrderId ?? (order.paidAt ? order.id : null);
  if (paidId) {
    const paid = paidId === order.id ? order : await deps.orders.readOrder(paidId);
    const number = paid?.number ?? null;
    return { restored: 0, leftOut: [], notice: MESSAGES.recoveryAlreadyPaid(number), paidOrderNumber: number ?? '' };
  }
  const kept: OrderItem[] = [];
  const leftOut: string[] = [];
  for (const item of order.items) {
    const [first] = requestsOf(item);
    if (first && (await deps.carts.canSell(first))) kept.push(item);
    else leftOut.push(item.name);
  }
  if (kept.length === 0) return { restored: 0, leftOut, notice: MESSAGES.recoveryNothingLeft };
  await deps.carts.replace(key, kept.flatMap(requestsOf), null);
  await markRestored(deps.store, recovery.orderId, cartLocation(key));
  return {
    restored: kept.length,
    leftOut,
    notice: leftOut.length ? MESSAGES.recoveryItemsRetired(leftOut) : null,
  };
}
