import type { StorefrontProduct } from '@shop/shared/domain/product';
import type { FullDocumentStore, WriteOp } from '@shop/shared/server/store';
import type { FastifyInstance } from 'fastify';

// Storefront products as the sync writes them (storeInventory + products), for catalogue tests.

export function storefrontProduct(id: string, overrides: Partial<StorefrontProduct> = {}): StorefrontProduct {
  const updatedAt = overrides.updatedAt ?? '2025-01-01T00:00:00.000Z';
  return {
    id,
    title: `Product ${id}`,
    price: 20,
    thumbnail_url: `/images/${id}.png`,
    images: [`/images/${id}.png`],
    variants: [
      {
        id: `${id}-v1`,
        name: `Product ${id} / M`,
        size: 'M',
        color: 'Black',
        price: overrides.price ?? 20,
        currency: 'USD',
        catalog_variant_id: 4012,
        sync_variant_id: 1,
        sku: null,
        external_id: null,
      },
    ],
    category: 'clothing',
    description: 'A soft cotton shirt',
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt,
    source: 'printful',
    ...overrides,
  };
}

/** Minutes after a fixed instant, as ISO: product i is newer than product i - 1. */
export function minutesAfter(minutes: number): string {
  return new Date(Date.UTC(2025, 0, 1) + minutes * 60_000).toISOString();
}

/** Writes products to storeInventory and their searchable documents to products, in batches. */
export async function seedCatalogue(
  store: FullDocumentStore,
  products: StorefrontProduct[],
  status: 'active' | 'archived' = 'active',
) {
  for (let i = 0; i < products.length; i += 250) {
    const ops: WriteOp[] = products.slice(i, i + 250).flatMap((p) => [
      { type: 'set' as const, collection: 'storeInventory', id: p.id, data: { ...p } },
      { type: 'set' as const, collection: 'products', id: p.id, data: { ...p, name: p.title, status } },
    ]);
    await store.batch(ops);
  }
}

/** What the worker does after writing: announce the change, then wait for the read model to apply it. */
export async function announce(app: FastifyInstance, ids: string[]) {
  const before = app.catalog.version;
  await app.eventBus.publish({ type: 'inventory.changed', ids });
  const deadline = Date.now() + 10_000;
  while (app.catalog.version === before) {
    if (Date.now() > deadline) throw new Error('the read model did not apply the inventory.changed event');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await app.catalog.idle();
}
