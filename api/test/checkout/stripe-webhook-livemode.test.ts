import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { STRIPE_API_VERSION, Stripe } from '@shop/shared/providers/stripe';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { signedEvent } from './checkout-fixtures.js';

// docs/rules.md#production-for-real: in production a test-mode Stripe event changes nothing, however well signed (it
// once placed a Printful order); only the smoke test's opt-out lets one through.

const SECRET = 'whsec_production_livemode_test_0123456789abcdef';
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

async function deliverTo(
  env: Record<string, string>,
  livemode: boolean,
  { apiVersion = null as string | null, logLines = [] as string[] } = {},
) {
  const stream = { write: (line: string) => void logLines.push(line) };
  const t = await createTestApp({ STRIPE_WEBHOOK_SECRET: SECRET, ...env }, undefined, {
    logger: { level: 'warn', stream },
  });
  apps.push(t);
  const session = {
    id: `cs_${livemode ? 'live' : 'test'}_1`,
    object: 'checkout.session',
    metadata: { orderId: 'ord_1' },
  };
  const event = signedEvent('checkout.session.completed', session, SECRET);
  const payload = JSON.stringify({ ...JSON.parse(event.payload), livemode, api_version: apiVersion });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
    },
    payload,
  });
  return { res, recorded: await t.store.get('webhookEvents', event.id), queued: await t.app.queues.orders.count() };
}

describe('test-mode Stripe events in production', () => {
  it('are refused with 400 and neither recorded nor queued', async () => {
    const { res, recorded, queued } = await deliverTo({ NODE_ENV: 'production' }, false);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'invalid-argument', message: MESSAGES.stripeTestEventRefused } });
    expect(recorded).toBeNull();
    expect(queued).toBe(0);
  });

  it('live events are accepted in production', async () => {
    const { res, queued } = await deliverTo({ NODE_ENV: 'production' }, true);
    expect(res.statusCode).toBe(200);
    expect(queued).toBe(1);
  });

  it('the smoke test opt-out, and development, accept test-mode events', async () => {
    expect((await deliverTo({ NODE_ENV: 'production', UNSAFE_SANDBOX_PROVIDERS: 'true' }, false)).res.statusCode).toBe(
      200,
    );
    expect((await deliverTo({}, false)).res.statusCode).toBe(200);
  });
});

describe('a Stripe event of another API version than the SDK pins', () => {
  it('is still handled, and the log names both versions so the studio recreates the endpoint', async () => {
    const other: string[] = [];
    const { res } = await deliverTo({}, true, { apiVersion: '2024-06-20', logLines: other });
    expect(res.statusCode).toBe(200);
    const warnings = other.map((line) => JSON.parse(line)).filter((entry) => entry.endpointVersion);
    expect(warnings).toEqual([
      expect.objectContaining({ level: 40, endpointVersion: '2024-06-20', sdkVersion: STRIPE_API_VERSION }),
    ]);

    const pinned: string[] = [];
    await deliverTo({}, true, { apiVersion: STRIPE_API_VERSION, logLines: pinned });
    expect(pinned.filter((line) => line.includes('endpointVersion'))).toEqual([]);
  });
});
