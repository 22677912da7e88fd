import type { FastifyInstance } from 'fastify';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import type { FullDocumentStore } from '@shop/shared/server/store';

// Catalogue documents seeded straight into the store, in the storefront shape the sync writes, and
// the cart requests the suites make.

export function storefrontProduct(id: string, overrides: Partial<StorefrontProduct> = {}): StorefrontProduct {
  const title = overrides.title ?? `Product ${id}`;
  const price = overrides.price ?? 24.99;
  return {
    id,
    title,
    price,
    thumbnail_url: `/images/${id}.png`,
    images: [`/images/${id}.png`],
    category: 'clothing',
    description: `${title}, printed on demand`,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    source: 'printful',
    variants: [
      {
        id: `${id}-s-black`,
        name: `${title} / S / Black`,
        size: 'S',
        color: 'Black',
        price,
        currency: 'USD',
        catalog_variant_id: 4011,
        sync_variant_id: 9011,
        sku: `${id}-S-BLK`,
        external_id: `${id}-ext-s`,
      },
      {
        id: `${id}-m-black`,
        name: `${title} / M / Black`,
        size: 'M',
        color: 'Black',
        price: price + 2,
        currency: 'USD',
        catalog_variant_id: 4012,
        sync_variant_id: 9012,
        sku: `${id}-M-BLK`,
        external_id: `${id}-ext-m`,
      },
    ],
    ...overrides,
  };
}

export async function seedInventory(store: FullDocumentStore, ...products: StorefrontProduct[]): Promise<void> {
  await store.batch(
    products.map(({ id, ...data }) => ({ type: 'set' as const, collection: 'storeInventory', id, data })),
  );
}

export const guest = (guestId: string) => ({ 'x-guest-id': guestId });
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface CartItemRequest {
  productId: string;
  quantity: number;
  size?: string;
  color?: string;
}

/** POST /api/cart/items as the caller `headers` name; the test checks the answer. */
export function addCartItem(app: FastifyInstance, headers: Record<string, string>, item: CartItemRequest) {
  return app.inject({ method: 'POST', url: '/api/cart/items', headers, payload: item });
}
