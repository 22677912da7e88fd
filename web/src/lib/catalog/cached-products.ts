import { z } from 'zod';
import { CACHED_PRODUCTS_TTL_MS, STORAGE_KEYS } from '@shop/shared';
import { storefrontProductSchema, type StorefrontProduct } from '@shop/shared/domain/product';
import { readStorage, writeStorage } from '../storage';

// The last good catalogue in local storage (docs/rules.md#entities, "Cached products"): used when the
// catalogue cannot be loaded, for 24 hours after it was saved.

const cachedProductsSchema = z.object({ timestamp: z.number(), products: z.array(storefrontProductSchema) });

export function readCachedProducts(now: number = Date.now()): StorefrontProduct[] | null {
  const raw = readStorage(STORAGE_KEYS.cachedProducts);
  if (!raw) return null;
  try {
    const parsed = cachedProductsSchema.safeParse(JSON.parse(raw));
    if (!parsed.success || parsed.data.products.length === 0) return null;
    const age = now - parsed.data.timestamp;
    return age >= 0 && age < CACHED_PRODUCTS_TTL_MS ? parsed.data.products : null;
  } catch {
    return null;
  }
}

export function writeCachedProducts(products: readonly StorefrontProduct[], now: number = Date.now()): void {
  writeStorage(STORAGE_KEYS.cachedProducts, JSON.stringify({ timestamp: now, products }));
}
