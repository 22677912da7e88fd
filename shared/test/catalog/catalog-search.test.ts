import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PAGE_LIMIT_MAX, SEARCH_DEFAULT_LIMIT } from '../../src/constants/index.js';
import {
  buildSearchIndex,
  compareLatest,
  matchesSearchText,
  resolveSearchQuery,
  searchCatalog,
  SEARCH_SORTS,
  type SearchableProduct,
} from '../../src/domain/catalog/index.js';

let seq = 0;
function product(overrides: Partial<SearchableProduct> & { id?: string } = {}): SearchableProduct {
  seq += 1;
  return {
    id: overrides.id ?? `p${String(seq).padStart(4, '0')}`,
    title: 'Plain Tee',
    description: 'A soft cotton shirt',
    price: 20,
    category: 'clothing',
    status: 'active',
    updatedAt: new Date(Date.UTC(2025, 0, 1) + seq * 60_000).toISOString(),
    variants: [{ name: 'Plain Tee / M' }],
    ...overrides,
  };
}

const search = (products: SearchableProduct[], query = {}) => searchCatalog(buildSearchIndex(products), query);
const ids = (result: { products: SearchableProduct[] }) => result.products.map((p) => p.id);

describe('defaults', () => {
  it('resolves a missing query to status active, sort latest, limit 20, no text, no category', () => {
    expect(resolveSearchQuery({})).toEqual({
      q: '',
      category: '',
      status: 'active',
      sort: 'latest',
      limit: SEARCH_DEFAULT_LIMIT,
    });
  });

  it('treats a blank status like a missing one', () => {
    expect(resolveSearchQuery({ status: '  ' }).status).toBe('active');
  });

  it('keeps the limit within 1 to 100', () => {
    expect(resolveSearchQuery({ limit: 0 }).limit).toBe(1);
    expect(resolveSearchQuery({ limit: 500 }).limit).toBe(PAGE_LIMIT_MAX);
    expect(resolveSearchQuery({ limit: 7.9 }).limit).toBe(7);
    expect(resolveSearchQuery({ limit: Number.NaN }).limit).toBe(SEARCH_DEFAULT_LIMIT);
  });

  it('returns at most 20 products by default while total counts every match', () => {
    const products = Array.from({ length: 30 }, () => product());
    const result = search(products);
    expect(result.products).toHaveLength(20);
    expect(result.total).toBe(30);
  });

  it('shows only active products unless another status is asked for', () => {
    const active = product({ title: 'Active Mug' });
    const archived = product({ title: 'Old Mug', status: 'archived' });
    expect(ids(search([active, archived]))).toEqual([active.id]);
    expect(ids(search([active, archived], { status: 'archived' }))).toEqual([archived.id]);
  });

  it('orders newest updatedAt first by default', () => {
    const older = product({ updatedAt: '2025-01-01T00:00:00.000Z' });
    const newer = product({ updatedAt: '2025-06-01T00:00:00.000Z' });
    const middle = product({ updatedAt: '2025-03-01T00:00:00.000Z' });
    expect(ids(search([older, newer, middle]))).toEqual([newer.id, middle.id, older.id]);
  });
});

describe('text match', () => {
  const tee = product({ title: 'Logo Tee', description: 'Cotton shirt', variants: [{ name: 'Logo Tee / Navy / L' }] });
  const mug = product({
    title: 'Coffee Mug',
    description: 'Holds 11 oz of COFFEE',
    category: 'accessories',
    variants: [{ name: 'Mug 11oz' }],
  });
  const cap = product({
    title: 'Studio Cap',
    name: 'Dad Hat',
    description: 'Embroidered',
    category: 'headwear',
    variants: [{ name: 'Cap / Black' }],
  });
  const all = [tee, mug, cap];

  it('matches the title regardless of case', () => {
    expect(ids(search(all, { q: 'LOGO' }))).toEqual([tee.id]);
  });

  it('matches the stored name of a products document', () => {
    expect(ids(search(all, { q: 'dad hat' }))).toEqual([cap.id]);
  });

  it('matches the description', () => {
    expect(ids(search(all, { q: 'embroidered' }))).toEqual([cap.id]);
  });

  it('matches a variant name', () => {
    expect(ids(search(all, { q: 'navy' }))).toEqual([tee.id]);
  });

  it('matches part of a word', () => {
    expect(ids(search(all, { q: 'offe' }))).toEqual([mug.id]);
  });

  it('ignores surrounding spaces and treats a blank q as no filter', () => {
    expect(ids(search(all, { q: '  mug ' }))).toEqual([mug.id]);
    expect(search(all, { q: '   ' }).total).toBe(3);
  });

  it('finds nothing when nothing matches, with empty facets, and offers every category instead', () => {
    expect(search(all, { q: 'sweater' })).toEqual({
      products: [],
      total: 0,
      facets: { category: {} },
      categories: search(all).facets.category,
      popular: search(all).products,
    });
    expect(search(all, { q: 'mug' })).not.toHaveProperty('categories');
  });

  it('does not match a phrase across two fields', () => {
    // The title ends in "Tee" and the description starts with "Cotton": "ee cotton" is in neither,
    // and "ee" starts no word, so the words do not match one by one either.
    expect(search(all, { q: 'ee cotton' }).total).toBe(0);
  });

  it('matches several words one by one, each starting a word in any field, in any order', () => {
    expect(ids(search(all, { q: 'cotton tee' }))).toEqual([tee.id]);
    expect(ids(search(all, { q: 'tee cotton' }))).toEqual([tee.id]);
  });
});

