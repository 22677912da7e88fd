import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, configSchema, parseConfig, providerModes } from '../../src/server/config/index.js';

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

  it('documents every variable in .env.example', () => {
    const example = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const documented = new Set([...example.matchAll(/^([A-Z0-9_]+)=/gm)].map((m) => m[1]));
    const internal = new Set(['FIRESTORE_EMULATOR_HOST', 'HOST', 'NODE_ENV']);
    const missing = Object.keys(configSchema.shape).filter((k) => !documented.has(k) && !internal.has(k));
    expect(missing).toEqual([]);
  });
});
