import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { getAllProducts } from './api/get-products';
import { loadStoreProducts, storeProductsFrom, type StoreProducts } from './load-catalogue';

// The one catalogue of the SPA: a single TanStack Query entry that every catalogue view (store,
// storefront, product list, product page) reads. The live stream writes each snapshot into it,
// so it never goes stale by time; the HTTP read (with the cached and built-in fallbacks) runs only
// when the stream cannot deliver a first snapshot.

export const CATALOGUE_QUERY_KEY = ['catalogue'] as const;

export const catalogueQuery = () =>
  queryOptions({
    queryKey: CATALOGUE_QUERY_KEY,
    queryFn: ({ signal }): Promise<StoreProducts> => loadStoreProducts(() => getAllProducts(signal)),
    staleTime: Infinity,
  });

/** A snapshot from the live stream (with its id, `version`) becomes the catalogue every view shows. */
export function applyCatalogueSnapshot(
  queryClient: QueryClient,
  products: StorefrontProduct[],
  version?: string,
): void {
  // An HTTP read still under way would land after this snapshot and put older data back.
  void queryClient.cancelQueries({ queryKey: CATALOGUE_QUERY_KEY });
  queryClient.setQueryData(CATALOGUE_QUERY_KEY, storeProductsFrom(products, Date.now(), version));
}

export function readCatalogue(queryClient: QueryClient): StoreProducts | undefined {
  return queryClient.getQueryData(CATALOGUE_QUERY_KEY);
}
