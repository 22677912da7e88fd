/** Where carts are stored (DESIGN.md section 3); an order's cart reference names one of them. */
export const CART_COLLECTIONS = { user: 'user-carts', guest: 'guest-carts' } as const;
