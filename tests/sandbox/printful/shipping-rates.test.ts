import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PRINTFUL_SANDBOX_TOKEN } from '@shop/shared';
import { PrintfulClient, PrintfulRateLimitError, PrintfulRequestError } from '@shop/shared/providers/printful';
import { startPrintfulSandbox, type PrintfulSandbox } from './server.js';

// The sandbox's v1 POST /shipping/rates (docs/providers.md#printful-shipping-rates), driven by the
// project's client as the API drives it: shape, the state rule, the rate limit and its lockout.

let sandbox: PrintfulSandbox;
let client: PrintfulClient;

beforeAll(async () => {
  sandbox = await startPrintfulSandbox({ rateLimitPerMin: 6, windowMs: 60_000 });
  client = new PrintfulClient({ baseUrl: sandbox.url, apiKey: PRINTFUL_SANDBOX_TOKEN, retry: false });
});
afterAll(() => sandbox.close());
afterEach(() => sandbox.reset());

const variant = () => sandbox.catalogue.list()[0].variants[0].catalogVariantId;

describe('Printful sandbox: POST /shipping/rates', () => {
  it('answers ShippingInfo entries with a method id, a decimal rate and delivery estimates', async () => {
    const rates = await client.getShippingRates({
      recipient: { country_code: 'US', state_code: 'CA', zip: '91311' },
      items: [{ variant_id: variant(), quantity: 2 }],
    });
    expect(rates.map((r) => r.id)).toEqual(['STANDARD', 'PRINTFUL_FAST']);
    for (const rate of rates) {
      expect(rate).toMatchObject({ currency: 'USD', rate: expect.stringMatching(/^\d+\.\d{2}$/) });
      expect(rate.minDeliveryDays).toBeLessThanOrEqual(rate.maxDeliveryDays!);
      expect(rate.minDeliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    // More items cost more to ship; without a zip only the standard method is priced.
    const one = await client.getShippingRates({
      recipient: { country_code: 'US', state_code: 'CA' },
      items: [{ variant_id: variant(), quantity: 1 }],
    });
    expect(one.map((r) => r.id)).toEqual(['STANDARD']);
    expect(Number(one[0].rate)).toBeLessThan(Number(rates[0].rate));
  });

  it('requires a state for US, CA and AU only, and known variants', async () => {
    for (const country of ['US', 'CA', 'AU']) {
      await expect(
        client.getShippingRates({
          recipient: { country_code: country },
          items: [{ variant_id: variant(), quantity: 1 }],
        }),
      ).rejects.toThrow(/State code is missing/);
    }
    expect(
      await client.getShippingRates({
        recipient: { country_code: 'GB' },
        items: [{ variant_id: variant(), quantity: 1 }],
      }),
    ).toHaveLength(1);
    await expect(
      client.getShippingRates({ recipient: { country_code: 'GB' }, items: [{ variant_id: 999_999_999, quantity: 1 }] }),
    ).rejects.toBeInstanceOf(PrintfulRequestError);
  });

  it('refuses a recipient without address1 and city when told to follow v1 AddressInfo, as Printful may', async () => {
    sandbox.requireStreetForRates(true);
    try {
      const items = [{ variant_id: variant(), quantity: 1 }];
      const short = await client
        .getShippingRates({ recipient: { country_code: 'GB' }, items })
        .catch((e: unknown) => e);
      expect(short).toBeInstanceOf(PrintfulRequestError);
      expect((short as PrintfulRequestError).printfulStatus).toBe(400);
      expect((short as Error).message).toMatch(/Recipient: Address is missing/);
      // The street alone is not enough: the city is required as well.
      await expect(
        client.getShippingRates({ recipient: { country_code: 'GB', address1: '10 Downing Street' }, items }),
      ).rejects.toThrow(/Recipient: City is missing/);
      // Refused before the place is looked at: a state Printful cannot ship to is not named.
      await expect(
        client.getShippingRates({ recipient: { country_code: 'US', state_code: 'ZZ' }, items }),
      ).rejects.toThrow(/Recipient: Address is missing/);
      const full = { country_code: 'GB', address1: '10 Downing Street', city: 'London', zip: 'SW1A 2AA' };
      expect(await client.getShippingRates({ recipient: full, items })).toHaveLength(2);
    } finally {
      sandbox.requireStreetForRates(false);
    }
  });

  it('refuses a US state it cannot ship to with a 400 naming the recipient', async () => {
    const refused = await client
      .getShippingRates({
        recipient: { country_code: 'US', state_code: 'ZZ' },
        items: [{ variant_id: variant(), quantity: 1 }],
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PrintfulRequestError);
    expect((refused as PrintfulRequestError).printfulStatus).toBe(400);
    expect((refused as Error).message).toMatch(/Recipient: .*ZZ/);
  });

  it('locks a caller that goes over the limit out of rate quotes for a whole window', async () => {
    const ask = () =>
      client.getShippingRates({ recipient: { country_code: 'GB' }, items: [{ variant_id: variant(), quantity: 1 }] });
    for (let i = 0; i < 6; i++) await ask();
    const over = await ask().catch((e: unknown) => e);
    expect(over).toBeInstanceOf(PrintfulRateLimitError);
    expect((over as PrintfulRateLimitError).retryAfterMs).toBeGreaterThan(55_000);
    // Locked out: still refused, although other calls would be counted in a fresh window.
    await expect(ask()).rejects.toBeInstanceOf(PrintfulRateLimitError);
    expect(sandbox.stats.snapshot().rateLimited).toBe(2);
  });

  it('allows only 5 quotes a window for more than 100 items', async () => {
    sandbox.reset();
    const big = new PrintfulClient({ baseUrl: sandbox.url, apiKey: PRINTFUL_SANDBOX_TOKEN, retry: false });
    const many = () =>
      big.getShippingRates({ recipient: { country_code: 'GB' }, items: [{ variant_id: variant(), quantity: 101 }] });
    for (let i = 0; i < 5; i++) await many();
    await expect(many()).rejects.toBeInstanceOf(PrintfulRateLimitError);
  });

  it('fails with injected faults like any other route', async () => {
    sandbox.faults.serverError({ status: 502, count: 1, paths: ['/shipping/rates'] });
    await expect(
      client.getShippingRates({ recipient: { country_code: 'GB' }, items: [{ variant_id: variant(), quantity: 1 }] }),
    ).rejects.toMatchObject({ printfulStatus: 502 });
  });
});
