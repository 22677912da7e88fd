import { DEFAULT_SEARCH_SORT, SEARCH_SORTS, type SearchSort } from '../../schemas/catalog.js';
import {
  PAGE_LIMIT_MAX,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_DEFAULT_STATUS,
  SEARCH_NOTHING_FOUND_PRODUCTS,
  SEARCH_SYNONYMS,
} from '../../constants/index.js';
import {
  compareLatest,
  compareName,
  comparePriceAsc,
  comparePriceDesc,
  productName,
  type OrderableProduct,
} from './catalog-order.js';
import { buildSearchVocabulary, suggestSearch, type SearchVocabulary } from './search-suggestion.js';
import { foldSearchText, searchNeedles, type SearchNeedles } from './search-text.js';

// Product search (docs/rules.md#calls-to-other-services "Product search", the search defaults of docs/rules.md#constants-and-limits; docs/performance.md#performance-design). The spec fetched at most 100 `products` documents and filtered them in the
// browser; these rules run over the whole catalogue instead, with the same defaults, match and
// sorts:
// - status filter, default 'active'; optional category (exact, as the spec's equality filter);
// - match of q against the name or title, the description, a variant name, the category or the
//   provider's product type (docs/rules.md#what-a-merch-shopper-expects), ignoring case, accents, spaces and hyphens ("t-shirt"
//   = "tshirt" = "t shirt"), a query word's synonym (SEARCH_SYNONYMS) and a plural's final "s";
//   a query of several words also matches a product where each word starts a word of its own,
//   in any order and any field ("black tee" finds a tee whose colour is Black);
// - sort relevance | name | priceAsc | priceDesc | latest (newest updatedAt first, the default
//   without a query); with a query the default is relevance ("Best match"): a whole word of the
//   title first, then part of the title, then a whole word elsewhere, then the rest, each tier
//   newest first;
// - cut to the limit (default 20, 1 to 100); `total` counts every match before the cut.
// Facets count the matches per category for q and status WITHOUT the category filter, so that a
// shopper who picked one category still sees how many matches the other categories hold.

export { DEFAULT_SEARCH_SORT, SEARCH_SORTS, type SearchSort };
export { foldSearchText, searchNeedles, type SearchNeedles };

/** What search reads of a product. */
export interface SearchableProduct extends OrderableProduct {
  description: string;
  category: string;
  status: string;
  variants: ReadonlyArray<{ name: string }>;
  /** The provider's name for the blank ("Unisex Staple T-Shirt | Bella + Canvas 3001"). */
  productType?: string | null;
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
  /** When nothing matched: every category of the store with its product count, to go on from. */
  categories?: Record<string, number>;
  /** When nothing matched: the query with its typos corrected ("t-shirt" for "tshrit"), if that finds products. */
  suggestion?: string;
  /** When nothing matched: a few of the store's products (its first, newest first) to go on from. */
  popular?: T[];
}

const COMPARATORS: Record<SearchSort, (a: OrderableProduct, b: OrderableProduct) => number> = {
  // Relevance ranks the matches of a query; its ties, and a search without one, go newest first.
  relevance: compareLatest,
  latest: compareLatest,
  name: compareName,
  priceAsc: comparePriceAsc,
  priceDesc: comparePriceDesc,
};

/** The query with every default applied: what a search with missing parameters means. */
export function resolveSearchQuery(query: CatalogSearchQuery): Required<CatalogSearchQuery> {
  const limit = Number.isFinite(query.limit) ? Math.trunc(query.limit as number) : SEARCH_DEFAULT_LIMIT;
  const q = (query.q ?? '').trim();
  const sort = query.sort ?? (q === '' ? DEFAULT_SEARCH_SORT : 'relevance');
  return {
    q,
    category: (query.category ?? '').trim(),
    status: query.status?.trim() || SEARCH_DEFAULT_STATUS,
    sort: sort === 'relevance' && q === '' ? DEFAULT_SEARCH_SORT : sort,
    limit: Math.min(PAGE_LIMIT_MAX, Math.max(1, limit)),
  };
}

export interface SearchEntry<T> {
  product: T;
  /** Folded (see foldSearchText) searched fields, joined by FIELD_SEPARATOR. */
  text: string;
  /**
   * The maker's part of the provider's product type ("Bella + Canvas 3001" in "Unisex Staple
   * T-Shirt | Bella + Canvas 3001"), folded: found by whole words as typed, never by part of a
   * word, a synonym or a plural, so "t-shirt" (through "tee") does not find the tote made by "Q-Tees".
   */
  maker: string;
  /** The folded name and title alone, to rank a match in them first (relevance). */
  title: string;
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
  /** The words of the products' names and categories, and the synonyms, for "did you mean" (built on first use). */
  vocabulary(): SearchVocabulary;
}

/**
 * Products are replaced, never changed in place, so each one's text is computed once and reused
 * by every index built after it (a catalogue change re-indexes only the products it touched).
 */
const textOf = new WeakMap<SearchableProduct, { text: string; maker: string; title: string }>();

/** "Eco Tote Bag | Q-Tees Q800": the blank's name, then its maker and model. */
const MAKER_SEPARATOR = ' | ';

