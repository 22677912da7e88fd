import { useMutation } from '@tanstack/react-query';
import { orderCancelResponseSchema, type OrderCancelBody, type OrderCancelResponse } from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';

// POST /api/orders/cancel (docs/after-payment.md#the-grace-period-before-production): the shopper
// cancels within the grace period, or asks the studio to after it. Sent only when they confirm.

export function cancelOrder(body: OrderCancelBody): Promise<OrderCancelResponse> {
  return api.post('/orders/cancel', { body, schema: orderCancelResponseSchema });
}

export function useCancelOrder() {
  return useMutation({ mutationFn: cancelOrder });
}
