import { cartTotals } from '@shop/shared/domain/cart';
import type { CurrencyCode } from '@shop/shared/domain/currency';
import type { CartDiscount, CartResponseItem, MergeCartResponse } from '@shop/shared/schemas';

// The persisted cart's state (docs/rules.md#entities and docs/rules.md#states-and-transitions): items, loading, error, totals and the ids of
// requests still in flight. The changes are in `cart-reducer.ts`, out of the first script every
// page loads.

/** A cart line; the server flags lines whose product or variant has left the catalogue. */
export type CartLine = CartResponseItem;

/** A guest line, or its units, that the sign-in merge could not keep. */
export type DroppedLine = MergeCartResponse['dropped'][number];

export interface CartState {
  items: CartLine[];
  loading: boolean;
  error: string | null;
  /** What the last sign-in merge left out (line and cart caps), shown until dismissed. */
  dropped: DroppedLine[];
  itemCount: number;
  totalItems: number;
  totalPrice: number;
  /** The discount code the server holds for this cart, with what it takes off (docs/rules.md#what-a-merch-shopper-expects). */
  discount: CartDiscount | null;
  /**
   * The currency the server priced the cart in (docs/rules.md#local-prices): each line's
   * `unitAmount` and the discount's amount are in it. Unknown until the server has answered.
   */
  currency?: CurrencyCode;
  pendingRequests: ReadonlySet<string>;
}

/**
 * The cart's code when it takes something off, else null: a code that no longer applies (its
 * `refusal` says why) stays shown beside the code field but out of every total.
 */
export function appliedDiscount(discount: CartDiscount | null): CartDiscount | null {
  return discount && !discount.refusal ? discount : null;
}

export function withItems(state: CartState, items: CartLine[]): CartState {
  return { ...state, items, ...cartTotals(items) };
}

export const emptyCartState: CartState = withItems(
  {
    items: [],
    loading: false,
    error: null,
    dropped: [],
    itemCount: 0,
    totalItems: 0,
    totalPrice: 0,
    discount: null,
    pendingRequests: new Set(),
  },
  [],
);