function searchableText(product: SearchableProduct): { text: string; maker: string; title: string } {
  let texts = textOf.get(product);
  if (texts === undefined) {
    const type = product.productType ?? '';
    const cut = type.indexOf(MAKER_SEPARATOR);
    const fields = [
      productName(product),
      product.title,
      product.description,
      ...product.variants.map((v) => v.name),
      product.category,
      cut === -1 ? type : type.slice(0, cut),
    ];
    const present = fields.filter((f): f is string => typeof f === 'string' && f !== '').flatMap(foldSearchText);
    // One string per product: a search is one substring test per product, not one per field.
    const titles = [productName(product), product.title].filter((f): f is string => typeof f === 'string' && f !== '');
    texts = {
      text: [...new Set(present)].join(FIELD_SEPARATOR),
      title: [...new Set(titles.flatMap(foldSearchText))].join(FIELD_SEPARATOR),
      // Each form closed by a space, so the words typed must be whole words of it.
      maker:
        cut === -1
          ? ''
          : foldSearchText(type.slice(cut + MAKER_SEPARATOR.length))
              .map((form) => `${form} `)
              .join(FIELD_SEPARATOR),
    };
    textOf.set(product, texts);
  }
  return texts;
}

export function buildSearchIndex<T extends SearchableProduct>(products: readonly T[]): SearchIndex<T> {
  const entries: SearchEntry<T>[] = products.map((product) => ({ product, ...searchableText(product) }));
  const orders = new Map<SearchSort, SearchEntry<T>[]>();
  let vocabulary: SearchVocabulary | null = null;
  return {
    size: entries.length,
    vocabulary() {
      vocabulary ??= buildSearchVocabulary([
        // The blank's name without its maker ("Unisex Staple T-Shirt"), as search reads it.
        ...products.flatMap((p) => [productName(p), p.category, (p.productType ?? '').split(MAKER_SEPARATOR)[0] ?? '']),
        ...SEARCH_SYNONYMS.flat(),
      ]);
      return vocabulary;
    },
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

function matchesText(entry: SearchEntry<SearchableProduct>, needles: SearchNeedles): boolean {
  return (
    needles.anywhere.some(
      (needle) => needle === '' || entry.text.includes(needle) || entry.maker.includes(` ${needle} `),
    ) ||
    needles.wordStart.some((needle) => entry.text.includes(needle)) ||
    (needles.eachWord.length > 0 &&
      needles.eachWord.every((forms) =>
        forms.some((needle) => entry.text.includes(needle) || entry.maker.includes(`${needle} `)),
      ))
  );
}

/** Whether `word` stands in `text` as a whole word (the folded forms start each word with a space). */
function hasWord(text: string, word: string): boolean {
  for (let at = text.indexOf(` ${word}`); at !== -1; at = text.indexOf(` ${word}`, at + 1)) {
    const next = text[at + word.length + 1];
    if (next === undefined || next === ' ' || next === FIELD_SEPARATOR) return true;
  }
  return false;
}

/** A match's rank for "Best match", lower first: whole word of the title, part of it, whole word elsewhere, the rest. */
function relevanceOf(entry: SearchEntry<SearchableProduct>, needles: SearchNeedles): number {
  const words = [
    ...needles.anywhere,
    ...[...needles.wordStart, ...needles.eachWord.flat()].map((n) => n.trim()),
  ].filter((w) => w !== '');
  if (words.some((w) => hasWord(entry.title, w))) return 0;
  if (needles.anywhere.some((n) => entry.title.includes(n)) || needles.wordStart.some((n) => entry.title.includes(n)))
    return 1;
  if (words.some((w) => hasWord(entry.text, w))) return 2;
  return 3;
}

/** Whether `product` matches the query text `q` (an empty query matches every product). */
export function matchesSearchText(product: SearchableProduct, q: string): boolean {
  return matchesText({ product, ...searchableText(product) }, searchNeedles(q));
}

export function searchCatalog<T extends SearchableProduct>(
  index: SearchIndex<T>,
  query: CatalogSearchQuery = {},
): CatalogSearchResult<T> {
  const { q, category, status, sort, limit } = resolveSearchQuery(query);
  const needles = searchNeedles(q);
  const facets: Record<string, number> = {};
  const everyCategory: Record<string, number> = {};
  let products: T[] = [];
  // Best match: every match ranked (the index gives them newest first, which breaks ties), then cut.
  const ranked: { product: T; rank: number }[] | null = sort === 'relevance' ? [] : null;
  let total = 0;
  for (const entry of index.ordered(sort)) {
    const product = entry.product;
    if (product.status !== status) continue;
    everyCategory[product.category] = (everyCategory[product.category] ?? 0) + 1;
    if (!matchesText(entry, needles)) continue;
    facets[product.category] = (facets[product.category] ?? 0) + 1;
    if (category !== '' && product.category !== category) continue;
    total += 1;
    if (ranked) ranked.push({ product, rank: relevanceOf(entry, needles) });
    else if (products.length < limit) products.push(product);
  }
  if (ranked)
    products = ranked
      .sort((a, b) => a.rank - b.rank)
      .slice(0, limit)
      .map((r) => r.product);
  const result = { products, total, facets: { category: sortedKeys(facets) } };
  if (total > 0) return result;
  // An empty result is never a dead end (docs/rules.md#what-a-merch-shopper-expects): it offers the
  // store's categories, the query with its typos corrected and a few products.
  const suggestion =
    q === ''
      ? null
      : suggestSearch(q, index.vocabulary(), (text) => {
          const tried = searchNeedles(text);
          return index.ordered('latest').some((e) => e.product.status === status && matchesText(e, tried));
        });
  const popular = index
    .ordered('latest')
    .filter((e) => e.product.status === status)
    .slice(0, SEARCH_NOTHING_FOUND_PRODUCTS)
    .map((e) => e.product);
  return {
    ...result,
    categories: sortedKeys(everyCategory),
    ...(suggestion === null ? {} : { suggestion }),
    popular,
  };
}

function sortedKeys(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
