import { z } from 'zod';
import { STORAGE_KEYS } from '@shop/shared';
import { cartResponseItemSchema, currencyCodeSchema } from '@shop/shared/schemas';
import { readStorage, writeStorage } from '../storage';
import type { CartLine, CartState } from './cart-state';

// The cart in local storage, so that a reload shows it at once (before the server answers) and
// other tabs and pages follow it (`cart-state-store.ts`). `unsynced` marks changes the server has not
// confirmed yet; `owner` is whose cart it is, so another identity's cart is never shown as yours.

const savedCartSchema = z.object({
  cartItems: z.array(cartResponseItemSchema),
  totalItems: z.number(),
  totalPrice: z.number(),
  unsynced: z.boolean(),
  owner: z.string().nullable(),
  /** The currency the lines' `unitAmount` is in (docs/rules.md#local-prices); absent before local prices. */
  currency: currencyCodeSchema.optional(),
});
export type SavedCart = z.infer<typeof savedCartSchema>;

export function readSavedCart(): SavedCart | null {
  const raw = readStorage(STORAGE_KEYS.cart);
  if (!raw) return null;
  try {
    const parsed = savedCartSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveCart(state: CartState, unsynced: boolean, owner: string | null): void {
  const saved: SavedCart = {
    cartItems: state.items as CartLine[],
    totalItems: state.totalItems,
    totalPrice: state.totalPrice,
    unsynced,
    owner,
    currency: state.currency,
  };
  writeStorage(STORAGE_KEYS.cart, JSON.stringify(saved));
}
