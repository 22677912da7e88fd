import type { Redis } from 'ioredis';
import { sizeGuideFromPrintful } from '@shop/shared/domain/product';
import type { SizeGuide } from '@shop/shared/schemas';
import type { Config } from '@shop/shared/server/config';
import { PrintfulNotFoundError, type PrintfulClient } from '@shop/shared/providers/printful';
import { createShopperPrintfulClient } from './shopper-client.js';

// Printful's size tables of a blank, read as the storefront's size guide. The size-guide service
// (services/size-guide/size-guide-plugin.ts) decides how long an answer is kept.

export type PrintfulSizeTablesClient = PrintfulClient;

/** The client the product page's size guide uses: the interactive share of the budget, no retry. */
export function createPrintfulSizeTablesClient(config: Config, redis: Redis): PrintfulSizeTablesClient {
  return createShopperPrintfulClient(config, redis);
}

/** The blank's size guide; null when Printful has no size tables for it (mugs, stickers...). */
export async function printfulSizeGuide(
  printful: PrintfulSizeTablesClient,
  catalogProductId: number,
): Promise<SizeGuide | null> {
  try {
    return sizeGuideFromPrintful(await printful.getSizeGuide(catalogProductId));
  } catch (error) {
    if (!(error instanceof PrintfulNotFoundError)) throw error;
    return null;
  }
}
