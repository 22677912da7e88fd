import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageCurrency } from '../../../lib/catalog/page-currency';
import {
  shippingRatesResponseSchema,
  type ShippingDestination,
  type ShippingRatesResponse,
} from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';

// GET /api/cart/shipping-rates: the shipping options for the caller's cart (as the server has it)
// to a destination. `cartKey` changes with the cart's lines, so a changed cart is quoted again.

export function getShippingRates(
  destination: ShippingDestination,
  signal?: AbortSignal,
): Promise<ShippingRatesResponse> {
  return api.get('/cart/shipping-rates', {
    query: {
      country: destination.country,
      state: destination.state,
      zip: destination.zip,
      currency: pageCurrency().currency,
    },
    schema: shippingRatesResponseSchema,
    signal,
  });
}

export function useShippingRates(destination: ShippingDestination | null, cartKey: string, enabled = true) {
  return useQuery({
    queryKey: ['cart', 'shipping-rates', destination, cartKey] as const,
    queryFn: ({ signal }) => getShippingRates(destination as ShippingDestination, signal),
    enabled: enabled && destination !== null && cartKey !== '',
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
