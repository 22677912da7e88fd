import { STORAGE_KEYS } from '@shop/shared';
import { isSameLine, isValidCartItem, pricesDiffer } from '@shop/shared/domain/cart';
import { readStorage } from '../storage';
import type { CartLine } from './cart-state';

// The cart's debug checks (docs/rules.md#validation): invalid items and price mismatches are logged only
// while the cart debug flag is on, set by a developer in the console:
//   localStorage.setItem('cartDebug', 'true')
// Shoppers never see them; the server's answer is the cart either way.

export function isCartDebugOn(): boolean {
  return readStorage(STORAGE_KEYS.cartDebug) === 'true';
}

/** Logs, in debug mode, each answered line that is invalid or priced apart from the line shown before. */
export function logCartChecks(
  shown: readonly CartLine[],
  answered: readonly CartLine[],
  log: (...args: unknown[]) => void = console.debug,
): void {
  if (!isCartDebugOn()) return;
  for (const line of answered) {
    if (!isValidCartItem(line)) log(`[cart debug] invalid cart item ${line.id} (${line.name})`, line);
    const before = shown.find((l) => isSameLine(l, line));
    if (before && pricesDiffer(before.price, line.price)) {
      log(`[cart debug] price mismatch for ${line.name}: ${before.price} shown, ${line.price} from the server`);
    }
  }
}
