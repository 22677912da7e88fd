import { describe, expect, it } from 'vitest';
import { variantWords } from '../../src/domain/product/index.js';
import { variantLabel } from '../../src/domain/order/index.js';

// One way to write a variant (docs/rules.md#what-a-merch-shopper-expects): the colour, then the
// size, as the print partner names its variants, on every page and e-mail.

describe('a variant in words', () => {
  it('reads colour / size, as the order pages and e-mails read a bought line', () => {
    expect(variantWords({ size: 'M', color: 'Black' })).toBe('Black / M');
    const bought = {
      name: 'Pixel Perfect Tee',
      variantName: 'Pixel Perfect Tee / Black / M',
      size: 'M',
      color: 'Black',
    };
    expect(variantWords(bought)).toBe(variantLabel(bought));
    expect(variantWords(bought)).toBe(variantLabel({ ...bought, variantName: null }));
  });

  it('a product without colours shows its size alone, and one without sizes its colour', () => {
    expect(variantWords({ size: '11 oz', color: 'Default' })).toBe('11 oz');
    expect(variantWords({ size: '', color: 'White' })).toBe('White');
    expect(variantWords({})).toBe('');
  });
});
