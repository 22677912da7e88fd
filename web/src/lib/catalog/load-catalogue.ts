import { MESSAGES } from '@shop/shared';
import { FALLBACK_PRODUCTS, type StorefrontProduct } from '@shop/shared/domain/product';
import { readCachedProducts, writeCachedProducts } from './cached-products';

// The store's catalogue load (docs/rules.md#states-and-transitions, "Product loading"): the catalogue; on a failure the
// cached catalogue; without one the error and the three built-in products. An empty catalogue
// shows the built-in products too.

export type StoreProductsSource = 'network' | 'cache' | 'fallback';

export interface StoreProducts {
  products: StorefrontProduct[];
  error: string | null;
  source: StoreProductsSource;
  /**
   * The live stream's id of this list (its snapshot's ETag), when it came from the stream or a
   * page the server rendered: a stream opened while it is held is answered `unchanged`.
   */
  version?: string;
}

/** What the store shows for a catalogue that loaded (from the API or the live stream). */
export function storeProductsFrom(
  products: StorefrontProduct[],
  now: number = Date.now(),
  version?: string,
): StoreProducts {
  if (products.length === 0) return { products: [...FALLBACK_PRODUCTS], error: null, source: 'fallback' };
  writeCachedProducts(products, now);
  return { products, error: null, source: 'network', ...(version ? { version } : {}) };
}

export async function loadStoreProducts(
  fetchProducts: () => Promise<StorefrontProduct[]>,
  now: () => number = Date.now,
): Promise<StoreProducts> {
  try {
    return storeProductsFrom(await fetchProducts(), now());
  } catch (e) {
    const cached = readCachedProducts(now());
    if (cached) return { products: cached, error: null, source: 'cache' };
    return {
      products: [...FALLBACK_PRODUCTS],
      error: MESSAGES.storeLoadError((e as Error).message),
      source: 'fallback',
    };
  }
}
