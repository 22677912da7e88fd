import { useMutation } from '@tanstack/react-query';
import { orderChangeResponseSchema, type OrderChangeBody, type OrderChangeResponse } from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';

// POST /api/orders/change (docs/after-payment.md#changing-an-order-within-the-grace-period): a
// line's size or colour swapped at the same price, or the address corrected, within the grace period.

export function changeOrder(body: OrderChangeBody): Promise<OrderChangeResponse> {
  return api.post('/orders/change', { body, schema: orderChangeResponseSchema });
}

export function useChangeOrder() {
  return useMutation({ mutationFn: changeOrder });
}
