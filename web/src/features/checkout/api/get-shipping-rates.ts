import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageCurrency } from '../../../lib/catalog/page-currency';
import {
  shippingRatesResponseSchema,
  type ShippingDestination,
  type ShippingRatesResponse,
} from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';
import { useCart } from '../../../lib/cart/use-cart';
import { useShippingDestination } from '../shipping-destination';

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

/**
 * The quote for the caller's cart to the destination the shopper gave: one query however many
 * parts of a page show it (the options, the checkout's choice). It waits while local cart edits
 * are still being saved, so the server's cart is the one quoted.
 */
export function useCartShippingRates() {
  const cart = useCart();
  const destination = useShippingDestination();
  const available = cart.items.filter((line) => !line.unavailable);
  // The currency is part of it: a quote is in the currency the cart was priced in.
  const cartKey = `${cart.currency}:${available.map((line) => `${line.id}x${line.quantity}`).join(',')}`;
  return useShippingRates(destination, cartKey, cart.pendingRequests.size === 0);
}
