import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@shop/shared';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { allProductsQuery } from '../api/get-products';
import { productQuery } from '../api/get-product';
import { printfulProductsQuery, type PrintfulListItem } from '../api/get-printful-products';
import { openProductsStream } from '../live/products-stream';
import type { EventSourceFactory } from '../live/recovering-stream';
import { useFirestoreConnection } from './firestore-connection-provider';

// The live catalogue (spec section 4, "Products provider"): the inventory stream replaces the
// list on every snapshot; two HTTP fetches (storefront list, print-on-demand list) fill the other
// lists. Loading is true until the first snapshot or a connection error.

export interface ProductsContextValue {
  /** The live inventory, newest first; empty until the first snapshot. */
  products: StorefrontProduct[];
  /** Whether a snapshot has arrived (an empty inventory is a valid snapshot). */
  hasSnapshot: boolean;
  loading: boolean;
  error: string | null;
  /** GET /api/products; empty when the fetch failed (the spec shows nothing for that). */
  databaseProducts: StorefrontProduct[];
  /** GET /api/printful/products `result`; empty when the fetch failed. */
  printfulProducts: PrintfulListItem[];
  /** Re-runs the two HTTP fetches; the live subscription is left as it is. */
  refresh: () => Promise<void>;
  /** From the loaded lists, else read once by id; null when absent or the read fails. */
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
  const [products, setProducts] = useState<StorefrontProduct[]>([]);
  const [hasSnapshot, setHasSnapshot] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const database = useQuery(allProductsQuery());
  const printful = useQuery(printfulProductsQuery());

  useEffect(() => {
    if (!isConnected || connectionError) return;
    const stream = openProductsStream(
      {
        onData: (list) => {
          setProducts(list);
          setHasSnapshot(true);
          setError(null);
          setLoading(false);
        },
        onError: (e) => {
          setError(MESSAGES.listenerError(e.message));
          setLoading(false);
        },
        onRetry: ({ attempt, reason }) => {
          setError(MESSAGES.listenerError(`${reason}; reconnecting (attempt ${attempt})`));
          setLoading(false);
        },
        onRetriesExhausted: (lastGood, e) => {
          // The last good list stays on screen; only the failure is added.
          if (lastGood) setProducts(lastGood);
          setError(e.message);
          setLoading(false);
        },
      },
      createEventSource,
    );
    return () => stream.close();
  }, [isConnected, connectionError, createEventSource]);

  const { refetch: refetchDatabase } = database;
  const { refetch: refetchPrintful } = printful;
  const refresh = useCallback(async () => {
    setLoading(true);
    setError(null);
    await Promise.all([refetchDatabase(), refetchPrintful()]);
    setLoading(false);
  }, [refetchDatabase, refetchPrintful]);

  const databaseProducts = useMemo(() => database.data ?? [], [database.data]);
  const printfulProducts = useMemo(() => printful.data ?? [], [printful.data]);

  const getProductById = useCallback(
    async (id: string) => {
      const loaded = products.find((p) => p.id === id) ?? databaseProducts.find((p) => p.id === id);
      if (loaded) return loaded;
      try {
        return await queryClient.fetchQuery(productQuery(id));
      } catch {
        return null;
      }
    },
    [products, databaseProducts, queryClient],
  );

  // A failed connectivity probe is a connection error too: nothing will load until it clears.
  const stillLoading = loading && !connectionError;
  const value = useMemo<ProductsContextValue>(
    () => ({ products, hasSnapshot, loading: stillLoading, error, databaseProducts, printfulProducts, refresh, getProductById }),
    [products, hasSnapshot, stillLoading, error, databaseProducts, printfulProducts, refresh, getProductById],
  );
  return <ProductsContext.Provider value={value}>{children}</ProductsContext.Provider>;
}

export function useProducts(): ProductsContextValue {
  const value = useContext(ProductsContext);
  if (!value) throw new Error(MESSAGES.useProductsOutsideProvider);
  return value;
}
