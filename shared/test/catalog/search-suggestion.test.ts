import { describe, expect, it } from 'vitest';
import {
  buildSearchIndex,
  buildSearchVocabulary,
  editDistance,
  searchCatalog,
  suggestSearch,
  type SearchableProduct,
} from '../../src/domain/catalog/index.js';
import { SEARCH_NOTHING_FOUND_PRODUCTS } from '../../src/constants/index.js';

let seq = 0;
function product(overrides: Partial<SearchableProduct> = {}): SearchableProduct {
  seq += 1;
  return {
    id: `p${String(seq).padStart(4, '0')}`,
    title: 'Plain Mug',
    description: 'Holds coffee',
    price: 20,
    category: 'drinkware',
    status: 'active',
    updatedAt: new Date(Date.UTC(2025, 0, 1) + seq * 60_000).toISOString(),
    variants: [{ name: 'Plain Mug / 11 oz' }],
    ...overrides,
  };
}

const blackTee = product({
  title: 'Pixel Perfect Tee',
  name: 'Pixel Perfect Unisex T-Shirt',
  description: 'Soft cotton',
  category: 'clothing',
  productType: 'Unisex Staple T-Shirt | Bella + Canvas 3001',
  variants: [{ name: 'Pixel Perfect Tee / Black / M' }, { name: 'Pixel Perfect Tee / White / M' }],
});
const hoodie = product({
  title: 'Studio Hoodie',
  description: 'Warm',
  category: 'clothing',
  variants: [{ name: 'Studio Hoodie / Navy / L' }],
});
const mug = product();
const catalogue = [blackTee, hoodie, mug];
const search = (q: string) => searchCatalog(buildSearchIndex(catalogue), { q });

describe('editDistance', () => {
  it('counts a swap of two neighbours as one edit', () => {
    expect(editDistance('tshrit', 'tshirt')).toBe(1);
  });

  it('counts additions, removals and replacements', () => {
    expect(editDistance('', 'mug')).toBe(3);
    expect(editDistance('hodie', 'hoodie')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('stops past the limit, answering limit + 1', () => {
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('several words', () => {
  it('"black tee" finds a tee whose colour is black, though the words are not side by side', () => {
    const result = search('black tee');
    expect(result.products.map((p) => p.id)).toEqual([blackTee.id]);
  });

  it('every word must match: "navy tee" finds nothing', () => {
    expect(search('navy tee').total).toBe(0);
  });

  it('leaves one-letter words to the phrase, so "t shirt" does not find every word starting with t', () => {
    expect(search('t shirt').products.map((p) => p.id)).toEqual([blackTee.id]);
  });
});

describe('did you mean', () => {
  it('offers "t-shirt" for "tshrit", written as the catalogue writes it, and it finds products', () => {
    const result = search('tshrit');
    expect(result.total).toBe(0);
    expect(result.suggestion).toBe('t-shirt');
    expect(search(result.suggestion ?? '').total).toBeGreaterThan(0);
  });

  it('corrects only the unknown word of several', () => {
    expect(search('black hodie').suggestion).toBe(undefined);
    expect(search('navy hoodei').suggestion).toBe('navy hoodie');
  });

  it('offers nothing when no catalogue word is close, or when the correction finds nothing', () => {
    expect(search('zzzzzz').suggestion).toBeUndefined();
    expect(search('xq').suggestion).toBeUndefined();
  });

  it('suggests nothing when the search finds products', () => {
    const result = search('hoodie');
    expect(result.total).toBe(1);
    expect(result.suggestion).toBeUndefined();
    expect(result.popular).toBeUndefined();
  });

  it('uses the synonyms too, and prefers the commoner of two equally close words', () => {
    const vocabulary = buildSearchVocabulary(['Mug', 'Mug', 'Rug', 'tee tshirt']);
    expect(suggestSearch('mvg', vocabulary, () => false)).toBeNull();
    expect(suggestSearch('tea', vocabulary, () => false)).toBeNull();
    expect(suggestSearch('tshrt', vocabulary, (t) => t === 'tshirt')).toBe('tshirt');
    const closeTwice = buildSearchVocabulary(['Cards', 'Cards', 'Carts']);
    expect(suggestSearch('cardz', closeTwice, (t) => t !== 'cardz')).toBe('cards');
  });
});

describe('nothing found', () => {
  it('offers a few of the store products, newest first', () => {
    const many = Array.from({ length: SEARCH_NOTHING_FOUND_PRODUCTS + 3 }, () => product());
    const result = searchCatalog(buildSearchIndex(many), { q: 'nothing like this' });
    expect(result.popular?.map((p) => p.id)).toEqual(
      [...many]
        .reverse()
        .slice(0, SEARCH_NOTHING_FOUND_PRODUCTS)
        .map((p) => p.id),
    );
  });
});

describe('the words offered', () => {
  it("include the blank's name, not its maker, and are written with their hyphen", () => {
    const tee = product({
      title: 'Ship It Tee',
      category: 'clothing',
      productType: 'Unisex Staple T-Shirt | Bella + Canvas 3001',
    });
    const index = buildSearchIndex([tee]);
    expect(searchCatalog(index, { q: 'tshrit' }).suggestion).toBe('t-shirt');
    expect(searchCatalog(index, { q: 'staplle' }).suggestion).toBe('staple');
    expect(searchCatalog(index, { q: 'canvass' }).suggestion).toBeUndefined();
  });
});
