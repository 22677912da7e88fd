import { isSameLine, type CartItem } from '../cart/index.js';
import type { OrderItem } from '../../schemas/order.js';

// What stays in a cart once an order from it is paid (docs/contracts.md#http-api: "when an order is
// paid, the cart it came from is emptied"). The shopper may have changed the cart between
// checkout and the payment event, so emptying it outright could drop what they added since:
// - the cart is still the version that was checked out: it is emptied;
// - it changed since: each bought line gives up the quantity bought (matched by line id, else by
//   product, size and colour); a line left at zero goes, anything added since stays.
export function cartAfterPurchase(
  lines: readonly CartItem[],
  bought: readonly OrderItem[],
  unchangedSinceCheckout: boolean,
): CartItem[] {
  if (unchangedSinceCheckout) return [];
  const remaining = new Map(lines.map((line) => [line.id, line.quantity]));
  for (const item of bought) {
    const line =
      lines.find((l) => l.id === item.lineId) ??
      lines.find((l) => isSameLine(l, { productId: item.productId, size: item.size, color: item.color }));
    if (line) remaining.set(line.id, (remaining.get(line.id) ?? 0) - item.quantity);
  }
  return lines.flatMap((line) => {
    const quantity = remaining.get(line.id) ?? 0;
    return quantity > 0 ? [{ ...line, quantity }] : [];
  });
}
