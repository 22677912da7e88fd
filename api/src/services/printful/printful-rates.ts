import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError, MESSAGES } from '@shop/shared';
import type { ShippingDestination, ShippingOption } from '@shop/shared/schemas';
import type { Config } from '@shop/shared/server/config';
import { createShopperPrintfulClient } from './shopper-client.js';
import { PrintfulRequestError, type PrintfulClient, type PrintfulShippingRate } from '@shop/shared/providers/printful';

// Printful's shipping rates for a cart (docs/providers.md#printful-shipping-rates): the request, its
// answer read as the store's options, and what a failure means. The shipping service
// (services/shipping/shipping-rates.ts) decides when Printful is asked at all, caches the answer
// and falls back to the flat-rate table.

export type PrintfulRatesClient = PrintfulClient;

/** The client the shipping quotes use: the interactive share of the request budget, no retry. */
export function createPrintfulRatesClient(config: Config, redis: Redis): PrintfulRatesClient {
  return createShopperPrintfulClient(config, redis);
}

export interface PrintfulRateLine {
  catalogVariantId: string | number | null;
  quantity: number;
  /** Retail price of one, in US dollars: Printful prices some destinations by value. */
  unitPrice: number;
}

/** The options in US dollars, or `unavailable` when Printful could not be asked or read. */
export type PrintfulRatesAnswer = { kind: 'options'; options: ShippingOption[] } | { kind: 'unavailable' };

export interface PrintfulRatesTurn {
  /** Who asks: the shoppers' share is queued fairly by client. */
  client: string;
  /** How long the quote waits for its turn at Printful. */
  waitMs: number;
}

function placeOf(d: ShippingDestination): string {
  return [d.state, d.country].filter(Boolean).join(', ');
}

/** A quote without address1 or city refused over those missing fields (Printful publishes no wording). */
function refusesShortForm(destination: ShippingDestination, error: Error): boolean {
  if (destination.address1 && destination.city) return false;
  return /\b(address1?|street|city)\b/i.test(error.message.replace(/^Printful \S+ \S+:/, ''));
}

function toOption(rate: PrintfulShippingRate): ShippingOption {
  return {
    id: rate.id,
    name: rate.name,
    amount: Math.round(Number(rate.rate) * 100) / 100,
    currency: 'USD',
    ...(rate.minDeliveryDays != null ? { minDeliveryDays: rate.minDeliveryDays } : {}),
    ...(rate.maxDeliveryDays != null ? { maxDeliveryDays: rate.maxDeliveryDays } : {}),
  };
}

/**
 * Asks Printful for the cart's rates. Printful's refusal to ship there is the shopper's answer
 * (an error naming the place); anything else Printful cannot answer is `unavailable`.
 */
export async function askPrintfulRates(
  printful: PrintfulRatesClient,
  destination: ShippingDestination,
  lines: readonly PrintfulRateLine[],
  turn: PrintfulRatesTurn,
  log: FastifyBaseLogger,
): Promise<PrintfulRatesAnswer> {
  const items = lines.map((l) => ({
    variant_id: Number(l.catalogVariantId),
    quantity: l.quantity,
    value: l.unitPrice.toFixed(2),
  }));
  if (items.length === 0 || items.some((i) => !Number.isInteger(i.variant_id) || i.variant_id <= 0))
    return { kind: 'unavailable' };
  try {
    const rates = await printful.getShippingRates(
      {
        recipient: {
          ...(destination.address1 ? { address1: destination.address1 } : {}),
          ...(destination.city ? { city: destination.city } : {}),
          country_code: destination.country,
          ...(destination.state ? { state_code: destination.state } : {}),
          ...(destination.zip ? { zip: destination.zip } : {}),
        },
        items,
        // Printful answers in the Printful store's default currency unless told; the shop charges USD.
        currency: 'USD',
      },
      // The shoppers' share is queued fairly; a crowd makes this cart wait a little, not lose Printful.
      { turn },
    );
    const usd = rates.filter((r) => r.currency.toUpperCase() === 'USD');
    if (usd.length === 0) return { kind: 'unavailable' };
    return { kind: 'options', options: usd.map(toOption) };
  } catch (error) {
    // Asked without the street and town (the cart's estimate, the checkout), a refusal that is
    // about them says nothing of the place: v1's AddressInfo lists both as required, so a Printful
    // holding to its schema refuses every such quote. The flat-rate estimate answers instead of
    // "we cannot ship there"; Stripe then collects the full address.
    if (error instanceof PrintfulRequestError && error.printfulStatus === 400 && refusesShortForm(destination, error)) {
      log.warn({ err: error.message, country: destination.country }, 'printful wants a street for rates; flat rate');
      return { kind: 'unavailable' };
    }
    // Printful read the request and cannot ship it there: telling the shopper so is the answer.
    // (401/403 are our token's fault, not the destination's.)
    if (error instanceof PrintfulRequestError && error.printfulStatus !== 401 && error.printfulStatus !== 403) {
      log.info(
        { err: error.message, country: destination.country, state: destination.state },
        'printful refuses to ship this cart there',
      );
      throw new AppError('invalid-argument', MESSAGES.shippingRefused(placeOf(destination)), { field: 'shipping' });
    }
    log.warn(
      { err: (error as Error).message, country: destination.country },
      'printful shipping rates unavailable; answering from the flat-rate table',
    );
    return { kind: 'unavailable' };
  }
}
