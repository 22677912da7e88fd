import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, configSchema, flatRateFor, parseConfig, providerModes } from '../../src/server/config/index.js';

describe('configuration', () => {
  it('runs on the embedded defaults with an empty environment', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_BACKEND: 'sqlite',
      SQLITE_PATH: 'data/shop.db',
      QUEUE_PREFIX: 'shop',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(providerModes(config)).toEqual({ stripe: 'sandbox', printful: 'sandbox' });
  });

  it('treats an empty value as unset', () => {
    expect(parseConfig({ PORT: '', STRIPE_SECRET_KEY: '' }).PORT).toBe(3000);
  });

  it('names every bad variable and what was expected', () => {
    try {
      parseConfig({ PORT: 'eighty', REDIS_URL: 'localhost', DATA_BACKEND: 'mongo', QUEUE_PREFIX: 'a:b' });
      expect.unreachable('parseConfig should have thrown');
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const message = (e as Error).message;
      expect(message).toContain('PORT: expected a number');
      expect(message).toContain('REDIS_URL: expected a URL');
      expect(message).toMatch(/DATA_BACKEND: .*sqlite.*firestore/);
      expect(message).toContain('QUEUE_PREFIX: expected letters, digits, _ or -');
    }
  });

  it('switches a provider to live when its key is set', () => {
    expect(providerModes(parseConfig({ STRIPE_SECRET_KEY: 'sk_live_x' })).stripe).toBe('live');
    const printful = parseConfig({ PRINTFUL_API_KEY: 'pf_token' });
    expect(providerModes(printful).printful).toBe('live');
    expect(printful.PRINTFUL_API_URL).toBe('https://api.printful.com');
    expect(parseConfig({}).PRINTFUL_API_URL).toBe('http://127.0.0.1:3101');
  });

  it('reads SHIPPING_FLAT_RATES as a first-item and an additional-item price per country', () => {
    const config = parseConfig({ SHIPPING_FLAT_RATES: 'US=4.99+2.50, ca=8.99+2.75,*=12.99+3.99' });
    expect(config.SHIPPING_FLAT_RATES).toEqual({
      US: { first: 4.99, additional: 2.5 },
      CA: { first: 8.99, additional: 2.75 },
      '*': { first: 12.99, additional: 3.99 },
    });
    expect(flatRateFor(config.SHIPPING_FLAT_RATES, 'us', 3)).toBe(9.99);
    expect(flatRateFor(config.SHIPPING_FLAT_RATES, 'JP', 1)).toBe(12.99);
    expect(parseConfig({}).SHIPPING_FALLBACK_MAX_ITEMS).toBe(20);
    expect(parseConfig({ SHIPPING_FALLBACK_MAX_ITEMS: '5' }).SHIPPING_FALLBACK_MAX_ITEMS).toBe(5);
  });

  it('refuses a flat rate without an additional-item price, and a bad fallback cart size, naming them', () => {
    // A price per order undercharges every large cart: the old one-price form is refused.
    expect(() => parseConfig({ SHIPPING_FLAT_RATES: 'US=4.99,*=12.99' })).toThrow(
      /SHIPPING_FLAT_RATES.*COUNTRY=FIRST\+ADDITIONAL/,
    );
    expect(() => parseConfig({ SHIPPING_FLAT_RATES: 'US=4.99+2.50' })).toThrow(/SHIPPING_FLAT_RATES.*\*=/);
    expect(() => parseConfig({ SHIPPING_FALLBACK_MAX_ITEMS: 'many' })).toThrow(/SHIPPING_FALLBACK_MAX_ITEMS/);
    expect(() => parseConfig({ SHIPPING_FALLBACK_MAX_ITEMS: '-1' })).toThrow(/SHIPPING_FALLBACK_MAX_ITEMS/);
  });

  it('documents every variable in .env.example', () => {
    const example = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const documented = new Set([...example.matchAll(/^([A-Z0-9_]+)=/gm)].map((m) => m[1]));
    const internal = new Set(['FIRESTORE_EMULATOR_HOST', 'HOST', 'NODE_ENV']);
    const missing = Object.keys(configSchema.shape).filter((k) => !documented.has(k) && !internal.has(k));
    expect(missing).toEqual([]);
  });
});
