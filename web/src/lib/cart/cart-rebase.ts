import { CART_LINE_QUANTITY_MAX } from '@shop/shared';
import { isSameLine } from '@shop/shared/domain/cart';
import type { CartLine } from './cart-state';

// Two tabs, one cart: when the server refuses this tab's change because the cart moved on
// (If-Match, 409), the shopper's intent here (what changed from `base`, the cart this tab last
// saw, to `local`) is re-applied on top of `fresh`, the cart as it is now. Nothing either tab did
// is lost: lines the other tab added stay, lines this tab added are added, a line both added
// holds both quantities (up to the per-line cap), a quantity this tab set or a line it removed
// wins over the older state.

export function rebaseCart(
  base: readonly CartLine[],
  local: readonly CartLine[],
  fresh: readonly CartLine[],
): CartLine[] {
  const result: CartLine[] = [];
  for (const now of fresh) {
    const was = base.find((l) => isSameLine(l, now));
    const mine = local.find((l) => isSameLine(l, now));
    if (was && !mine) continue; // removed here
    if (was && mine && mine.quantity !== was.quantity) result.push({ ...now, quantity: mine.quantity });
    else if (!was && mine)
      result.push({ ...now, quantity: Math.min(now.quantity + mine.quantity, CART_LINE_QUANTITY_MAX) });
    else result.push(now);
  }
  for (const mine of local) {
    if (fresh.some((l) => isSameLine(l, mine))) continue;
    const was = base.find((l) => isSameLine(l, mine));
    // Added here, or changed here while the other tab removed it: this tab's change is newer intent.
    if (!was || was.quantity !== mine.quantity) result.push(mine);
  }
  return result;
}
