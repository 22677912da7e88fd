import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COLOR,
  DEFAULT_PRODUCT_DESCRIPTION,
  DEFAULT_PRODUCT_TITLE,
  DEFAULT_SIZE,
  DEFAULT_STORE_CATEGORY,
  PLACEHOLDER_IMAGE,
} from '../../src/constants/index.js';
import { productDocumentSchema, storefrontProductSchema } from '../../src/domain/product/index.js';
import {
  normaliseProductDocument,
  normaliseStorefrontProduct,
  printfulProductDetailSchema,
} from '../../src/providers/printful/rules.js';
import { printfulDetail } from '../product/printful-fixture.js';

const now = new Date('2025-03-01T12:00:00.000Z');

describe('normaliseStorefrontProduct', () => {
  it('maps a Printful product onto the storefront shape', () => {
    const product = normaliseStorefrontProduct(printfulDetail(), { now, createdAt: '2025-01-01T00:00:00.000Z' });
    expect(storefrontProductSchema.parse(product)).toEqual(product);
    expect(product).toMatchObject({
      id: '389861211',
      title: 'Studio Hoodie',
      price: 82,
      thumbnail_url: 'https://files.example/white-front.jpg',
      images: ['https://files.example/white-front.jpg'],
      category: 'clothing',
      description: 'Heavy fleece hoodie.',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: now.toISOString(),
      source: 'printful',
    });
    expect(product.variants[0]).toEqual({
      id: '4927683005',
      name: 'Studio Hoodie / S',
      size: 'S',
      color: 'White',
      price: 82,
      currency: 'USD',
      catalog_variant_id: 19851,
      sync_variant_id: 4927683005,
      sku: 'SKU_0',
      external_id: 'ext-v0',
      // The variant's own mockups, so the product page can show the chosen colour.
      images: ['https://files.example/white-front.jpg'],
    });
  });

  it('takes the lowest variant price, skipping prices that do not parse', () => {
    const raw = printfulDetail({
      variants: [{ retail_price: '29.50' }, { retail_price: 'n/a' }, { retail_price: '24.99' }],
    });
    const product = normaliseStorefrontProduct(raw, { now });
    expect(product.price).toBe(24.99);
    expect(product.variants.map((v) => v.price)).toEqual([29.5, 0, 24.99]);
  });

  it('prices a product at 0 when no variant price parses', () => {
    const raw = printfulDetail({ variants: [{ retail_price: 'abc' }, { retail_price: null }] });
    expect(normaliseStorefrontProduct(raw, { now }).price).toBe(0);
  });

  it("defaults the title to 'Unnamed Product' and the description to the spec's text", () => {
    const product = normaliseStorefrontProduct(printfulDetail({ product: { name: '  ', description: undefined } }), {
      now,
    });
    expect(product.title).toBe(DEFAULT_PRODUCT_TITLE);
    expect(product.description).toBe(DEFAULT_PRODUCT_DESCRIPTION);
  });

  it('uses the placeholder image when there are no preview files and no thumbnail', () => {
    const raw = printfulDetail({
      product: { thumbnail_url: null },
      variants: [{ files: [{ type: 'default', url: 'https://x/print.png' }] }],
    });
    const product = normaliseStorefrontProduct(raw, { now });
    expect(product.images).toEqual([]);
    expect(product.thumbnail_url).toBe(PLACEHOLDER_IMAGE);
  });

  it('falls back to the product thumbnail when no variant has a preview file', () => {
    const raw = printfulDetail({ variants: [{ files: [] }] });
    const product = normaliseStorefrontProduct(raw, { now });
    expect(product.images).toEqual(['https://files.example/thumb.png']);
    expect(product.thumbnail_url).toBe('https://files.example/thumb.png');
  });

  it("puts a product of an unknown Printful category in 'general'", () => {
    const raw = printfulDetail({ variants: [{ main_category_id: 999_999 }] });
    expect(normaliseStorefrontProduct(raw, { now }).category).toBe(DEFAULT_STORE_CATEGORY);
  });

  it('gives variants without size or colour the cart defaults', () => {
    const raw = printfulDetail({ variants: [{ size: null, color: undefined }] });
    expect(normaliseStorefrontProduct(raw, { now }).variants[0]).toMatchObject({
      size: DEFAULT_SIZE,
      color: DEFAULT_COLOR,
    });
  });

  it('leaves out variants Printful marks as ignored', () => {
    const raw = printfulDetail({ variants: [{}, { is_ignored: true, retail_price: '1.00' }] });
    const product = normaliseStorefrontProduct(raw, { now });
    expect(product.variants).toHaveLength(1);
    expect(product.price).toBe(82);
  });

  it('dates default to now', () => {
    const product = normaliseStorefrontProduct(printfulDetail(), { now });
    expect(product.createdAt).toBe(now.toISOString());
    expect(product.updatedAt).toBe(now.toISOString());
  });
});

describe('normaliseProductDocument', () => {
  it('adds status, name, price range and the raw fields search reads', () => {
    const raw = printfulDetail({ variants: [{ retail_price: '30.00' }, { retail_price: '35.50' }] });
    const doc = normaliseProductDocument(raw, { now });
    expect(productDocumentSchema.parse(doc)).toEqual(doc);
    expect(doc).toMatchObject({
      name: 'Studio Hoodie',
      status: 'active',
      priceRange: { min: 30, max: 35.5 },
      price: 30,
    });
    expect(doc.sync_product).toEqual({
      id: 389861211,
      name: 'Studio Hoodie',
      thumbnail_url: 'https://files.example/thumb.png',
      description: 'Heavy fleece hoodie.',
    });
    expect(doc.sync_variants[1]).toMatchObject({
      retail_price: '35.50',
      preview_url: 'https://files.example/white-front.jpg',
    });
  });

  it('can mark a product archived', () => {
    expect(normaliseProductDocument(printfulDetail(), { now, status: 'archived' }).status).toBe('archived');
  });
});

describe('printfulProductDetailSchema', () => {
  it('keeps fields it does not know', () => {
    const raw = { ...printfulDetail(), extra: 1 };
    raw.sync_variants[0] = { ...raw.sync_variants[0], warehouse_product_id: null } as never;
    const parsed = printfulProductDetailSchema.parse(raw) as Record<string, unknown> & {
      sync_variants: Array<Record<string, unknown>>;
    };
    expect(parsed.extra).toBe(1);
    expect(parsed.sync_variants[0]).toHaveProperty('warehouse_product_id', null);
  });

  it('rejects a product without the ids the store needs', () => {
    const raw = printfulDetail();
    const broken = { ...raw, sync_variants: [{ ...raw.sync_variants[0], variant_id: undefined }] };
    expect(printfulProductDetailSchema.safeParse(broken).success).toBe(false);
    expect(printfulProductDetailSchema.safeParse({ sync_product: raw.sync_product }).success).toBe(false);
  });
});
