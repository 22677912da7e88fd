import { parsePrice } from '../../domain/product/price.js';
import type { PrintfulCatalogProduct, PrintfulProductDetail } from './wire.js';

// What a sync variant learns from the catalog variant it is made from (docs/providers.md#printful-sync-products).
// Printful's published v1 SyncVariant has no size or colour; the v1 catalog Variant
// (`GET /products/{id}`) has both, and its price is the store's cost. A real integration reads the
// catalog product once per blank and sets each sync variant's size and colour from it.

export interface CatalogVariantFacts {
  /** Printful's price for the blank: what the store pays. */
  cost: number;
  size: string | null;
  color: string | null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Each variant of a catalog product by its id (a sync variant's `variant_id`). */
export function catalogVariantFacts(catalog: PrintfulCatalogProduct): Map<number, CatalogVariantFacts> {
  return new Map(
    catalog.variants.map(
      (v) => [v.id, { cost: parsePrice(v.price), size: text(v.size), color: text(v.color) }] as const,
    ),
  );
}

/**
 * The detail with each sync variant's size and colour set from its catalog variant. Where the
 * catalog was not read this time, the last stored copy's value stays (a failed catalog call does
 * not turn a product's sizes into "One Size"), then whatever the sync variant itself carried.
 */
export function withCatalogSizesAndColours(
  detail: PrintfulProductDetail,
  facts: ReadonlyMap<number, Pick<CatalogVariantFacts, 'size' | 'color'>>,
  lastKnown?: PrintfulProductDetail,
): PrintfulProductDetail {
  const previous = new Map(lastKnown?.sync_variants.map((v) => [v.id, v]));
  return {
    ...detail,
    sync_variants: detail.sync_variants.map((variant) => {
      const blank = facts.get(variant.variant_id);
      const before = previous.get(variant.id);
      const size = blank?.size ?? text(before?.size) ?? text(variant.size);
      const color = blank?.color ?? text(before?.color) ?? text(variant.color);
      return { ...variant, ...(size ? { size } : {}), ...(color ? { color } : {}) };
    }),
  };
}
