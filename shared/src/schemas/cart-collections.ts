/** Where carts are stored (docs/contracts.md#collections); an order's cart reference names one of them. */
export const CART_COLLECTIONS = { user: 'user-carts', guest: 'guest-carts' } as const;
