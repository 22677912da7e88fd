import { PAGE_LIMIT_MAX } from '@shop/shared';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { productListResponseSchema } from '@shop/shared/schemas';
import { api } from '../../api-client';
import { pageCurrency } from '../page-currency';

// GET /api/products: the storefront catalogue, newest first, one page of up to 100 at a time.

/** Reads every page (the spec's "read of all storeInventory documents"). */
export async function getAllProducts(signal?: AbortSignal): Promise<StorefrontProduct[]> {
  const products: StorefrontProduct[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.get('/products', {
      // In the page's currency, whatever the cookie holds (docs/rules.md#local-prices).
      query: { limit: PAGE_LIMIT_MAX, cursor, currency: pageCurrency().currency },
      schema: productListResponseSchema,
      signal,
    });
    products.push(...page.products);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return products;
}
