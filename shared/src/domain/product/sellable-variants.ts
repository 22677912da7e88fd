import type { PrintfulProductDetail, PrintfulSyncVariant } from '../../providers/printful/wire.js';
import { normaliseProductDocument, type NormaliseOptions } from '../../providers/printful/normalise-product.js';
import { parsePrice } from './price.js';
import type { ProductDocument } from './product-document.js';

// What of a Printful product the store may sell (docs/rules.md#money-at-checkout margin guard, 12.2 retired
// products): a variant ignored in Printful, or priced below Printful's cost plus the minimum
// margin, is not sellable; so is a variant whose cost was never read (the guard fails closed: the
// sync keeps a variant's last known cost when Printful's catalog does not answer, so only a
// variant never read is unknown). A product ignored in Printful, or left with no sellable variant,
// is retired. Pure: the sync passes Printful's costs (catalog variant id -> US dollars).

export type RetiredReason = 'ignored' | 'below-margin' | 'cost-unknown';

export interface RetiredVariant {
  /** Printful sync variant id. */
  id: number;
  size: string | null;
  color: string | null;
  reason: RetiredReason;
  retailPrice: number;
  /** Printful's cost, when known. */
  cost: number | null;
  /** The lowest retail price the margin guard accepts, when the cost is known. */
  minimumPrice: number | null;
}

export interface SellableSplit {
  /** The product with only its sellable variants (what the storefront shows). */
  sellable: PrintfulProductDetail;
  retiredVariants: RetiredVariant[];
  /** Ignored in Printful or without a sellable variant. */
  retired: boolean;
}

/** Cost x (1 + percent/100), rounded up to the cent so the guard never lets a fraction through. */
export function minimumRetailPrice(cost: number, minMarginPercent: number): number {
  return Math.ceil(Math.round(cost * (100 + minMarginPercent) * 100) / 100) / 100;
}

function costOf(variant: PrintfulSyncVariant, costs: ReadonlyMap<number, number>): number | null {
  return costs.get(variant.variant_id) ?? null;
}

export function splitSellable(
  detail: PrintfulProductDetail,
  costs: ReadonlyMap<number, number>,
  minMarginPercent: number,
): SellableSplit {
  const sellable: PrintfulSyncVariant[] = [];
  const retiredVariants: RetiredVariant[] = [];
  for (const variant of detail.sync_variants) {
    const retailPrice = parsePrice(variant.retail_price);
    const cost = costOf(variant, costs);
    const minimumPrice = cost === null ? null : minimumRetailPrice(cost, minMarginPercent);
    // An unknown cost keeps the variant off sale until a sync reads it: selling below cost is the
    // one outcome the guard exists to prevent.
    const reason: RetiredReason | null =
      variant.is_ignored === true
        ? 'ignored'
        : minimumPrice === null
          ? 'cost-unknown'
          : retailPrice < minimumPrice
            ? 'below-margin'
            : null;
    if (reason === null) sellable.push(variant);
    else
      retiredVariants.push({
        id: variant.id,
        size: variant.size ?? null,
        color: variant.color ?? null,
        reason,
        retailPrice,
        cost,
        minimumPrice,
      });
  }
  return {
    sellable: { ...detail, sync_variants: sellable },
    retiredVariants,
    retired: detail.sync_product.is_ignored === true || sellable.length === 0,
  };
}

type Loose = Record<string, unknown>;

/**
 * A stored product document (storeInventory, products or a raw printfulProducts copy) the store
 * still sells: not archived and not ignored in Printful. The sync archives every retired product
 * (vanished, ignored, or without a sellable variant), so the status is what decides; a document
 * without variants at all keeps the spec's own answer ('Product has no available variants').
 */
export function isSellableProductDoc(doc: Loose): boolean {
  if (typeof doc.status === 'string' && doc.status !== 'active') return false;
  const syncProduct = doc.sync_product as Loose | undefined;
  return syncProduct?.is_ignored !== true;
}

/** Whether the stored document says this product, or the variant of this size and colour, was retired. */
export function isRetiredChoice(doc: Loose, choice: { size?: string; color?: string }): boolean {
  if (!isSellableProductDoc(doc)) return true;
  const retired = Array.isArray(doc.retiredVariants) ? (doc.retiredVariants as Loose[]) : [];
  if (!choice.size && !choice.color) return false;
  return retired.some((v) => (!choice.size || v.size === choice.size) && (!choice.color || v.color === choice.color));
}

/** Printful's costs (catalog variant id -> US dollars) and the margin guard's minimum percentage. */
export interface SellableGuard {
  costs: ReadonlyMap<number, number>;
  minMarginPercent: number;
}

/** The guard as a raw copy records it (JSON keys are strings), so its documents can be rebuilt from it. */
export function guardOfRecord(record: { costs?: Record<string, number>; minMarginPercent?: number }): SellableGuard {
  return {
    costs: new Map(Object.entries(record.costs ?? {}).map(([id, cost]) => [Number(id), cost] as const)),
    minMarginPercent: record.minMarginPercent ?? 0,
  };
}

/**
 * The searchable `products` document of a Printful product: only its sellable variants, each with
 * Printful's cost, and the variants not sold. A retired product is archived: it leaves the
 * storefront but stays known, so a shopper's cart line of it reads as unavailable.
 */
export function sellableProductDocument(
  detail: PrintfulProductDetail,
  guard: SellableGuard,
  options: NormaliseOptions = {},
): { doc: ProductDocument; split: SellableSplit } {
  const split = splitSellable(detail, guard.costs, guard.minMarginPercent);
  const normalised = normaliseProductDocument(split.sellable, {
    ...options,
    status: split.retired ? 'archived' : 'active',
  });
  const doc: ProductDocument = {
    ...normalised,
    sync_variants: normalised.sync_variants.map((v) => ({ ...v, cost: guard.costs.get(v.variant_id) ?? null })),
    retiredVariants: split.retiredVariants,
  };
  return { doc, split };
}
