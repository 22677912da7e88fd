import type { Logger } from 'pino';
import { parsePrice } from '@shop/shared/domain/product';
import {
  PrintfulNotFoundError,
  PrintfulUnavailableError,
  type PrintfulClient,
  type PrintfulProductDetail,
} from '@shop/shared/providers/printful';

// Printful's cost of each variant (reference A2): sync variants carry only the store's retail
// price, so the cost is read from the v1 catalog product the variant is made from. One request per
// blank per run, shared by all products made from it, inside the same request budget.

export type CostReader = (detail: PrintfulProductDetail) => Promise<Map<number, number>>;

export function createCostReader(client: PrintfulClient, logger: Pick<Logger, 'warn'>): CostReader {
  const byCatalogProduct = new Map<number, Promise<Map<number, number>>>();

  function costsOf(catalogProductId: number): Promise<Map<number, number>> {
    let costs = byCatalogProduct.get(catalogProductId);
    if (!costs) {
      costs = client.getCatalogProduct(catalogProductId).then(
        ({ variants }) => new Map(variants.map((v) => [v.id, parsePrice(v.price)] as const)),
        (error: unknown) => {
          // Not read this run: the caller falls back on the last known costs (see withLastKnownCosts),
          // and a variant never read stays off sale; the next sync reads it again.
          if (error instanceof PrintfulNotFoundError || error instanceof PrintfulUnavailableError) {
            logger.warn({ catalogProductId, err: error.message }, 'Printful cost not read');
            byCatalogProduct.delete(catalogProductId);
            return new Map<number, number>();
          }
          throw error;
        },
      );
      byCatalogProduct.set(catalogProductId, costs);
    }
    return costs;
  }

  return async (detail) => {
    const ids = new Set<number>();
    for (const v of detail.sync_variants) if (v.product?.product_id) ids.add(v.product.product_id);
    const costs = new Map<number, number>();
    for (const id of ids) for (const [variantId, cost] of await costsOf(id)) costs.set(variantId, cost);
    return costs;
  };
}

/**
 * Costs read this run, completed with the ones the product's last sync recorded (its raw copy's
 * `costs`, keyed by catalog variant id) for variants Printful's catalog did not answer for, so a
 * failed catalog call never turns a known below-cost variant into one on sale.
 */
export function withLastKnownCosts(
  read: ReadonlyMap<number, number>,
  lastKnown: Readonly<Record<string, number>> | undefined,
): Map<number, number> {
  const costs = new Map(read);
  for (const [id, cost] of Object.entries(lastKnown ?? {})) if (!costs.has(Number(id))) costs.set(Number(id), cost);
  return costs;
}
