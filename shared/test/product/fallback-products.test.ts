import { describe, expect, it } from 'vitest';
import { FALLBACK_PRODUCTS, storefrontProductSchema } from '../../src/domain/product/index.js';

describe('FALLBACK_PRODUCTS', () => {
  it("are the spec's T-shirt, mug and cap with their prices and categories", () => {
    expect(FALLBACK_PRODUCTS.map((p) => [p.price, p.category])).toEqual([
      [24.99, 'clothing'],
      [12.99, 'accessories'],
      [19.99, 'clothing'],
    ]);
    expect(FALLBACK_PRODUCTS.map((p) => p.title)).toEqual([
      expect.stringMatching(/t-shirt/i),
      expect.stringMatching(/mug/i),
      expect.stringMatching(/cap/i),
    ]);
  });

  it('are valid storefront products with an image and a description', () => {
    for (const product of FALLBACK_PRODUCTS) {
      expect(storefrontProductSchema.parse(product)).toEqual(product);
      expect(product.images.length).toBeGreaterThan(0);
      expect(product.description).not.toBe('');
    }
  });
});
