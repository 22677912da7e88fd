import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, MESSAGES } from '@shop/shared';
import {
  PRINTFUL_LARGE_QUOTE_ITEMS,
  PRINTFUL_LARGE_QUOTES_PER_MIN,
  SHIPPING_QUOTE_MAX_WAIT_MS,
  SHIPPING_QUOTES_PER_CLIENT_PER_MIN,
} from '@shop/shared/constants';
import { deliveryPromise } from '@shop/shared/domain/delivery';
import { DEFAULT_STUDIO_TIME_ZONE } from '@shop/shared/domain/time';
import {
  SHIPPING_OPTIONS_MAX,
  type ShippingDestination,
  type ShippingOption,
  type ShippingRatesResponse,
} from '@shop/shared/schemas';
import { flatRateFor, type FlatRateTable } from '@shop/shared/server/config';
import { askPrintfulRates, type PrintfulRatesAnswer, type PrintfulRatesClient } from '../printful/printful-rates.js';

// Shipping options for a cart and a destination (docs/rules.md#money-at-checkout, docs/rules.md#money-and-abuse). Printful is asked
// (services/printful/printful-rates.ts) through
// the interactive share of the one request budget (shared/src/providers/printful/pacer.ts);
// its answer is cached in Redis by destination and cart contents, so a shopper who reloads the
// cart or goes on to checkout costs no second call. Each client (its address, as the rate limit
// keys) has its own small budget of uncached quotes, so one client cannot spend the shoppers'
// share for everyone; and a handful of clients cannot either: the share is paced through the
// minute and handed out by a fair queue (the client with the fewest calls this minute first), and
// a quote waits up to SHIPPING_QUOTE_MAX_WAIT_MS for its turn before falling back.
//
// When Printful cannot be asked (a budget spent, an outage, an answer we cannot read) the
// configured flat-rate table answers, labelled `flat-rate` and not cached. That table prices per
// unit, and a cart above SHIPPING_FALLBACK_MAX_ITEMS units gets no flat rate at all (503: try
// again), so the fallback never charges less than an order costs to ship. When Printful answers
// that it cannot ship there, that is the answer: a refusal, never a flat rate.

export interface QuotedLine {
  catalogVariantId: string | number | null;
  quantity: number;
  /** Retail price of one, in US dollars: Printful prices some destinations by value. */
  unitPrice: number;
}

export interface ShippingRateDeps {
  printful: PrintfulRatesClient;
  redis: Redis;
  prefix: string;
  flatRates: FlatRateTable;
  /** SHIPPING_FALLBACK_MAX_ITEMS: the most units the flat-rate table may price. */
  fallbackMaxItems: number;
  log: FastifyBaseLogger;
  /** How long a Printful quote is reused. */
  cacheTtlSeconds?: number;
  /** How long a quote waits for its turn at Printful (default SHIPPING_QUOTE_MAX_WAIT_MS). */
  maxWaitMs?: number;
  /** STUDIO_TIMEZONE: the days of a delivery promise are counted on the studio's calendar. */
  studioTimeZone?: string;
  /** The clock the promise counts from (tests fix it). */
  now?: () => Date;
}

/** Printful's quotes change rarely within a visit; 15 minutes covers a cart-to-payment walk. */
export const SHIPPING_QUOTE_TTL_SECONDS = 15 * 60;
export const FLAT_RATE_METHOD = { id: 'STANDARD', name: 'Standard shipping' } as const;
/** The window of the per-client quote budget. */
const CLIENT_BUDGET_WINDOW_MS = 60_000;
/** Printful's minute for large quotes, with a second's margin for clocks and travel time. */
const LARGE_QUOTE_WINDOW_MS = 61_000;

/** Who asks: the client address the rate limit keys on. */
export interface QuoteRequester {
  client: string;
}

// One fixed window per client, aligned to the clock so every API replica counts the same window.
const TAKE_CLIENT_QUOTE = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if count <= tonumber(ARGV[1]) then return 1 end
return 0
`;

// A sliding log of the large quotes sent in the last minute (every replica shares it), so no 60 s
// span holds more than Printful allows whatever its window's alignment. KEYS[1] the log; ARGV:
// now, window, limit, a unique member.
const TAKE_LARGE_QUOTE = `
local now = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - windowMs)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], windowMs)
return 1
`;

function unitsOf(lines: QuotedLine[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}

/**
 * What determines Printful's answer: the destination and each Printful variant with its quantity
 * (lines of one variant in two sizes' rows are added up). Two carts alike in these share one call
 * whoever holds them; the prices are left out, as a price change within the cache's life does not
 * move a shipping rate.
 */
function cacheKey(prefix: string, destination: ShippingDestination, lines: QuotedLine[]): string {
  const units = new Map<string, number>();
  for (const l of lines)
    units.set(String(l.catalogVariantId), (units.get(String(l.catalogVariantId)) ?? 0) + l.quantity);
  const contents = [...units]
    .map(([variant, quantity]) => `${variant}x${quantity}`)
    .sort()
    .join(',');
  const where = [destination.country, destination.state ?? '', destination.zip?.toUpperCase() ?? ''].join('|');
  const digest = createHash('sha256').update(`${where}#${contents}`).digest('base64url').slice(0, 32);
  return `${prefix}:shipping-rates:${digest}`;
}

