import { describe, expect, test } from 'vitest';
import { countryName } from '../../src/domain/address/index.js';

describe('countryName', () => {
  test('names a country in words', () => {
    expect(countryName('US')).toBe('United States');
    expect(countryName('gb')).toBe('United Kingdom');
  });

  test('keeps a code it cannot name rather than failing', () => {
    expect(countryName('not a code')).toBe('not a code');
  });
});
