import { z } from 'zod';
import {
  PAGE_LIMIT_MAX,
  PRODUCT_LIST_DEFAULT_LIMIT,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_DEFAULT_STATUS,
} from '../constants/index.js';
import { storefrontProductSchema } from './storefront-product.js';

/** Search sorts (docs/rules.md#constants-and-limits "Search defaults"); newest first unless asked otherwise. */
/** 'relevance' (best match) is the default while a query is typed; without one it means latest. */
export const SEARCH_SORTS = ['relevance', 'name', 'priceAsc', 'priceDesc', 'latest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const DEFAULT_SEARCH_SORT: SearchSort = 'latest';

/** A synced product's status in `products`: archived ones are no longer sold. */
export const PRODUCT_STATUSES = ['active', 'archived'] as const;

// Requests and responses of the catalogue and admin sync routes (docs/contracts.md#http-api), shared by
// the API (validation, OpenAPI) and the SPA (typed fetchers). Query strings arrive as text, so
// numbers are coerced; every rejection names the parameter and what it accepts. Unknown query
// parameters are dropped, not refused: the SPA's fetch helper adds a timestamp on retries.

const limit = (fallback: number) =>
  z.coerce
    .number({ error: `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}` })
    .int({ error: `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}` })
    .min(1, { error: `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}` })
    .max(PAGE_LIMIT_MAX, { error: `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}` })
    .default(fallback);

/**
 * `?currency=EUR` on a catalogue read (docs/rules.md#local-prices): read as the shopper's choice;
 * one the store does not sell in is ignored (the cookie, the guess, then USD answer instead).
 */
const currency = z.string().max(16).optional();

/** What a catalogue answer adds about its currency: the one its prices are in, and why not the one asked for. */
const answerCurrency = {
  currency: z.string().optional(),
  /** Set when the asked currency is paused (its rate is too old): the prices are in USD. */
  currencyNotice: z.string().optional(),
};

/** GET /api/products */
export const productListQuerySchema = z.object({
  currency,
  limit: limit(PRODUCT_LIST_DEFAULT_LIMIT),
  cursor: z.string({ error: 'cursor must be the nextCursor of a previous page' }).min(1).max(512).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productListResponseSchema = z.object({
  ...answerCurrency,
  products: z.array(storefrontProductSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** GET /api/products/search */
export const productSearchQuerySchema = z.object({
  currency,
  q: z.string().max(200, { error: 'q must be at most 200 characters' }).optional(),
  category: z.string().max(100, { error: 'category must be at most 100 characters' }).optional(),
  status: z
    .enum(PRODUCT_STATUSES, { error: `status must be one of ${PRODUCT_STATUSES.join(', ')}` })
    .default(SEARCH_DEFAULT_STATUS),
  // Absent: best match with a query, newest first without (resolveSearchQuery).
  sort: z.enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(', ')}` }).optional(),
  limit: limit(SEARCH_DEFAULT_LIMIT),
});
export type ProductSearchQuery = z.infer<typeof productSearchQuerySchema>;

export const productSearchResponseSchema = z.object({
  ...answerCurrency,
  products: z.array(storefrontProductSchema),
  /** Every match before the limit cut. */
  total: z.number().int().nonnegative(),
  /** Matches per category for q and status, ignoring the category filter. */
  facets: z.object({ category: z.record(z.string(), z.number().int().nonnegative()) }),
  /** Only when nothing matched: every category of the store with its product count (docs/rules.md#what-a-merch-shopper-expects). */
  categories: z.record(z.string(), z.number().int().nonnegative()).optional(),
  /** Only when nothing matched and a correction finds products: the query with its typos corrected ("t-shirt" for "tshrit"). */
  suggestion: z.string().optional(),
  /** Only when nothing matched: a few of the storefront's products, newest first. */
  popular: z.array(storefrontProductSchema).optional(),
});
export type ProductSearchResponse = z.infer<typeof productSearchResponseSchema>;

export const productParamsSchema = z.object({ id: z.string().min(1).max(200) });

/**
 * GET /api/printful/products (docs/rules.md#calls-to-other-services, docs/rules.md#money-and-abuse): the print-on-demand products in
 * Printful's own field names, reduced to what a shopper may see: sellable products and variants
 * with retail prices. Never Printful's costs, the margin setting, print files or retired variants.
 */
export const printfulShopperVariantSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  size: z.string(),
  color: z.string(),
  retail_price: z.string(),
  currency: z.string(),
});
export const printfulShopperProductSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  thumbnail_url: z.string(),
  sync_product: z.strictObject({ id: z.string(), name: z.string(), thumbnail_url: z.string(), variants: z.number() }),
  sync_variants: z.array(printfulShopperVariantSchema),
});
export type PrintfulShopperProduct = z.infer<typeof printfulShopperProductSchema>;
export const printfulProductsResponseSchema = z.object({ result: z.array(printfulShopperProductSchema) });
export type PrintfulProductsResponse = z.infer<typeof printfulProductsResponseSchema>;
