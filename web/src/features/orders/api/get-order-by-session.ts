import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkoutSessionIdSchema, orderStatusResponseSchema, type OrderStatusResponse } from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';

// GET /api/orders/by-session/:sessionId: the order a checkout session created, polled while the
// payment provider's confirmation (a webhook processed by the worker) is on its way, and then
// until the worker has handed the paid order to the print partner.

export const ORDER_POLL_INTERVAL_MS = 2000;
/** About two minutes of polling; a page left open longer is refreshed by the shopper. */
const MAX_POLLS = 60;

/** Still moving on its own: payment unconfirmed, or paid but not yet handed to the print partner. */
export function orderInProgress(order: OrderStatusResponse | undefined): boolean {
  return order?.status === 'pending' || (order?.status === 'paid' && order.fulfilment.orderId === null);
}

export function getOrderBySession(sessionId: string, signal?: AbortSignal): Promise<OrderStatusResponse> {
  return api.get(`/orders/by-session/${encodeURIComponent(sessionId)}`, { schema: orderStatusResponseSchema, signal });
}

export const orderBySessionQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['orders', 'by-session', sessionId] as const,
    queryFn: ({ signal }) => getOrderBySession(sessionId, signal),
    // Never served from an earlier visit: the status is what the shopper came to see.
    staleTime: 0,
    refetchInterval: (query) =>
      orderInProgress(query.state.data) && query.state.dataUpdateCount < MAX_POLLS ? ORDER_POLL_INTERVAL_MS : false,
  });

export function useOrderBySession(sessionId: string | null) {
  // A malformed id is answered on the page; asking the API would only earn a 400.
  const valid = checkoutSessionIdSchema.safeParse(sessionId).success;
  return useQuery({ ...orderBySessionQuery(sessionId ?? ''), enabled: valid });
}