describe('category filter and facets', () => {
  const shirts = [product({ title: 'Blue Shirt' }), product({ title: 'Red Shirt' })];
  const shirtCap = product({ title: 'Shirt-logo Cap', category: 'headwear' });
  const mug = product({ title: 'Mug', description: 'Ceramic', category: 'accessories' });
  const archivedShirt = product({ title: 'Old Shirt', status: 'archived' });
  const all = [...shirts, shirtCap, mug, archivedShirt];

  it('keeps only the asked category; total counts the filtered matches', () => {
    const result = search(all, { q: 'shirt', category: 'headwear' });
    expect(ids(result)).toEqual([shirtCap.id]);
    expect(result.total).toBe(1);
  });

  it('counts matches per category for q and status, ignoring the category filter', () => {
    const result = search(all, { q: 'shirt', category: 'headwear' });
    expect(result.facets).toEqual({ category: { clothing: 2, headwear: 1 } });
  });

  it('counts every active product per category without q', () => {
    expect(search(all).facets.category).toEqual({ accessories: 1, clothing: 2, headwear: 1 });
  });

  it('lists the facet categories alphabetically', () => {
    expect(Object.keys(search(all).facets.category)).toEqual(['accessories', 'clothing', 'headwear']);
  });

  it('answers an unknown category with no products but the facets of the other categories', () => {
    const result = search(all, { category: 'posters' });
    expect(result.products).toEqual([]);
    expect(result.total).toBe(0);
    expect(result.facets.category.clothing).toBe(2);
  });

  it('an empty result offers the categories of products with the status asked, alphabetically', () => {
    expect(search(all, { q: 'umbrella' }).categories).toEqual({ accessories: 1, clothing: 2, headwear: 1 });
    expect(search(all, { q: 'umbrella', status: 'archived' }).categories).toEqual({ clothing: 1 });
  });

  it('facets follow the status filter', () => {
    expect(search(all, { status: 'archived' }).facets.category).toEqual({ clothing: 1 });
  });
});

describe('sorts', () => {
  const a = product({ title: 'banana Tee', price: 30, updatedAt: '2025-01-02T00:00:00.000Z' });
  const b = product({ title: 'Apple Tee', price: 10, updatedAt: '2025-01-01T00:00:00.000Z' });
  const c = product({ title: 'Cherry Tee', price: 20, updatedAt: '2025-01-03T00:00:00.000Z' });
  const all = [a, b, c];

  it('name: A to Z regardless of case', () => {
    expect(ids(search(all, { sort: 'name' }))).toEqual([b.id, a.id, c.id]);
  });

  it('name: numbers in numeric order', () => {
    const mug2 = product({ title: 'Mug 2' });
    const mug10 = product({ title: 'Mug 10' });
    expect(ids(search([mug10, mug2], { sort: 'name' }))).toEqual([mug2.id, mug10.id]);
  });

  it('priceAsc: cheapest first', () => {
    expect(ids(search(all, { sort: 'priceAsc' }))).toEqual([b.id, c.id, a.id]);
  });

  it('priceDesc: dearest first', () => {
    expect(ids(search(all, { sort: 'priceDesc' }))).toEqual([a.id, c.id, b.id]);
  });

  it('latest: newest updatedAt first', () => {
    expect(ids(search(all, { sort: 'latest' }))).toEqual([c.id, a.id, b.id]);
  });

  it('equal prices fall back to newest first', () => {
    const old = product({ price: 5, updatedAt: '2024-01-01T00:00:00.000Z' });
    const fresh = product({ price: 5, updatedAt: '2025-01-01T00:00:00.000Z' });
    expect(ids(search([old, fresh], { sort: 'priceAsc' }))).toEqual([fresh.id, old.id]);
  });

  it('cuts the sorted list to the limit, keeping the best first', () => {
    expect(ids(search(all, { sort: 'priceAsc', limit: 2 }))).toEqual([b.id, c.id]);
  });
});