function cheapestFirst(options: ShippingOption[]): ShippingOption[] {
  return [...options].sort((a, b) => a.amount - b.amount).slice(0, SHIPPING_OPTIONS_MAX);
}

function destinationOf(d: ShippingDestination): ShippingRatesResponse['destination'] {
  return { country: d.country, ...(d.state ? { state: d.state } : {}), ...(d.zip ? { zip: d.zip } : {}) };
}

export class ShippingRateService {
  constructor(private readonly deps: ShippingRateDeps) {}

  /**
   * The options with their delivery promise, made here once per quote: the cart, checkout, the
   * payment page and the order all show this text rather than working out their own.
   */
  async quote(
    destination: ShippingDestination,
    lines: QuotedLine[],
    requester: QuoteRequester,
  ): Promise<ShippingRatesResponse> {
    const quote = await this.quoteOptions(destination, lines, requester);
    const now = this.deps.now?.() ?? new Date();
    const zone = this.deps.studioTimeZone ?? DEFAULT_STUDIO_TIME_ZONE;
    return {
      ...quote,
      options: quote.options.map((option) => {
        const arrives = deliveryPromise(option, now, zone);
        return arrives ? { ...option, arrives } : option;
      }),
    };
  }

  private async quoteOptions(
    destination: ShippingDestination,
    lines: QuotedLine[],
    requester: QuoteRequester,
  ): Promise<ShippingRatesResponse> {
    const key = cacheKey(this.deps.prefix, destination, lines);
    const cached = await this.readCache(key);
    if (cached) return { destination: destinationOf(destination), options: cached, source: 'printful' };
    const answer =
      (await this.takeClientQuote(requester.client)) && (await this.takeLargeQuote(lines))
        ? await this.askPrintful(destination, lines, requester.client)
        : ({ kind: 'unavailable' } as const);
    if (answer.kind === 'unavailable') return this.flatRate(destination, lines);
    await this.writeCache(key, answer.options);
    return { destination: destinationOf(destination), options: answer.options, source: 'printful' };
  }

  /** The table's price for these units; a cart too large for it must wait for Printful (503). */
  flatRate(destination: ShippingDestination, lines: QuotedLine[]): ShippingRatesResponse {
    const units = unitsOf(lines);
    if (units > this.deps.fallbackMaxItems) throw new AppError('unavailable', MESSAGES.shippingRatesUnavailable);
    const amount = flatRateFor(this.deps.flatRates, destination.country, units);
    return {
      destination: destinationOf(destination),
      options: [{ ...FLAT_RATE_METHOD, amount, currency: 'USD' }],
      source: 'flat-rate',
    };
  }

  /**
   * True for a cart of at most PRINTFUL_LARGE_QUOTE_ITEMS units; a larger one takes one of the
   * large quotes Printful allows a minute, false when they are spent (or Redis cannot say): going
   * over would lock every shopper out of Printful's rates for a minute.
   */
  private async takeLargeQuote(lines: QuotedLine[]): Promise<boolean> {
    if (unitsOf(lines) <= PRINTFUL_LARGE_QUOTE_ITEMS) return true;
    try {
      const taken = await this.deps.redis.eval(
        TAKE_LARGE_QUOTE,
        1,
        `${this.deps.prefix}:shipping-quotes:large`,
        Date.now(),
        LARGE_QUOTE_WINDOW_MS,
        PRINTFUL_LARGE_QUOTES_PER_MIN,
        randomUUID(),
      );
      if (Number(taken) === 1) return true;
      this.deps.log.info('Printful large shipping quotes spent for this minute; answering without Printful');
      return false;
    } catch {
      return false;
    }
  }

  /** False when this client has spent its uncached quotes for the window (or Redis cannot say). */
  private async takeClientQuote(client: string): Promise<boolean> {
    const window = Math.floor(Date.now() / CLIENT_BUDGET_WINDOW_MS);
    const key = `${this.deps.prefix}:shipping-quotes:client:${client}:${window}`;
    try {
      const taken = await this.deps.redis.eval(
        TAKE_CLIENT_QUOTE,
        1,
        key,
        SHIPPING_QUOTES_PER_CLIENT_PER_MIN,
        CLIENT_BUDGET_WINDOW_MS * 2,
      );
      if (Number(taken) === 1) return true;
      this.deps.log.info({ client }, 'client spent its shipping quotes for this minute; answering without Printful');
      return false;
    } catch {
      return false;
    }
  }

  private async askPrintful(
    destination: ShippingDestination,
    lines: QuotedLine[],
    client: string,
  ): Promise<PrintfulRatesAnswer> {
    const answer = await askPrintfulRates(
      this.deps.printful,
      destination,
      lines,
      { client, waitMs: this.deps.maxWaitMs ?? SHIPPING_QUOTE_MAX_WAIT_MS },
      this.deps.log,
    );
    return answer.kind === 'options' ? { kind: 'options', options: cheapestFirst(answer.options) } : answer;
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
