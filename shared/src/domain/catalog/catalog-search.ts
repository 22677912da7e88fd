import { DEFAULT_SEARCH_SORT, SEARCH_SORTS, type SearchSort } from '../../schemas/catalog.js';
import { PAGE_LIMIT_MAX, SEARCH_DEFAULT_LIMIT, SEARCH_DEFAULT_STATUS } from '../../constants/index.js';
import {
  compareLatest,
  compareName,
  comparePriceAsc,
  comparePriceDesc,
  productName,
  type OrderableProduct,
} from './catalog-order.js';

// Product search (spec section 7 "Product search", section 9 "Search defaults"; DESIGN.md
// section 11). The spec fetched at most 100 `products` documents and filtered them in the
// browser; these rules run over the whole catalogue instead, with the same defaults, match and
// sorts:
// - status filter, default 'active'; optional category (exact, as the spec's equality filter);
// - case-insensitive match of q against the name or title, the description or a variant name;
// - sort name | priceAsc | priceDesc | latest (newest updatedAt first, the default);
// - cut to the limit (default 20, 1 to 100); `total` counts every match before the cut.
// Facets count the matches per category for q and status WITHOUT the category filter, so that a
// shopper who picked one category still sees how many matches the other categories hold.

export { DEFAULT_SEARCH_SORT, SEARCH_SORTS, type SearchSort };

/** What search reads of a product. */
export interface SearchableProduct extends OrderableProduct {
  description: string;
  category: string;
  status: string;
  variants: ReadonlyArray<{ name: string }>;
}

export interface CatalogSearchQuery {
  q?: string;
  category?: string;
  status?: string;
  sort?: SearchSort;
  limit?: number;
}

export interface CatalogSearchResult<T> {
  products: T[];
  total: number;
  facets: { category: Record<string, number> };
}

const COMPARATORS: Record<SearchSort, (a: OrderableProduct, b: OrderableProduct) => number> = {
  latest: compareLatest,
  name: compareName,
  priceAsc: comparePriceAsc,
  priceDesc: comparePriceDesc,
};

/** The query with every default applied: what a search with missing parameters means. */
export function resolveSearchQuery(query: CatalogSearchQuery): Required<CatalogSearchQuery> {
  const limit = Number.isFinite(query.limit) ? Math.trunc(query.limit as number) : SEARCH_DEFAULT_LIMIT;
  return {
    q: (query.q ?? '').trim(),
    category: (query.category ?? '').trim(),
    status: query.status?.trim() || SEARCH_DEFAULT_STATUS,
    sort: query.sort ?? DEFAULT_SEARCH_SORT,
    limit: Math.min(PAGE_LIMIT_MAX, Math.max(1, limit)),
  };
}

export interface SearchEntry<T> {
  product: T;
  /** Lower-cased name, title, description and variant names, joined by FIELD_SEPARATOR. */
  text: string;
}

/** Joins the searched fields; never part of a search text, so no match spans two fields. */
const FIELD_SEPARATOR = '\u0000';

/**
 * The products prepared for repeated searches: texts lower-cased once, and each sort order
 * computed on first use, so a search is one pass over the products in the asked order.
 */
export interface SearchIndex<T extends SearchableProduct> {
  readonly size: number;
  ordered(sort: SearchSort): readonly SearchEntry<T>[];
}

/**
 * Products are replaced, never changed in place, so each one's text is computed once and reused
 * by every index built after it (a catalogue change re-indexes only the products it touched).
 */
const textOf = new WeakMap<SearchableProduct, string>();

function searchableText(product: SearchableProduct): string {
  let text = textOf.get(product);
  if (text === undefined) {
    const fields = [productName(product), product.title, product.description, ...product.variants.map((v) => v.name)];
    const present = fields.filter((f): f is string => typeof f === 'string' && f !== '').map((f) => f.toLowerCase());
    // One string per product: a search is one substring test per product, not one per field.
    text = [...new Set(present)].join(FIELD_SEPARATOR);
    textOf.set(product, text);
  }
  return text;
}

export function buildSearchIndex<T extends SearchableProduct>(products: readonly T[]): SearchIndex<T> {
  const entries: SearchEntry<T>[] = products.map((product) => ({ product, text: searchableText(product) }));
  const orders = new Map<SearchSort, SearchEntry<T>[]>();
  return {
    size: entries.length,
    ordered(sort) {
      let order = orders.get(sort);
      if (!order) {
        const compare = COMPARATORS[sort];
        order = [...entries].sort((a, b) => compare(a.product, b.product));
        orders.set(sort, order);
      }
      return order;
    },
  };
}

function matchesText(entry: SearchEntry<SearchableProduct>, needle: string): boolean {
  return needle === '' || entry.text.includes(needle);
}

export function searchCatalog<T extends SearchableProduct>(
  index: SearchIndex<T>,
  query: CatalogSearchQuery = {},
): CatalogSearchResult<T> {
  const { q, category, status, sort, limit } = resolveSearchQuery(query);
  const needle = q.toLowerCase().replaceAll(FIELD_SEPARATOR, '');
  const facets: Record<string, number> = {};
  const products: T[] = [];
  let total = 0;
  for (const entry of index.ordered(sort)) {
    const product = entry.product;
    if (product.status !== status || !matchesText(entry, needle)) continue;
    facets[product.category] = (facets[product.category] ?? 0) + 1;
    if (category !== '' && product.category !== category) continue;
    total += 1;
    if (products.length < limit) products.push(product);
  }
  return { products, total, facets: { category: sortedKeys(facets) } };
}

function sortedKeys(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
