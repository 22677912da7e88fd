import { useMutation } from '@tanstack/react-query';
import {
  orderChangeResponseSchema,
  orderCodeSentSchema,
  orderLookupResponseSchema,
  type OrderCancelBody,
} from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';

// The buyer's keys to their order besides the e-mail's link (docs/after-payment.md#who-may-change-an-order):
// a one-time code e-mailed to the order's address (POST /api/orders/access-code), which the lookup
// exchanges for the link's key, and the change e-mail's undo link (POST /api/orders/undo-change).

export function requestOrderCode(body: { number: string; email: string }) {
  return api.post('/orders/access-code', { body, schema: orderCodeSentSchema });
}

export function openOrderWithCode(body: { number: string; code: string }) {
  return api.post('/orders/lookup', { body, schema: orderLookupResponseSchema });
}

export function undoOrderChange(body: { order: OrderCancelBody; change: number }) {
  return api.post('/orders/undo-change', { body, schema: orderChangeResponseSchema });
}

export const useRequestOrderCode = () => useMutation({ mutationFn: requestOrderCode });
export const useOpenOrderWithCode = () => useMutation({ mutationFn: openOrderWithCode });
export const useUndoOrderChange = () => useMutation({ mutationFn: undoOrderChange });
