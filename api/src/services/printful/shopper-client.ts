import type { Redis } from 'ioredis';
import type { Config } from '@shop/shared/server/config';
import { createPrintfulClient, createPrintfulPacer, type PrintfulClient } from '@shop/shared/providers/printful';

// The Printful client of a call a shopper waits on (shipping rates in the cart, the size guide on
// a product page): the interactive share of the request budget, one quick attempt, no retry.

/** A shopper is waiting: one quick attempt, then the caller's fallback. */
const SHOPPER_WAIT_MS = 8000;

export function createShopperPrintfulClient(config: Config, redis: Redis): PrintfulClient {
  return createPrintfulClient(config, {
    pacer: createPrintfulPacer(redis, config, 'interactive'),
    retry: false,
    timeoutMs: SHOPPER_WAIT_MS,
  });
}
