import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStripeKeyPermissions, STRIPE_KEY_RESOURCES } from '../../src/providers/stripe/index.js';
import { sandboxSdk } from '../../../tests/sandbox/stripe/sdk-client.js';
import { startStripeSandbox, type StripeSandbox } from '../../../tests/sandbox/stripe/server.js';

// `npm run check-config` asks Stripe, with the configured key, for one read of each resource the
// store uses: a restricted key without Charges or Disputes would fail the refund and dispute jobs
// only when the first refund or dispute arrives.

const ALL = STRIPE_KEY_RESOURCES.map((r) => r.name);
let sandbox: StripeSandbox;

beforeAll(async () => {
  sandbox = await startStripeSandbox({
    webhookUrl: 'http://127.0.0.1:9/none',
    webhookSecret: 'whsec_key_check',
    restrictedKeys: {
      rk_test_as_once_documented: ['Checkout Sessions', 'Refunds', 'Coupons', 'Promotion codes'],
      rk_test_as_documented_now: ALL,
    },
  });
});
afterAll(async () => {
  await sandbox?.close();
});

describe('checkStripeKeyPermissions', () => {
  it('names the permissions a restricted key lacks: Charges, Disputes and Tax settings', async () => {
    const check = await checkStripeKeyPermissions(sandboxSdk(sandbox, 'rk_test_as_once_documented'));
    expect(check.ok).toBe(false);
    expect(check.missing).toEqual(['Charges (read)', 'Disputes (read)', 'Tax settings (read)']);
    expect(check.message).toContain('Charges (read)');
  });

  it('passes for a key with every permission docs/going-live.md lists, and for the secret key', async () => {
    expect(await checkStripeKeyPermissions(sandboxSdk(sandbox, 'rk_test_as_documented_now'))).toMatchObject({
      ok: true,
    });
    expect(await checkStripeKeyPermissions(sandboxSdk(sandbox))).toMatchObject({ ok: true });
  });

  it('the sandbox answers 403 to a restricted key outside its permissions, as Stripe does', async () => {
    const limited = sandboxSdk(sandbox, 'rk_test_as_once_documented');
    await expect(limited.charges.retrieve('ch_anything')).rejects.toMatchObject({
      type: 'StripePermissionError',
      statusCode: 403,
    });
    await expect(limited.coupons.list({ limit: 1 })).resolves.toBeTruthy();
  });
});
