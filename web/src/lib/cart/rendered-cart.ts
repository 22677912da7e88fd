import { useQueryClient } from '@tanstack/react-query';
import type { CartResponse } from '@shop/shared/schemas';

// The cart the server rendered the cart page with (the guest's cart from the cookie the page's
// forms use, see api/src/routes/store-forms): the page shows it until the app has hydrated, and
// the cart store adopts it, so the lines a shopper changed before the app loaded stay in view.

export const RENDERED_CART_QUERY_KEY = ['cart', 'rendered'] as const;

/** The server-rendered cart, or undefined when the page was not rendered with one. */
export function useRenderedCart(): CartResponse | undefined {
  return useQueryClient().getQueryData<CartResponse>(RENDERED_CART_QUERY_KEY);
}
