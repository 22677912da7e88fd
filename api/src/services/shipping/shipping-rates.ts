import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import {
  SHIPPING_OPTIONS_MAX,
  type ShippingDestination,
  type ShippingOption,
  type ShippingRatesResponse,
} from '@shop/shared/schemas';
import { flatRateFor, type FlatRateTable } from '@shop/shared/server/config';
import type { PrintfulClient, PrintfulShippingRate } from '@shop/shared/server/printful';

// Shipping options for a cart and a destination (DESIGN.md 12.1). Printful is asked through the
// interactive share of the one request budget (shared/src/server/printful/request-pacer.ts); its
// answer is cached in Redis by destination and cart contents, so a shopper who reloads the cart or
// goes on to checkout costs no second call. When Printful cannot be asked (budget spent, outage,
// an answer we cannot read) the configured flat-rate table answers, labelled `flat-rate`; that
// answer is not cached, so Printful is asked again once it is back.

export interface QuotedLine {
  catalogVariantId: string | number | null;
  quantity: number;
  /** Retail price of one, in US dollars: Printful prices some destinations by value. */
  unitPrice: number;
}

export interface ShippingRateDeps {
  printful: PrintfulClient;
  redis: Redis;
  prefix: string;
  flatRates: FlatRateTable;
  log: FastifyBaseLogger;
  /** How long a Printful quote is reused. */
  cacheTtlSeconds?: number;
}

/** Printful's quotes change rarely within a visit; 15 minutes covers a cart-to-payment walk. */
export const SHIPPING_QUOTE_TTL_SECONDS = 15 * 60;
export const FLAT_RATE_METHOD = { id: 'STANDARD', name: 'Standard shipping' } as const;

function cacheKey(prefix: string, destination: ShippingDestination, lines: QuotedLine[]): string {
  const contents = lines
    .map((l) => `${l.catalogVariantId}x${l.quantity}@${l.unitPrice.toFixed(2)}`)
    .sort()
    .join(',');
  const where = [destination.country, destination.state ?? '', destination.zip?.toUpperCase() ?? ''].join('|');
  const digest = createHash('sha256').update(`${where}#${contents}`).digest('base64url').slice(0, 32);
  return `${prefix}:shipping-rates:${digest}`;
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

function cheapestFirst(options: ShippingOption[]): ShippingOption[] {
  return [...options].sort((a, b) => a.amount - b.amount).slice(0, SHIPPING_OPTIONS_MAX);
}

function destinationOf(d: ShippingDestination): ShippingRatesResponse['destination'] {
  return { country: d.country, ...(d.state ? { state: d.state } : {}), ...(d.zip ? { zip: d.zip } : {}) };
}

export class ShippingRateService {
  constructor(private readonly deps: ShippingRateDeps) {}

  async quote(destination: ShippingDestination, lines: QuotedLine[]): Promise<ShippingRatesResponse> {
    const key = cacheKey(this.deps.prefix, destination, lines);
    const cached = await this.readCache(key);
    if (cached) return { destination: destinationOf(destination), options: cached, source: 'printful' };
    const options = await this.askPrintful(destination, lines);
    if (!options) return this.flatRate(destination);
    await this.writeCache(key, options);
    return { destination: destinationOf(destination), options, source: 'printful' };
  }

  flatRate(destination: ShippingDestination): ShippingRatesResponse {
    const amount = flatRateFor(this.deps.flatRates, destination.country);
    return {
      destination: destinationOf(destination),
      options: [{ ...FLAT_RATE_METHOD, amount, currency: 'USD' }],
      source: 'flat-rate',
    };
  }

  private async askPrintful(destination: ShippingDestination, lines: QuotedLine[]): Promise<ShippingOption[] | null> {
    const items = lines.map((l) => ({
      variant_id: Number(l.catalogVariantId),
      quantity: l.quantity,
      value: l.unitPrice.toFixed(2),
    }));
    if (items.length === 0 || items.some((i) => !Number.isInteger(i.variant_id) || i.variant_id <= 0)) return null;
    try {
      const rates = await this.deps.printful.getShippingRates({
        recipient: {
          country_code: destination.country,
          ...(destination.state ? { state_code: destination.state } : {}),
          ...(destination.zip ? { zip: destination.zip } : {}),
        },
        items,
      });
      const usd = rates.filter((r) => r.currency.toUpperCase() === 'USD');
      if (usd.length === 0) return null;
      return cheapestFirst(usd.map(toOption));
    } catch (error) {
      this.deps.log.warn(
        { err: (error as Error).message, country: destination.country },
        'printful shipping rates unavailable; answering from the flat-rate table',
      );
      return null;
    }
  }

  private async readCache(key: string): Promise<ShippingOption[] | null> {
    try {
      const text = await this.deps.redis.get(key);
      return text ? (JSON.parse(text) as ShippingOption[]) : null;
    } catch {
      return null;
    }
  }

  private async writeCache(key: string, options: ShippingOption[]): Promise<void> {
    try {
      await this.deps.redis.set(
        key,
        JSON.stringify(options),
        'EX',
        this.deps.cacheTtlSeconds ?? SHIPPING_QUOTE_TTL_SECONDS,
      );
    } catch {
      // A lost cache write only costs the next shopper a Printful call.
    }
  }
}
