import { describe, expect, it } from 'vitest';
import { AppError, MESSAGES } from '../../src/errors/index.js';
import {
  pricesDiffer,
  assertValidCartItem,
  assertValidProduct,
  assertValidQuantity,
  assertVariantHasCatalogId,
  chooseVariant,
  isValidCartItem,
} from '../../src/domain/cart/index.js';
import { line, tshirt } from './fixtures.js';

function errorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an AppError');
}

describe('assertValidProduct', () => {
  it.each([null, undefined, {}, { id: '' }])("refuses %j with 'Invalid product data'", (product) => {
    const error = errorOf(() => assertValidProduct(product));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe('Invalid product data');
    expect(error.message).toBe(MESSAGES.invalidProductData);
  });

  it('accepts a product with an id', () => {
    expect(() => assertValidProduct(tshirt)).not.toThrow();
  });
});

describe('assertValidQuantity', () => {
  it.each([1, 5, 10])('accepts %d', (q) => expect(() => assertValidQuantity(q)).not.toThrow());
  it.each([0, -1, 11, 2.5, Number.NaN])("refuses %d with 'Quantity must be between 1 and 10'", (q) => {
    const error = errorOf(() => assertValidQuantity(q));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe('Quantity must be between 1 and 10');
  });
});

describe('chooseVariant', () => {
  it('takes the variant matching size and colour', () => {
    expect(chooseVariant(tshirt, { size: 'M', color: 'Black' }).id).toBe('v-m-black');
  });

  it('takes the first variant with a valid id when neither size nor colour is requested', () => {
    const product = { ...tshirt, variants: [{ id: '', size: 'XS' }, { id: null, size: 'XS' }, ...tshirt.variants!] };
    expect(chooseVariant(product).id).toBe('v-s-black');
    expect(chooseVariant(product, { size: undefined, color: null }).id).toBe('v-s-black');
  });

  it('skips a matching variant without a valid id', () => {
    const product = { ...tshirt, variants: [{ id: '', size: 'M', color: 'Black' }, ...tshirt.variants!] };
    expect(chooseVariant(product, { size: 'M', color: 'Black' }).id).toBe('v-m-black');
  });

  it('compares only the requested one of size and colour', () => {
    expect(chooseVariant(tshirt, { size: 'M' }).id).toBe('v-m-black');
    expect(chooseVariant(tshirt, { color: 'White' }).id).toBe('v-m-white');
  });

  it('finds a variant without size or colour under One Size / Default', () => {
    const mug = { id: 'mug', variants: [{ id: 7, catalog_variant_id: 70 }] };
    expect(chooseVariant(mug, { size: 'One Size', color: 'Default' }).id).toBe(7);
  });

  it.each([{ variants: [] }, { variants: null }, {}])(
    "refuses a product without variants with 'Product has no available variants'",
    (extra) => {
      const error = errorOf(() => chooseVariant({ id: 'p', ...extra }));
      expect(error.code).toBe('invalid-argument');
      expect(error.message).toBe('Product has no available variants');
    },
  );

  it('names the requested size and colour when nothing matches', () => {
    const error = errorOf(() => chooseVariant(tshirt, { size: 'XL', color: 'Black' }));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe('No valid variant found for size: XL, color: Black');
    expect(error.message).toBe(MESSAGES.noValidVariant('XL', 'Black'));
  });

  it('fails when no variant has a valid id', () => {
    const error = errorOf(() => chooseVariant({ id: 'p', variants: [{ id: '' }, { id: 0 }] }));
    expect(error.message).toBe('No valid variant found for size: undefined, color: undefined');
  });
});

describe('assertVariantHasCatalogId', () => {
  it("refuses a variant without a catalogue variant id with 'Product variant missing required V2 catalog ID'", () => {
    const error = errorOf(() => assertVariantHasCatalogId(tshirt.variants![2]));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe('Product variant missing required V2 catalog ID');
    expect(error.message).toBe(MESSAGES.variantMissingCatalogId);
  });

  it('accepts a variant with one', () => {
    expect(() => assertVariantHasCatalogId(tshirt.variants![0])).not.toThrow();
  });
});

describe('cart item validity', () => {
  it('accepts a complete line', () => {
    expect(isValidCartItem(line())).toBe(true);
    expect(() => assertValidCartItem(line())).not.toThrow();
  });

  it.each([
    ['no productId', { productId: '' }],
    ['no name', { name: '' }],
    ['price 0', { price: 0 }],
    ['negative price', { price: -1 }],
    ['quantity 0', { quantity: 0 }],
    ['no catalogue variant id', { catalog_variant_id: null }],
  ])("refuses a line with %s with 'Cart item failed V2 compatibility validation'", (_label, overrides) => {
    const item = line(overrides);
    expect(isValidCartItem(item)).toBe(false);
    const error = errorOf(() => assertValidCartItem(item));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe('Cart item failed V2 compatibility validation');
  });
});

describe('price mismatch (debug checks)', () => {
  it('counts prices within 0.01 of each other as the same', () => {
    expect(pricesDiffer(24.99, 24.995)).toBe(false);
    expect(pricesDiffer(24.99, 24.99)).toBe(false);
    expect(pricesDiffer(24.99, 25.01)).toBe(true);
    expect(pricesDiffer(25, 27)).toBe(true);
  });
});
