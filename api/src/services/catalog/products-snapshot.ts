import type { ProductsSnapshotEvent } from '@shop/shared/schemas';
import type { CatalogReadModel } from './catalog-read-model.js';
import { render, type RenderedResponse } from './rendered-responses.js';

// The live stream's snapshot of the storefront (GET /api/products/stream), rendered once per
// catalogue version. Its ETag is the version a client names (`?version=`, Last-Event-ID) to be
// told `unchanged` instead of being sent the whole list again. The store pages carry it too, so a
// page that arrived with the list opens its stream without downloading the list a second time
// (docs/performance.md#the-list-a-page-came-with-2026-11-28-later).

const kept = new WeakMap<CatalogReadModel, { version: number; snapshot: RenderedResponse }>();

export function productsSnapshot(catalog: CatalogReadModel): RenderedResponse {
  const held = kept.get(catalog);
  if (held && held.version === catalog.version) return held.snapshot;
  const snapshot = render({ products: catalog.activeProducts() } satisfies ProductsSnapshotEvent);
  kept.set(catalog, { version: catalog.version, snapshot });
  return snapshot;
}
