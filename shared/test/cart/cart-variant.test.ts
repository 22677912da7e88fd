import { describe, expect, it } from 'vitest';
import { isSameVariant } from '../../src/domain/cart/index.js';
import { line, tshirt } from './fixtures.js';

const [smallBlack, mediumBlack] = tshirt.variants!;

describe('isSameVariant', () => {
  it('matches a line to the variant it was built from by variant id', () => {
    expect(isSameVariant(smallBlack, line())).toBe(true);
    expect(isSameVariant(mediumBlack, line())).toBe(false);
  });

  it('falls back to the catalogue variant id for a line saved without a variant id', () => {
    const older = line({ variantId: null, catalog_variant_id: 4012 });
    expect(isSameVariant(mediumBlack, older)).toBe(true);
    expect(isSameVariant(smallBlack, older)).toBe(false);
  });

  it('compares ids as text, so a number and its string form match', () => {
    expect(isSameVariant({ id: 77, catalog_variant_id: null }, line({ variantId: '77' }))).toBe(true);
  });

  it('matches nothing for a line with neither id', () => {
    const bare = line({ variantId: null, catalog_variant_id: null });
    expect(tshirt.variants!.some((variant) => isSameVariant(variant, bare))).toBe(false);
  });
});
