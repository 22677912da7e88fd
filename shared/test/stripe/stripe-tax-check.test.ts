import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStripeTax } from '../../src/providers/stripe/index.js';
import { sandboxSdk } from '../../../tests/sandbox/stripe/sdk-client.js';
import { startStripeSandbox, type StripeSandbox } from '../../../tests/sandbox/stripe/server.js';

// `npm run check-config` asks Stripe whether Stripe Tax is set up before STRIPE_AUTOMATIC_TAX=true
// goes live: without it Stripe refuses every checkout session.

let untaxed: StripeSandbox;
let taxed: StripeSandbox;

beforeAll(async () => {
  const common = { webhookUrl: 'http://127.0.0.1:9/none', webhookSecret: 'whsec_tax_check' };
  untaxed = await startStripeSandbox(common);
  taxed = await startStripeSandbox({ ...common, taxActivated: true });
});
afterAll(async () => {
  await untaxed?.close();
  await taxed?.close();
});

describe('checkStripeTax', () => {
  it('says what is missing while Stripe Tax is not set up', async () => {
    const check = await checkStripeTax(sandboxSdk(untaxed));
    expect(check.ok).toBe(false);
    expect(check.message).toContain('STRIPE_AUTOMATIC_TAX');
    expect(check.message).toContain('head_office');
  });

  it('passes once Stripe Tax is active', async () => {
    expect(await checkStripeTax(sandboxSdk(taxed))).toMatchObject({ ok: true });
  });
});
