import { describe, expect, it } from 'vitest';
import { productHead } from '../../src/pages/page-head.js';
import type { StorefrontProduct } from '../../src/schemas/storefront-product.js';
import { merchantListingProblems } from '../../../tests/fixtures/merchant-listing.js';

// A product page's JSON-LD against Google's merchant-listing rules, telling only what the store
// does: one Offer per product (or per variant when sizes are priced apart), shipping with its
// rate, and no returns promised (made to order; a damaged item is replaced).

const PUBLIC_URL = 'https://shop.example';

function variant(id: string, size: string, color: string, price: number) {
  return {
    id,
    name: `Hoodie / ${size} / ${color}`,
    size,
    color,
    price,
    currency: 'USD',
    catalog_variant_id: 4000 + Number(id.replace(/\D/g, '')),
    sync_variant_id: 1,
    sku: `SKU-${id}`,
    external_id: id,
  };
}

function product(variants: ReturnType<typeof variant>[]): StorefrontProduct {
  return {
    id: 'hoodie-1',
    title: 'Studio Hoodie',
    price: variants[0].price,
    thumbnail_url: `${PUBLIC_URL}/img/hoodie.png`,
    images: [`${PUBLIC_URL}/img/hoodie.png`],
    variants,
    category: 'clothing',
    description: 'A warm hoodie.',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    source: 'printful',
  } as StorefrontProduct;
}

const jsonLd = (p: StorefrontProduct) =>
  productHead(p, PUBLIC_URL, { available: true, usShippingRate: 4.99 }).jsonLd[0] as Record<string, unknown>;

describe("a product page's JSON-LD for merchant listings", () => {
  it('is a Product with one Offer when every size costs the same', () => {
    const data = jsonLd(product([variant('v1', 'M', 'Black', 40), variant('v2', 'L', 'Black', 40)]));
    expect(merchantListingProblems(data)).toEqual([]);
    expect(data['@type']).toBe('Product');
    expect(data.offers).toMatchObject({ '@type': 'Offer', price: '40.00', priceCurrency: 'USD' });
  });

  it('is a ProductGroup whose variants each carry an Offer when sizes are priced apart (no AggregateOffer)', () => {
    const data = jsonLd(
      product([variant('v1', 'M', 'Black', 40), variant('v2', '2XL', 'Black', 44), variant('v3', 'M', 'Navy', 40)]),
    );
    expect(merchantListingProblems(data)).toEqual([]);
    expect(JSON.stringify(data)).not.toContain('AggregateOffer');
    expect(data).toMatchObject({
      '@type': 'ProductGroup',
      productGroupID: 'hoodie-1',
      variesBy: ['https://schema.org/size', 'https://schema.org/color'],
    });
    const variants = data.hasVariant as Array<Record<string, unknown>>;
    expect(variants.map((v) => [v.size, v.color, (v.offers as { price: string }).price])).toEqual([
      ['M', 'Black', '40.00'],
      ['2XL', 'Black', '44.00'],
      ['M', 'Navy', '40.00'],
    ]);
  });

  it('ships to the US at the stated rate, and promises no returns the store refuses', () => {
    const data = jsonLd(product([variant('v1', 'M', 'Black', 40)]));
    const offer = data.offers as Record<string, Record<string, unknown>>;
    expect(offer.shippingDetails.shippingRate).toEqual({ '@type': 'MonetaryAmount', value: '4.99', currency: 'USD' });
    const returns = offer.hasMerchantReturnPolicy;
    expect(returns.returnPolicyCategory).toBe('https://schema.org/MerchantReturnNotPermitted');
    expect(JSON.stringify(returns)).not.toMatch(/FreeReturn|merchantReturnDays/);
    expect(returns.description).toMatch(/not taken back, for a wrong size either/);
  });

  it('the checker itself refuses what merchant listings refuse', () => {
    expect(
      merchantListingProblems({
        '@type': 'Product',
        name: 'x',
        image: ['i'],
        description: 'd',
        brand: {},
        offers: { '@type': 'AggregateOffer', lowPrice: '1', highPrice: '2', priceCurrency: 'USD' },
      }),
    ).toEqual(['Product.offers: offers is AggregateOffer, not Offer']);
  });
});

describe("offers in the shopper's currency (docs/rules.md#local-prices)", () => {
  const ld = (p: StorefrontProduct, options: { usShippingRate: number; decimals?: number }) =>
    productHead(p, PUBLIC_URL, { available: true, ...options }).jsonLd![0] as {
      offers: {
        price: string;
        priceCurrency: string;
        shippingDetails: { shippingRate: { value: string; currency: string } };
      };
    };

  it('names the currency its variants are priced in, with its shipping rate in it', () => {
    const euros = product([{ ...variant('v1', 'M', 'Black', 28), currency: 'EUR' }]);
    expect(ld(euros, { usShippingRate: 6.5 }).offers).toMatchObject({
      price: '28.00',
      priceCurrency: 'EUR',
      shippingDetails: { shippingRate: { value: '6.50', currency: 'EUR' } },
    });
  });

  it('writes a zero-decimal currency without decimals', () => {
    const yen = product([{ ...variant('v1', 'M', 'Black', 4500), currency: 'JPY' }]);
    expect(ld(yen, { usShippingRate: 1000, decimals: 0 }).offers).toMatchObject({
      price: '4500',
      priceCurrency: 'JPY',
    });
  });
});