describe('invariants', () => {
  const productArb = fc.record({
    id: fc.uuid(),
    title: fc.constantFrom('Logo Tee', 'Mug', 'Cap', 'Tote Bag', 'Sticker'),
    description: fc.constantFrom('cotton', 'ceramic', 'canvas'),
    price: fc.integer({ min: 0, max: 10_000 }).map((c) => c / 100),
    category: fc.constantFrom('clothing', 'headwear', 'accessories', 'general'),
    status: fc.constantFrom('active', 'archived'),
    updatedAt: fc.integer({ min: 1_600_000_000_000, max: 1_800_000_000_000 }).map((ms) => new Date(ms).toISOString()),
    variants: fc.constant([{ name: 'One Size' }]),
  });
  const queryArb = fc.record(
    {
      q: fc.constantFrom('', 'tee', 'MUG', 'cotton', 'a'),
      category: fc.constantFrom('clothing', 'headwear', 'accessories', 'general'),
      status: fc.constantFrom('active', 'archived'),
      sort: fc.constantFrom(...SEARCH_SORTS),
      limit: fc.integer({ min: 1, max: 100 }),
    },
    { requiredKeys: [] },
  );

  it('every result matches the filters; total and facets agree with a brute-force count', () => {
    fc.assert(
      fc.property(fc.array(productArb, { maxLength: 60 }), queryArb, (products, query) => {
        const result = search(products, query);
        const { q, category, status, limit } = resolveSearchQuery(query);
        const textMatch = (p: SearchableProduct) => matchesSearchText(p, q);
        const matching = products.filter((p) => p.status === status && textMatch(p));
        const inCategory = matching.filter((p) => !category || p.category === category);
        expect(result.total).toBe(inCategory.length);
        expect(result.products).toHaveLength(Math.min(limit, inCategory.length));
        for (const p of result.products) expect(inCategory).toContain(p);
        const counts: Record<string, number> = {};
        for (const p of matching) counts[p.category] = (counts[p.category] ?? 0) + 1;
        expect(result.facets.category).toEqual(counts);
      }),
    );
  });

  it('the latest order is a strict total order: no two products tie', () => {
    fc.assert(
      fc.property(fc.array(productArb, { minLength: 2, maxLength: 30 }), (products) => {
        const sorted = [...products].sort(compareLatest);
        for (let i = 1; i < sorted.length; i++) {
          if (sorted[i - 1].id !== sorted[i].id) expect(compareLatest(sorted[i - 1], sorted[i])).toBeLessThan(0);
        }
      }),
    );
  });
});

