import { useCallback, useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { getAllProducts } from '../catalog/api/get-products';
import { useProducts } from '../catalog/components/products-provider';
import { useCart } from '../cart/use-cart';
import type { CartLine } from '../cart/cart-state';
import { loadStoreProducts, storeProductsFrom, type StoreProductsSource } from './load-store-products';
import { useIsOffline } from './use-online';

// The store state of the spec (section 3): products, isLoading, error, the cart and its totals,
// isOffline. The catalogue is loaded once over HTTP (with the cache and built-in fallbacks) and
// then follows the live stream, so a sync shows up without a reload.

export const storeProductsQuery = () =>
  queryOptions({
    queryKey: ['store', 'products'] as const,
    queryFn: ({ signal }) => loadStoreProducts(() => getAllProducts(signal)),
  });

export interface StoreState {
  products: StorefrontProduct[];
  isLoading: boolean;
  error: string | null;
  source: StoreProductsSource | null;
  isOffline: boolean;
  retry: () => void;
  cart: CartLine[];
  totalItems: number;
  totalPrice: number;
}

export function useStore(): StoreState {
  const queryClient = useQueryClient();
  const query = useQuery(storeProductsQuery());
  const live = useProducts();
  const cart = useCart();
  const isOffline = useIsOffline();

  useEffect(() => {
    if (live.hasSnapshot) queryClient.setQueryData(storeProductsQuery().queryKey, storeProductsFrom(live.products));
  }, [live.hasSnapshot, live.products, queryClient]);

  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);

  return {
    products: query.data?.products ?? [],
    isLoading: query.isPending || query.isRefetching,
    error: query.data?.error ?? null,
    source: query.data?.source ?? null,
    isOffline,
    retry,
    cart: cart.items,
    totalItems: cart.totalItems,
    totalPrice: cart.totalPrice,
  };
}
