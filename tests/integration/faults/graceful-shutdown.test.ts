import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { startPrintfulSandbox, type PrintfulSandbox } from '../../sandbox/printful/server.js';
import { startStripeSandbox, type StripeSandbox } from '../../sandbox/stripe/server.js';
import { apiClient, guestHeaders, type ApiCall } from './helpers/api-client.js';
import { startHoldingGate, type HoldingGate } from './helpers/holding-gate.js';
import { seedStorefront } from './helpers/seed-catalog.js';
import { startApiProcess, stopAll, type ServiceProcess } from './helpers/service-process.js';
import { createStackEnv, type StackEnv } from './helpers/stack-env.js';
import { waitUntil } from './helpers/wait.js';
import { TEST_SHIPPING } from '../../fixtures/shipping-destination.js';
import { noProviderUrl } from '../../fixtures/test-run-env.js';

// A deploy stops the API (SIGTERM) while 200 shoppers are pressing Checkout and a browser tab
// follows the live catalogue. Stripe is slow at that moment (a gate holds its requests), so every
// checkout is certainly mid-flight when the signal lands. The API must stop taking connections,
// finish every request it accepted with a real answer, end the live stream, and exit 0 within
// its grace period (a forced exit is code 1).

const SHOPPERS = 200;
const WEBHOOK_SECRET = 'whsec_faults_graceful_shutdown';

let printful: PrintfulSandbox;
let stripe: StripeSandbox;
let gate: HoldingGate;
let stack: StackEnv;
let api: ServiceProcess;
let apiUrl: string;
let call: ApiCall;
let product: StorefrontProduct;

beforeAll(async () => {
  printful = await startPrintfulSandbox({ products: 4 });
  stripe = await startStripeSandbox({
    webhookUrl: () => `${apiUrl}/api/webhooks/stripe`,
    webhookSecret: WEBHOOK_SECRET,
  });
  gate = await startHoldingGate(stripe.url);
  stack = createStackEnv({
    REDIS_URL: process.env.REDIS_URL ?? '',
    PRINTFUL_API_URL: printful.url,
    // No rates source answers: the worker's refresh keeps the last good rates (none here).
    CURRENCY_RATES_URL: noProviderUrl(),
    STRIPE_API_URL: gate.url,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  [product] = await seedStorefront(stack.sqlitePath, printful, 1);
  const started = await startApiProcess(stack.env);
  api = started.process;
  apiUrl = started.url;
  call = apiClient(apiUrl);
});

afterAll(async () => {
  await stopAll([api]);
  await gate?.close();
  await stripe?.close();
  await printful?.close();
  stack?.remove();
});

/** Whether a new TCP connection to the API's port is still accepted. */
function connectionOutcome(port: number): Promise<'accepted' | 'refused'> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    // A connect caught in the kernel's backlog as the listening socket closes is reset, not
    // refused; either way the server no longer takes it.
    socket.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET' ? resolve('refused') : reject(error),
    );
  });
}

/** Opens the live catalogue stream; resolves once its first snapshot came, with a promise of its end. */
async function followCatalogue(): Promise<{ ended: Promise<string> }> {
  const response = await fetch(`${apiUrl}/api/products/stream`);
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let received = '';
  while (!received.includes('event: snapshot')) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended before its snapshot: ${received}`);
    received += value;
  }
  const ended = (async () => {
    for (;;) {
      const { done } = await reader.read();
      if (done) return 'ended';
    }
  })();
  return { ended };
}

describe('SIGTERM while 200 checkouts are in flight', () => {
  it('finishes every accepted request, refuses new connections, ends live streams and exits 0', async () => {
    const shoppers = Array.from({ length: SHOPPERS }, guestHeaders);
    for (let i = 0; i < shoppers.length; i += 25) {
      const added = await Promise.all(
        shoppers
          .slice(i, i + 25)
          .map((headers) => call('POST', '/api/cart/items', { headers, body: { productId: product.id, quantity: 1 } })),
      );
      expect(added.map((a) => a.status)).toEqual(Array(added.length).fill(200));
    }
    const catalogueTab = await followCatalogue();

    const checkouts = shoppers.map((headers) =>
      call<{ id: string; url: string }>('POST', '/api/checkout/sessions', {
        headers,
        body: { shipping: TEST_SHIPPING },
      }),
    );
    await waitUntil(
      () => gate.held() >= SHOPPERS,
      60_000,
      () => `${SHOPPERS} checkouts to reach Stripe (${gate.held()} so far)`,
    );

    api.child.kill('SIGTERM');
    await api.waitForLog((line) => line.msg === 'shutting down: finishing in-flight requests', 'the shutdown to begin');
    const port = Number(new URL(apiUrl).port);
    await waitUntil(async () => (await connectionOutcome(port)) === 'refused', 10_000, 'new connections to be refused');

    gate.release();
    const answers = await Promise.all(checkouts);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    for (const { body } of answers)
      expect(body).toMatchObject({ id: expect.stringMatching(/^cs_/), url: expect.any(String) });
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(SHOPPERS);
    expect(await catalogueTab.ended).toBe('ended');
    expect(await api.exited).toEqual({ code: 0, signal: null });
  });
});
