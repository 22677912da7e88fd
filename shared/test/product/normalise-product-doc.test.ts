import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COLOR,
  DEFAULT_PRODUCT_ID,
  DEFAULT_PRODUCT_TITLE,
  DEFAULT_SIZE,
  FALLBACK_CURRENCY,
  PLACEHOLDER_IMAGE,
} from '../../src/constants/index.js';
import { normaliseProductDoc, productTitle, storefrontProductSchema } from '../../src/domain/product/index.js';
import { normaliseStorefrontProduct } from '../../src/providers/printful/rules.js';
import { printfulDetail } from './printful-fixture.js';
import { STOREFRONT_DEFAULTS } from '../../../tests/fixtures/storefront-defaults.js';

const now = new Date('2025-03-01T12:00:00.000Z');

describe('normaliseProductDoc', () => {
  it('gives an empty document every default of the spec', () => {
    const product = normaliseProductDoc({}, { now });
    expect(product).toEqual({
      id: DEFAULT_PRODUCT_ID,
      ...STOREFRONT_DEFAULTS,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      source: 'printful',
    });
    expect(storefrontProductSchema.safeParse(product).success).toBe(true);
  });

  it('reads something that is not an object as an empty document', () => {
    expect(normaliseProductDoc(null, { now, id: 'abc' })).toMatchObject({ id: 'abc', title: DEFAULT_PRODUCT_TITLE });
    expect(normaliseProductDoc('text', { now }).price).toBe(0);
  });

  it('takes the title from name, else title (docs/rules.md#entities: "from name or title")', () => {
    expect(normaliseProductDoc({ title: 'Tee', name: 'Studio Tee' }, { now }).title).toBe('Studio Tee');
    expect(normaliseProductDoc({ title: 'Mug', name: ' ' }, { now }).title).toBe('Mug');
    expect(normaliseProductDoc({ name: 'Mug' }, { now }).title).toBe('Mug');
    expect(normaliseProductDoc({ title: '', name: '' }, { now }).title).toBe(DEFAULT_PRODUCT_TITLE);
  });

  it('reads the title the same way for a stored document and a raw Printful copy', () => {
    const stored = { name: 'Studio Tee', title: 'Old title' };
    const raw = printfulDetail({ product: { name: 'Studio Tee', title: 'Old title' } as { name: string } });
    expect(normaliseProductDoc(stored, { now }).title).toBe('Studio Tee');
    expect(normaliseStorefrontProduct(raw, { now }).title).toBe('Studio Tee');
    expect(productTitle(stored)).toBe('Studio Tee');
    expect(productTitle({ title: 'Cap' })).toBe('Cap');
    expect(productTitle({ name: null, title: '' })).toBe(DEFAULT_PRODUCT_TITLE);
  });

  it('parses a price given as a string and turns an unparseable one into 0', () => {
    expect(normaliseProductDoc({ price: '24.99' }, { now }).price).toBe(24.99);
    expect(normaliseProductDoc({ price: 'free' }, { now }).price).toBe(0);
    expect(normaliseProductDoc({ price: Number.NaN }, { now }).price).toBe(0);
    expect(normaliseProductDoc({ price: 12.5 }, { now }).price).toBe(12.5);
  });

  it('uses the first image as thumbnail, then the stored thumbnail, then the placeholder', () => {
    expect(normaliseProductDoc({ images: ['a.png', 'b.png'], thumbnail_url: 't.png' }, { now }).thumbnail_url).toBe(
      'a.png',
    );
    expect(normaliseProductDoc({ images: [], thumbnail_url: 't.png' }, { now }).thumbnail_url).toBe('t.png');
    expect(normaliseProductDoc({ images: [42, null] }, { now })).toMatchObject({
      images: [],
      thumbnail_url: PLACEHOLDER_IMAGE,
    });
  });

  it('reads dates from Date objects, ISO strings, epoch seconds and Firestore timestamps', () => {
    const iso = '2024-05-06T07:08:09.000Z';
    const seconds = Date.parse(iso) / 1000;
    expect(normaliseProductDoc({ createdAt: new Date(iso) }, { now }).createdAt).toBe(iso);
    expect(normaliseProductDoc({ createdAt: iso }, { now }).createdAt).toBe(iso);
    expect(normaliseProductDoc({ createdAt: seconds }, { now }).createdAt).toBe(iso);
    expect(normaliseProductDoc({ createdAt: Date.parse(iso) }, { now }).createdAt).toBe(iso);
    expect(normaliseProductDoc({ updatedAt: { _seconds: seconds, _nanoseconds: 0 } }, { now }).updatedAt).toBe(iso);
    expect(normaliseProductDoc({ updatedAt: { toDate: () => new Date(iso) } }, { now }).updatedAt).toBe(iso);
    expect(normaliseProductDoc({ updatedAt: 'not a date' }, { now }).updatedAt).toBe(now.toISOString());
  });

  it('fills variant defaults and reads raw Printful variant fields', () => {
    const product = normaliseProductDoc(
      {
        title: 'Cap',
        variants: [
          { id: 7 },
          { sync_variant_id: 9, retail_price: '19.99', variant_id: '4012', currency: 'EUR' },
          'junk',
        ],
      },
      { now },
    );
    expect(product.variants).toEqual([
      {
        id: '7',
        name: 'Cap',
        size: DEFAULT_SIZE,
        color: DEFAULT_COLOR,
        price: 0,
        currency: FALLBACK_CURRENCY,
        catalog_variant_id: null,
        sync_variant_id: 7,
        sku: null,
        external_id: null,
      },
      {
        id: '9',
        name: 'Cap',
        size: DEFAULT_SIZE,
        color: DEFAULT_COLOR,
        price: 19.99,
        currency: 'EUR',
        catalog_variant_id: 4012,
        sync_variant_id: 9,
        sku: null,
        external_id: null,
      },
    ]);
  });

  it('keeps a stored storefront product as it is', () => {
    const stored = normaliseStorefrontProduct(printfulDetail(), { now, createdAt: '2024-01-01T00:00:00.000Z' });
    expect(normaliseProductDoc(stored, { now: new Date() })).toEqual(stored);
  });

  it('normalises a raw printfulProducts copy through the Printful mapping', () => {
    const raw = {
      id: '389861211',
      ...printfulDetail(),
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-02-01T00:00:00.000Z',
    };
    expect(normaliseProductDoc(raw, { now })).toMatchObject({
      id: '389861211',
      title: 'Studio Hoodie',
      price: 82,
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-02-01T00:00:00.000Z',
    });
  });
});
