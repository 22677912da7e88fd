import { useMutation } from '@tanstack/react-query';
import { orderLookupResponseSchema, type OrderLookupRequest, type ShopperOrder } from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';

// POST /api/orders/lookup (docs/rules.md#the-signed-in-shopper): a guest's order by its number and e-mail
// address, or by its number and the key of the confirmation e-mail's link. A
// mutation, not a query: each try counts against a small per-client budget, so it is sent only
// when the shopper asks, never refetched behind their back.

export function lookupOrder(body: OrderLookupRequest): Promise<ShopperOrder> {
  return api.post('/orders/lookup', { body, schema: orderLookupResponseSchema }).then((r) => r.order);
}

export function useOrderLookup() {
  return useMutation({ mutationFn: lookupOrder });
}
