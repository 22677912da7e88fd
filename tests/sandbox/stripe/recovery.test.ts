import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMOTIONS_CONSENT_LABEL } from './hosted-page.js';
import { sandboxSdk } from './sdk-client.js';
import { RECOVERY_URL_DAYS, startStripeSandbox, type StripeSandbox } from './server.js';

// Abandoned checkouts in the Stripe sandbox (docs/fidelity.md, docs/recovery.md): the session
// parameters Stripe accepts for them (`consent_collection`, `after_expiration`), what it refuses,
// the promotions checkbox on the page, and the signed `checkout.session.expired` event carrying
// the shopper's choice and the recovery URL.

const SECRET = 'whsec_recovery_test_secret';
let sandbox: StripeSandbox;
let stripe: Stripe;
let receiver: Server;
const received: string[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      // Only events the sandbox signed count: verified with the SDK, as the API does.
      stripe.webhooks.constructEvent(body, String(request.headers['stripe-signature']), SECRET);
      received.push(body);
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  sandbox = await startStripeSandbox({ webhookUrl: `http://127.0.0.1:${port}/hook`, webhookSecret: SECRET });
  stripe = sandboxSdk(sandbox);
});
afterAll(async () => {
  await sandbox?.close();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

const params = (extra: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  line_items: [
    { price_data: { currency: 'usd', unit_amount: 2499, product_data: { name: 'Studio Tee' } }, quantity: 1 },
  ],
  success_url: 'http://localhost:3000/store/order-success?session_id={CHECKOUT_SESSION_ID}',
  consent_collection: { promotions: 'auto' },
  after_expiration: { recovery: { enabled: true } },
  ...extra,
});

async function refusal(create: Promise<unknown>): Promise<{ message: string; param?: string }> {
  const error = await create.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  const { message, param } = error as Stripe.errors.StripeInvalidRequestError;
  return { message, param };
}

describe('session parameters for abandoned checkouts', () => {
  it('stores consent_collection and after_expiration as Stripe reports them on an open session', async () => {
    const session = await stripe.checkout.sessions.create(params());
    expect(session.consent_collection).toEqual({
      payment_method_reuse_agreement: null,
      promotions: 'auto',
      terms_of_service: 'none',
    });
    expect(session.after_expiration).toEqual({
      recovery: { enabled: true, allow_promotion_codes: false, expires_at: null, url: null },
    });
    expect(session.consent).toBeNull();
    const read = await stripe.checkout.sessions.retrieve(session.id);
    expect(read.after_expiration?.recovery?.enabled).toBe(true);
  });

  it('refuses what Stripe refuses: unknown values, a missing enabled, terms without a terms URL, unknown keys', async () => {
    const bad = (extra: object) => refusal(stripe.checkout.sessions.create(params(extra as never)));
    expect((await bad({ consent_collection: { promotions: 'always' } })).param).toBe('consent_collection[promotions]');
    expect((await bad({ after_expiration: { recovery: { allow_promotion_codes: true } } })).message).toBe(
      'Missing required param: after_expiration[recovery][enabled].',
    );
    expect((await bad({ after_expiration: { recovery: { enabled: 'yes' } } })).param).toBe(
      'after_expiration[recovery][enabled]',
    );
    expect((await bad({ consent_collection: { terms_of_service: 'required' } })).param).toBe(
      'consent_collection[terms_of_service]',
    );
    expect((await bad({ consent_collection: { marketing: 'auto' } })).message).toBe(
      'Received unknown parameter: consent_collection[marketing]',
    );
  });

  it('refuses an expires_at outside 30 minutes to 24 hours from creation', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await refusal(stripe.checkout.sessions.create(params({ expires_at: now + 10 * 60 })))).param).toBe(
      'expires_at',
    );
    expect((await refusal(stripe.checkout.sessions.create(params({ expires_at: now + 25 * 3600 })))).param).toBe(
      'expires_at',
    );
    const ok = await stripe.checkout.sessions.create(params({ expires_at: now + 31 * 60 }));
    expect(ok.expires_at).toBe(now + 31 * 60);
  });
});

describe('expiry with the shopper consent', () => {
  async function expiredEvent(sessionId: string): Promise<Stripe.Event> {
    const body = received.find(
      (b) => (JSON.parse(b) as { data: { object: { id: string } } }).data.object.id === sessionId,
    );
    expect(body).toBeDefined();
    return JSON.parse(body as string) as Stripe.Event;
  }

  it('shows the checkbox, saves it as the shopper ticks it, and reports opt_in with the recovery URL on expiry', async () => {
    const session = await stripe.checkout.sessions.create(params());
    const page = await (await fetch(session.url as string)).text();
    expect(page).toContain(PROMOTIONS_CONSENT_LABEL);
    // What the page's script sends when the box is ticked, with the e-mail typed.
    const saved = await fetch(`${sandbox.url}/pay/${session.id}/consent`, {
      method: 'POST',
      body: new URLSearchParams({ promotions: 'opt_in', email: 'maya@example.com' }),
    });
    expect(saved.status).toBe(204);

    const before = Math.floor(Date.now() / 1000);
    const expired = await fetch(`${sandbox.url}/__sandbox/sessions/${session.id}/expire`, {
      method: 'POST',
      body: '{}',
    });
    expect(expired.status).toBe(200);
    const event = await expiredEvent(session.id);
    expect(event.type).toBe('checkout.session.expired');
    const object = event.data.object as Stripe.Checkout.Session;
    expect(object.consent).toEqual({ promotions: 'opt_in', terms_of_service: null });
    expect(object.customer_details?.email).toBe('maya@example.com');
    expect(object.after_expiration?.recovery?.url).toBe(`${sandbox.url}/recover/${session.id}`);
    expect(object.after_expiration?.recovery?.expires_at).toBeGreaterThanOrEqual(
      before + RECOVERY_URL_DAYS * 24 * 3600,
    );
    // The API's re-read agrees with the event.
    const read = await stripe.checkout.sessions.retrieve(session.id);
    expect(read.status).toBe('expired');
    expect(read.consent?.promotions).toBe('opt_in');
  });

  it('reports null consent when the box was never touched, and opt_out when it was unticked', async () => {
    const untouched = await stripe.checkout.sessions.create(params());
    await stripe.checkout.sessions.expire(untouched.id);
    expect((await stripe.checkout.sessions.retrieve(untouched.id)).consent).toBeNull();

    const declined = await stripe.checkout.sessions.create(params());
    const control = await fetch(`${sandbox.url}/__sandbox/sessions/${declined.id}/expire`, {
      method: 'POST',
      body: JSON.stringify({ promotions: 'opt_out', email: 'no@example.com' }),
    });
    expect(control.status).toBe(200);
    expect((await stripe.checkout.sessions.retrieve(declined.id)).consent?.promotions).toBe('opt_out');
  });

  it('has no checkbox and takes no consent on a session that does not collect it', async () => {
    const session = await stripe.checkout.sessions.create(params({ consent_collection: undefined }));
    expect(await (await fetch(session.url as string)).text()).not.toContain(PROMOTIONS_CONSENT_LABEL);
    expect(() => sandbox.chooseConsent(session.id, 'opt_in')).toThrow(/does not collect promotional consent/);
    await stripe.checkout.sessions.expire(session.id);
    const read = await stripe.checkout.sessions.retrieve(session.id);
    expect(read.consent).toBeNull();
    expect(read.after_expiration?.recovery?.url).toContain('/recover/');
  });
});