describe('what a shopper types (docs/rules.md#what-a-merch-shopper-expects)', () => {
  const tee = product({
    id: 'tee',
    title: 'Pixel Perfect Tee',
    description: 'Our motto on soft cotton',
    variants: [{ name: 'Pixel Perfect Tee / Black / M' }],
    productType: 'Unisex Staple T-Shirt | Bella + Canvas 3001',
  });
  const hoodie = product({
    id: 'hoodie',
    title: 'Dark Mode Hoodie',
    description: 'Heavy fleece',
    variants: [{ name: 'Dark Mode Hoodie / Black / L' }],
    category: 'clothing',
    productType: 'Unisex Heavy Blend Hoodie | Gildan 18500',
  });
  const crew = product({
    id: 'crew',
    title: 'Semicolon Sweatshirt',
    description: 'Warm',
    variants: [{ name: 'Semicolon Sweatshirt / S' }],
  });
  const cap = product({
    id: 'cap',
    title: 'Studio Cap',
    description: 'Six panels',
    category: 'accessories',
    variants: [{ name: 'Studio Cap / S/M' }],
  });
  const mug = product({
    id: 'mug',
    title: 'Coffee Mug',
    description: 'Ceramic',
    category: 'home',
    variants: [{ name: 'Coffee Mug / 11 oz' }],
    productType: 'White Glossy Mug',
  });
  const all = [tee, hoodie, crew, cap, mug];
  const found = (q: string) => ids(search(all, { q })).sort();

  it('finds a t-shirt however "t-shirt" is written, through the provider product type and "tee"', () => {
    for (const q of ['t-shirt', 'T Shirt', 'T-SHIRT', 'tee', 'tees', 't–shirt']) expect(found(q), q).toEqual(['tee']);
    // Typed as one word it is also part of "sweatshirt": the spec's search matches inside words.
    expect(found('tshirt')).toEqual(['crew', 'tee']);
  });

  it('treats hoody and hoodie, crewneck and sweatshirt, cap and hat as the same word', () => {
    expect(found('hoody')).toEqual(['hoodie']);
    expect(found('hoodies')).toEqual(['hoodie']);
    expect(found('crewneck')).toEqual(['crew']);
    expect(found('crew neck')).toEqual(['crew']);
    expect(found('hat')).toEqual(['cap']);
  });

  it('matches the category and the provider product type, ignoring case', () => {
    expect(found('ACCESSORIES')).toEqual(['cap']);
    expect(found('bella + canvas')).toEqual(['tee']);
    expect(found('glossy')).toEqual(['mug']);
  });

  it('a t-shirt search does not find a tote whose maker\'s name holds "Tees", though the maker\'s name finds it', () => {
    const tote = product({
      id: 'tote',
      title: 'Wireframe Tote',
      description: 'Boxes, lines and a big X where the image goes.',
      category: 'accessories',
      variants: [{ name: 'Wireframe Tote / Natural / Standard' }],
      productType: 'Eco Tote Bag | Q-Tees Q800',
    });
    const withTote = [...all, tote];
    for (const q of ['t-shirt', 'T-Shirts', 'tee', 'T Shirt']) {
      expect(ids(search(withTote, { q })).sort(), q).toEqual(['tee']);
    }
    expect(ids(search(withTote, { q: 'q-tees' }))).toEqual(['tote']);
    expect(ids(search(withTote, { q: 'tote bag' }))).toEqual(['tote']);
  });

  it('still finds nothing for a word no product has', () => {
    expect(search(all, { q: 'umbrella' })).toMatchObject({ products: [], total: 0 });
  });
});

describe('best match while a query is present (review finding #9)', () => {
  // Newest first would put the newest product that mentions the word anywhere on top.
  const inDescription = product({
    id: 'desc',
    title: 'Studio Hoodie',
    description: 'Warmer than a tee.',
    variants: [],
  });
  const partInTitle = product({ id: 'part', title: 'Teeny Sticker', description: 'Small.', variants: [] });
  const wordInTitle = product({ id: 'word', title: 'Hello, World! Tee', description: 'Cotton.', variants: [] });
  const newest = product({ id: 'newest', title: 'Launch Mug', description: 'Pairs with our tee.', variants: [] });
  const catalogue = [inDescription, partInTitle, wordInTitle, newest];

  it('a typed query sorts by relevance: a whole word of the title, then part of the title, then the description', () => {
    expect(resolveSearchQuery({ q: 'tee' }).sort).toBe('relevance');
    expect(ids(search(catalogue, { q: 'tee' }))).toEqual(['word', 'part', 'newest', 'desc']);
  });

  it('a whole word in the description comes before part of a word there; ties stay newest first', () => {
    const whole = product({ id: 'whole', title: 'Mug A', description: 'A mug for tee lovers', variants: [] });
    const part = product({ id: 'part2', title: 'Mug B', description: 'Teetotal approved', variants: [] });
    const wholeNewer = product({ id: 'whole2', title: 'Mug C', description: 'Goes with a tee', variants: [] });
    expect(ids(search([part, whole, wholeNewer], { q: 'tee' }))).toEqual(['whole2', 'whole', 'part2']);
  });

  it('a synonym or plural that is a whole word of the title counts as one ("t-shirts" finds the tee first)', () => {
    expect(ids(search(catalogue, { q: 't-shirts' }))[0]).toBe('word');
  });

  it('without a query, best match means newest first; a chosen sort is kept with a query', () => {
    expect(resolveSearchQuery({}).sort).toBe('latest');
    expect(ids(search(catalogue, { sort: 'relevance' }))).toEqual(ids(search(catalogue, { sort: 'latest' })));
    expect(ids(search(catalogue, { q: 'tee', sort: 'name' }))).toEqual(['word', 'newest', 'desc', 'part']);
    expect(SEARCH_SORTS).toContain('relevance');
  });
});
