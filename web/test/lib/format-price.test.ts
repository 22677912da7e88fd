import { describe, expect, test } from 'vitest';
import { formatPrice } from '../../src/lib/catalog/format-price';

// Prices in US dollars are written without Intl (see format-price.ts); they must read exactly as
// Intl.NumberFormat('en-US') writes them.

const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('formatPrice', () => {
  test('writes dollars exactly as Intl.NumberFormat en-US does', () => {
    const amounts = [
      0,
      -0,
      0.004,
      0.005,
      0.015,
      0.125,
      0.995,
      1,
      1.005,
      1.015,
      2.675,
      9.99,
      10,
      12.5,
      24.5,
      99.995,
      999.995,
      1000,
      1234.5,
      999999.99,
      1000000,
      123456789.125,
      1e14 + 0.5,
      -0.001,
      -0.25,
      -1.005,
      -1234.565,
    ];
    let seed = 17;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 48271) % 2147483647;
      const scale = 10 ** (seed % 8);
      amounts.push(((seed / 2147483647) * scale * (i % 5 === 0 ? -1 : 1) * 1000) / 1000);
      amounts.push(Math.round((seed / 2147483647) * scale * 1000) / 1000);
    }
    for (const amount of amounts) expect(formatPrice(amount), String(amount)).toBe(intl.format(amount));
    expect(formatPrice(24.5, 'usd')).toBe('$24.50');
  });

  test('other currencies and amounts out of the ordinary go to Intl', () => {
    expect(formatPrice(24.5, 'EUR')).toBe(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(24.5),
    );
    for (const amount of [Number.NaN, Number.POSITIVE_INFINITY, -Number.POSITIVE_INFINITY, 1e21, 2 ** 60])
      expect(formatPrice(amount)).toBe(intl.format(amount));
  });
});
