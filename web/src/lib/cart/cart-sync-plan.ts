import { CART_QUANTITY_MAX } from '@shop/shared';
import { isSameLine } from '@shop/shared/domain/cart';
import type { CartLineRequest } from '@shop/shared/schemas';
import type { CartLine } from './cart-state';

// What to send so that the server's cart becomes the local one. Only intent travels (product,
// size, colour, quantity; never a price), and a line the server flagged unavailable is never
// re-sent: it stays as it is unless the shopper removes it.

export type CartOperation =
  | { kind: 'add'; line: CartLineRequest }
  | { kind: 'setQuantity'; itemId: string; quantity: number }
  | { kind: 'remove'; itemId: string }
  | { kind: 'clear' };

/** Operations turning `server` (the last cart the server answered) into `local`. */
export function planCartSync(server: readonly CartLine[], local: readonly CartLine[]): CartOperation[] {
  if (local.length === 0) return server.length === 0 ? [] : [{ kind: 'clear' }];
  const operations: CartOperation[] = [];
  for (const line of server) {
    const mine = local.find((l) => isSameLine(l, line));
    if (!mine) operations.push({ kind: 'remove', itemId: line.id });
    else if (mine.quantity !== line.quantity)
      operations.push({ kind: 'setQuantity', itemId: line.id, quantity: mine.quantity });
  }
  for (const line of local) {
    if (server.some((s) => isSameLine(s, line))) continue;
    // Each add is 1 to 10 on the server too; a new line of 12 (two adds before a save) goes as
    // 10 + 2, which the server merges into one line as it would two clicks.
    for (let left = line.quantity; left > 0; left -= CART_QUANTITY_MAX) {
      operations.push({
        kind: 'add',
        line: {
          productId: line.productId,
          size: line.size,
          color: line.color,
          quantity: Math.min(left, CART_QUANTITY_MAX),
        },
      });
    }
  }
  return operations;
}
