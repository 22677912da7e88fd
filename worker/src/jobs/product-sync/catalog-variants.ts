import type { Logger } from 'pino';
import {
  catalogVariantFacts,
  PrintfulNotFoundError,
  PrintfulUnavailableError,
  type CatalogVariantFacts,
  type PrintfulClient,
  type PrintfulProductDetail,
} from '@shop/shared/providers/printful';

// What the sync needs from Printful's v1 catalog (reference A2, docs/providers.md#printful-sync-products):
// sync variants carry only the store's retail price, with no size or colour, so each variant's
// cost, size and colour are read from the catalog product it is made from. One request per blank
// per run, shared by all products made from it, inside the same request budget.

export type CatalogReader = (detail: PrintfulProductDetail) => Promise<Map<number, CatalogVariantFacts>>;

export function createCatalogReader(client: PrintfulClient, logger: Pick<Logger, 'warn'>): CatalogReader {
  const byCatalogProduct = new Map<number, Promise<Map<number, CatalogVariantFacts>>>();

  function factsOf(catalogProductId: number): Promise<Map<number, CatalogVariantFacts>> {
    let facts = byCatalogProduct.get(catalogProductId);
    if (!facts) {
      facts = client.getCatalogProduct(catalogProductId).then(catalogVariantFacts, (error: unknown) => {
        // Not read this run: the caller falls back on the last known costs, sizes and colours (see
        // withLastKnownCosts, withCatalogSizesAndColours), and a variant never read stays off sale;
        // the next sync reads it again.
        if (error instanceof PrintfulNotFoundError || error instanceof PrintfulUnavailableError) {
          logger.warn({ catalogProductId, err: error.message }, 'Printful catalog product not read');
          byCatalogProduct.delete(catalogProductId);
          return new Map<number, CatalogVariantFacts>();
        }
        throw error;
      });
      byCatalogProduct.set(catalogProductId, facts);
    }
    return facts;
  }

  return async (detail) => {
    const ids = new Set<number>();
    for (const v of detail.sync_variants) if (v.product?.product_id) ids.add(v.product.product_id);
    const facts = new Map<number, CatalogVariantFacts>();
    for (const id of ids) for (const [variantId, fact] of await factsOf(id)) facts.set(variantId, fact);
    return facts;
  };
}

/**
 * Costs read this run, completed with the ones the product's last sync recorded (its raw copy's
 * `costs`, keyed by catalog variant id) for variants Printful's catalog did not answer for, so a
 * failed catalog call never turns a known below-cost variant into one on sale.
 */
export function withLastKnownCosts(
  read: ReadonlyMap<number, Pick<CatalogVariantFacts, 'cost'>>,
  lastKnown: Readonly<Record<string, number>> | undefined,
): Map<number, number> {
  const costs = new Map([...read].map(([id, { cost }]) => [id, cost] as const));
  for (const [id, cost] of Object.entries(lastKnown ?? {})) if (!costs.has(Number(id))) costs.set(Number(id), cost);
  return costs;
}
