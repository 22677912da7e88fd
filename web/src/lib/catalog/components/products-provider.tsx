import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@shop/shared';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { productQuery } from '../api/get-product';
import { applyCatalogueSnapshot, catalogueQuery, readCatalogue } from '../catalogue-query';
import type { StoreProductsSource } from '../load-catalogue';
import { openProductsStream } from '../live/products-stream';
import type { EventSourceFactory } from '../live/recovering-stream';
import { whenPageSettled } from '../../when-page-settled';
import { useFirestoreConnection } from './firestore-connection-provider';

// The live catalogue (docs/rules.md#states-and-transitions, "Products provider") over the one catalogue cache. The
// stream's first snapshot is the page's only download of the catalogue; later snapshots patch the
// same cache entry, so every view reading it updates together. The HTTP read runs only when the
// stream cannot deliver (probe failed, stream refused before its first snapshot) or on refresh.
// Routine reconnects are warnings in the console (spec: 400 and socket errors are downgraded);
// the shopper hears only about data that cannot be read or a stream that gave up.

export interface ProductsContextValue {
  /** The catalogue every view shows: the live list, else the cached or built-in products. */
  products: StorefrontProduct[];
  /** Where `products` came from; null until the first answer. */
  source: StoreProductsSource | null;
  /** Whether a live snapshot has arrived (an empty inventory is a valid snapshot). */
  hasSnapshot: boolean;
  loading: boolean;
  /** The live stream's failure worth telling a shopper; null otherwise. */
  error: string | null;
  /** The HTTP load's failure (spec "Firestore error: ..."); null when it did not fail. */
  loadError: string | null;
  /** Re-reads the catalogue over HTTP; the live subscription is left as it is. */
  refresh: () => Promise<void>;
  /** From the loaded catalogue, else read once by id; null when absent or the read fails. */
  getProductById: (id: string) => Promise<StorefrontProduct | null>;
}

const ProductsContext = createContext<ProductsContextValue | null>(null);

export interface ProductsProviderProps {
  children: ReactNode;
  /** Opens the stream; tests pass a stub factory. */
  createEventSource?: EventSourceFactory;
}

export function ProductsProvider({ children, createEventSource }: ProductsProviderProps) {
  const { isConnected, connectionError } = useFirestoreConnection();
  const queryClient = useQueryClient();
  const [hasSnapshot, setHasSnapshot] = useState(false);
  const [streamFailed, setStreamFailed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Without a live first snapshot the HTTP read (with its fallbacks) fills the cache.
  const needsHttp = (streamFailed || connectionError !== null) && !hasSnapshot;
  const catalogue = useQuery({ ...catalogueQuery(), enabled: needsHttp });

  useEffect(() => {
    if (!isConnected || connectionError) return;
    let stream: ReturnType<typeof openProductsStream> | null = null;
    let setupFailed: ReturnType<typeof setTimeout> | undefined;
    // A page that came with the list (server-rendered, then hydrated) shows it already: its stream
    // opens once the page has loaded and the browser is idle, so the connection never competes
    // with hydration, and names the list's version, so the list is not sent a second time. Without
    // the list, the stream is the page's only download of it and opens at once.
    const open = readCatalogue(queryClient) ? whenPageSettled : (task: () => void) => (task(), () => undefined);
    const live = () => {
      setHasSnapshot(true);
      setError(null);
    };
    const cancel = open(() => {
      try {
        stream = openProductsStream(
          {
            onData: (list, version) => {
              applyCatalogueSnapshot(queryClient, list, version);
              live();
            },
            // The list on screen (the rendered page's, or an earlier stream's) is the live one.
            onUnchanged: live,
            onError: (e) => {
              setError(MESSAGES.listenerError(e.message));
              setStreamFailed(true);
            },
            onRetry: () => setStreamFailed(true),
            onRetriesExhausted: (lastGood, e) => {
              // The last good list stays on screen; only the failure is added.
              if (lastGood) applyCatalogueSnapshot(queryClient, lastGood);
              setError(e.message);
              setStreamFailed(true);
            },
          },
          createEventSource,
          () => readCatalogue(queryClient)?.version,
        );
      } catch (e) {
        // A stream that cannot even be created (spec: set-up failure) is reported like every other
        // stream outcome, after this effect; the HTTP read then stands in.
        const failure = MESSAGES.setupFailure((e as Error).message);
        setupFailed = setTimeout(() => {
          setError(failure);
          setStreamFailed(true);
        }, 0);
      }
    });
    return () => {
      cancel();
      clearTimeout(setupFailed);
      stream?.close();
    };
  }, [isConnected, connectionError, createEventSource, queryClient]);

  const { refetch } = catalogue;
  const refresh = useCallback(async () => {
    setError(null);
    await refetch();
  }, [refetch]);

  const data = catalogue.data;
  const products = useMemo(() => data?.products ?? [], [data]);

  const getProductById = useCallback(
    async (id: string) => {
      const loaded = readCatalogue(queryClient)?.products.find((p) => p.id === id);
      if (loaded) return loaded;
      try {
        return await queryClient.fetchQuery(productQuery(id));
      } catch {
        return null;
      }
    },
    [queryClient],
  );

  // Loading until something is on screen: the stream's first snapshot, or the HTTP read.
  const loading = !data && (catalogue.isFetching || !needsHttp);
  const value = useMemo<ProductsContextValue>(
    () => ({
      products,
      source: data?.source ?? null,
      hasSnapshot,
      loading,
      error,
      loadError: data?.error ?? null,
      refresh,
      getProductById,
    }),
    [products, data, hasSnapshot, loading, error, refresh, getProductById],
  );
  return <ProductsContext.Provider value={value}>{children}</ProductsContext.Provider>;
}

export function useProducts(): ProductsContextValue {
  const value = useContext(ProductsContext);
  if (!value) throw new Error(MESSAGES.useProductsOutsideProvider);
  return value;
}
