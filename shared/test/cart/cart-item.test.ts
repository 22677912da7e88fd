import { describe, expect, it } from 'vitest';
import { buildCartItem, cartItemSchema, savedCartItemSchema, withSaveDefaults } from '../../src/domain/cart/index.js';
import { tshirt } from './fixtures.js';

const now = new Date('2026-03-04T05:06:07.000Z');

describe('buildCartItem', () => {
  it('takes name, price, image and every provider id from the catalogue product and variant', () => {
    const item = buildCartItem(tshirt, tshirt.variants![1], { quantity: 2, id: 'line-a', now });
    expect(item).toMatchObject({
      id: 'line-a',
      productId: 'prod-tshirt',
      name: 'Studio T-shirt',
      variantName: 'Studio T-shirt / M / Black',
      description: 'A soft cotton T-shirt',
      price: 26.5,
      originalPrice: 24.99,
      quantity: 2,
      size: 'M',
      color: 'Black',
      imageUrl: '/images/tshirt-thumb.png',
      category: 'clothing',
      source: 'printful',
      sku: 'TS-M-BLK',
      external_id: 'ext-m-black',
      addedAt: '2026-03-04T05:06:07.000Z',
      catalog_variant_id: 4012,
      printfulVariantId: 4012,
      variantId: 'v-m-black',
      variant_id: 'v-m-black',
      sync_variant_id: 9002,
      printful_product_id: 'prod-tshirt',
      sync_product_id: 'prod-tshirt',
    });
    expect(item.variantData).toMatchObject({ id: 'v-m-black', size: 'M', color: 'Black', catalog_variant_id: 4012 });
    expect(item.productData).toMatchObject({ id: 'prod-tshirt', title: 'Studio T-shirt' });
    expect(cartItemSchema.parse(item)).toEqual(item);
  });

  it("uses the product's price when the variant has none, and the first image when there is no thumbnail", () => {
    const product = { ...tshirt, thumbnail_url: null, category: null };
    const item = buildCartItem(product, { id: 'v-x', catalog_variant_id: 1 }, { quantity: 1, now });
    expect(item.price).toBe(24.99);
    expect(item.imageUrl).toBe('/images/tshirt-front.png');
    expect(item.category).toBe('clothing');
    expect(item.size).toBe('One Size');
    expect(item.color).toBe('Default');
    expect(item.sync_variant_id).toBe('v-x');
  });

  it('gives each new line a distinct id unless one is passed', () => {
    const a = buildCartItem(tshirt, tshirt.variants![0], { quantity: 1 });
    const b = buildCartItem(tshirt, tshirt.variants![0], { quantity: 1 });
    expect(a.id).not.toBe(b.id);
  });
});

describe('withSaveDefaults', () => {
  it('fills the save defaults of docs/rules.md#validation and the item defaults of docs/rules.md#entities', () => {
    const item = withSaveDefaults({ id: 'x' }, now);
    expect(item).toMatchObject({
      price: 0,
      quantity: 1,
      size: 'One Size',
      color: 'Default',
      name: 'Unknown Product',
      productId: 'unknown',
      category: 'clothing',
      source: 'printful',
      addedAt: now.toISOString(),
    });
    expect(cartItemSchema.safeParse(item).success).toBe(true);
  });

  it('treats null, empty text and non-numbers as missing', () => {
    const item = withSaveDefaults({ id: 'x', name: '', size: null, price: Number.NaN, quantity: null });
    expect(item).toMatchObject({ name: 'Unknown Product', size: 'One Size', price: 0, quantity: 1 });
  });

  it('keeps values that are present', () => {
    const item = withSaveDefaults({
      id: 'x',
      name: 'Mug',
      price: 12.99,
      quantity: 3,
      size: 'L',
      color: 'Red',
      productId: 'p1',
    });
    expect(item).toMatchObject({ name: 'Mug', price: 12.99, quantity: 3, size: 'L', color: 'Red', productId: 'p1' });
  });

  it('gives a line without an id a fresh one', () => {
    expect(withSaveDefaults({}).id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('savedCartItemSchema', () => {
  it('reads a line saved by an older client with the save defaults', () => {
    const item = savedCartItemSchema.parse({ id: 'old', productId: 'p1', name: 'Mug', price: 12.99 });
    expect(item).toMatchObject({
      id: 'old',
      quantity: 1,
      size: 'One Size',
      color: 'Default',
      category: 'clothing',
      source: 'printful',
    });
  });

  it('refuses a stored line of the wrong shape', () => {
    expect(savedCartItemSchema.safeParse({ id: 'x', name: 5 }).success).toBe(false);
    expect(savedCartItemSchema.safeParse('not a line').success).toBe(false);
  });
});
