import { describe, expect, test } from 'vitest';
import { CACHED_PRODUCTS_TTL_MS, MESSAGES, STORAGE_KEYS } from '@shop/shared';
import { FALLBACK_PRODUCTS } from '@shop/shared/domain/product';
import { loadStoreProducts } from '../../src/lib/catalog/load-catalogue';
import { MUG, SHIRT } from '../cart/stubs';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const failing = async (): Promise<never> => {
  throw new Error('store unreachable');
};
const saveCache = (timestamp: number) =>
  localStorage.setItem(STORAGE_KEYS.cachedProducts, JSON.stringify({ timestamp, products: [SHIRT, MUG] }));

describe('store product loading', () => {
  test('a loaded catalogue is shown and saved for later', async () => {
    const loaded = await loadStoreProducts(
      async () => [SHIRT],
      () => NOW,
    );
    expect(loaded).toEqual({ products: [SHIRT], error: null, source: 'network' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.cachedProducts)!)).toEqual({
      timestamp: NOW,
      products: [SHIRT],
    });
  });

  test('on a failure, products cached within 24 hours are shown without an error', async () => {
    saveCache(NOW - CACHED_PRODUCTS_TTL_MS + 60_000);
    const loaded = await loadStoreProducts(failing, () => NOW);
    expect(loaded).toEqual({ products: [SHIRT, MUG], error: null, source: 'cache' });
  });

  test('an expired cache is ignored: the error and the three built-in products are shown', async () => {
    saveCache(NOW - CACHED_PRODUCTS_TTL_MS - 1);
    const loaded = await loadStoreProducts(failing, () => NOW);
    expect(loaded.error).toBe(MESSAGES.storeLoadError('store unreachable'));
    expect(loaded.error).toBe('Firestore error: store unreachable');
    expect(loaded.products.map((p) => [p.title, p.price, p.category])).toEqual(
      FALLBACK_PRODUCTS.map((p) => [p.title, p.price, p.category]),
    );
    expect(loaded.products).toHaveLength(3);
  });

  test('an empty catalogue shows the built-in products, without an error', async () => {
    const loaded = await loadStoreProducts(
      async () => [],
      () => NOW,
    );
    expect(loaded).toMatchObject({ error: null, source: 'fallback' });
    expect(loaded.products.map((p) => p.id)).toEqual(FALLBACK_PRODUCTS.map((p) => p.id));
  });
});
