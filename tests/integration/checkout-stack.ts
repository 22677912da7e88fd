import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { normaliseStorefrontProduct, type StorefrontProduct } from '@shop/shared/domain/product';
import { newGuestId } from '@shop/shared/domain/identity';
import type { OrderStatusResponse } from '@shop/shared/schemas';
import { parseConfig, type Config } from '@shop/shared/server/config';
import { openSqliteStore, type DocumentStore } from '@shop/shared/server/store';
import { buildApp } from '../../api/src/app.js';
import { startWorkers, type RunningWorkers } from '../../worker/src/runner.js';
import { jobModule as ordersModule } from '../../worker/src/jobs/orders/index.js';
import { jobModule as notificationsModule } from '../../worker/src/jobs/notifications/index.js';
import { createPrintfulClient } from '../../worker/src/providers/printful/index.js';
import { startPrintfulSandbox, type PrintfulSandbox } from '../sandbox/printful/server.js';
import { startStripeSandbox, type StripeSandbox } from '../sandbox/stripe/server.js';

// The whole checkout in one process, every part real: both provider sandboxes, the API listening
// on a random port, the orders and notifications workers, a SQLite file and the test Redis under
// a queue prefix of its own. Used by tests/integration/checkout.test.ts and api/bench/checkout.bench.ts.

export interface Shopper {
  headers: Record<string, string>;
  add(productId: string, quantity: number, variant?: { size?: string; color?: string }): Promise<void>;
  checkout(): Promise<{ id: string; url: string }>;
  cart(): Promise<{ cartItems: Array<{ productId: string; quantity: number }>; totalItems: number }>;
}

export interface CheckoutStack {
  api: FastifyInstance;
  apiUrl: string;
  config: Config;
  store: DocumentStore;
  stripeSandbox: StripeSandbox;
  printfulSandbox: PrintfulSandbox;
  /** The storefront products seeded from the Printful sandbox. */
  products: StorefrontProduct[];
  guest(): Shopper;
  /** Presses Pay on the hosted page (an HTTP POST of its form); resolves with the redirect target. */
  pay(sessionUrl: string, method?: 'card' | 'bank_debit'): Promise<string>;
  orderStatus(sessionId: string): Promise<OrderStatusResponse | null>;
  /** Polls the confirmation page's endpoint until `ready` holds. */
  waitForOrder(
    sessionId: string,
    ready: (order: OrderStatusResponse) => boolean,
    timeoutMs?: number,
  ): Promise<OrderStatusResponse>;
  /** Resolves once the orders and notifications queues have nothing waiting, delayed or running. */
  queuesIdle(timeoutMs?: number): Promise<void>;
  outboxFiles(): string[];
  close(): Promise<void>;
}

export interface CheckoutStackOptions {
  /** How many sandbox products to seed into the storefront. Default 4. */
  products?: number;
  /** Printful's request budget in the sandbox and the worker (Printful: 120 a minute). */
  printfulRateLimitPerMin?: number;
  env?: Record<string, string>;
}

export async function waitUntil(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function startCheckoutStack(options: CheckoutStackOptions = {}): Promise<CheckoutStack> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-checkout-'));
  const rateLimitPerMin = options.printfulRateLimitPerMin ?? 120;
  const printfulSandbox = await startPrintfulSandbox({ products: Math.max(options.products ?? 4, 4), rateLimitPerMin });
  let apiUrl = '';
  const stripeSandbox = await startStripeSandbox({
    webhookUrl: () => `${apiUrl}/api/webhooks/stripe`,
    webhookSecret: 'whsec_integration_checkout_secret',
  });
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    REDIS_URL: process.env.REDIS_URL,
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
    FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? 'demo-studio-shop',
    QUEUE_PREFIX: `test-${randomUUID()}`,
    SQLITE_PATH: path.join(dir, 'shop.db'),
    OUTBOX_DIR: path.join(dir, 'outbox'),
    PUBLIC_URL: 'http://shop.test',
    STRIPE_API_URL: stripeSandbox.url,
    STRIPE_WEBHOOK_SECRET: 'whsec_integration_checkout_secret',
    PRINTFUL_API_URL: printfulSandbox.url,
    PRINTFUL_RATE_LIMIT_PER_MIN: String(rateLimitPerMin),
    RATE_LIMIT_PER_MIN: '1000000',
    ...options.env,
  });
  const store = openSqliteStore(config.SQLITE_PATH);

  // The storefront as a sync would leave it, so that the Printful sandbox knows every variant sold.
  const printful = createPrintfulClient(config, { retry: false });
  const products: StorefrontProduct[] = [];
  for (const summary of printfulSandbox.catalogue.list().slice(0, options.products ?? 4)) {
    const product = normaliseStorefrontProduct(await printful.getProduct(summary.id));
    await store.set('storeInventory', product.id, product);
    products.push(product);
  }

  const api = await buildApp({ config, store, serveWeb: false, logger: false });
  await api.listen({ port: 0, host: '127.0.0.1' });
  apiUrl = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
  const workers: RunningWorkers = await startWorkers({
    config,
    store,
    logger: pino({ level: 'silent' }),
    modules: [ordersModule, notificationsModule],
    schedule: false,
  });

  async function request<T>(
    method: string,
    route: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const response = await fetch(`${apiUrl}${route}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  async function orderStatus(sessionId: string) {
    const { status, body } = await request<OrderStatusResponse>('GET', `/api/orders/by-session/${sessionId}`, {});
    return status === 200 ? body : null;
  }

  return {
    api,
    apiUrl,
    config,
    store,
    stripeSandbox,
    printfulSandbox,
    products,
    guest() {
      const headers = { 'x-guest-id': newGuestId() };
      return {
        headers,
        async add(productId, quantity, variant = {}) {
          const { status, body } = await request('POST', '/api/cart/items', headers, {
            productId,
            quantity,
            ...variant,
          });
          if (status !== 200) throw new Error(`add to cart answered ${status}: ${JSON.stringify(body)}`);
        },
        async checkout() {
          const { status, body } = await request<{ id: string; url: string }>(
            'POST',
            '/api/checkout/sessions',
            headers,
            {},
          );
          if (status !== 200) throw new Error(`checkout answered ${status}: ${JSON.stringify(body)}`);
          return body;
        },
        async cart() {
          return (await request<Awaited<ReturnType<Shopper['cart']>>>('GET', '/api/cart', headers)).body;
        },
      };
    },
    async pay(sessionUrl, method = 'card') {
      const form = new URLSearchParams({
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        line1: '1 Analytical Way',
        city: 'Springfield',
        state: 'IL',
        postal_code: '62701',
        country: 'US',
        payment_method: method,
      });
      const response = await fetch(`${sessionUrl}/pay`, { method: 'POST', body: form, redirect: 'manual' });
      if (response.status !== 303) throw new Error(`Pay answered ${response.status}`);
      return response.headers.get('location') ?? '';
    },
    orderStatus,
    async waitForOrder(sessionId, ready, timeoutMs = 30_000) {
      let last: OrderStatusResponse | null = null;
      await waitUntil(
        async () => {
          last = await orderStatus(sessionId);
          return last !== null && ready(last);
        },
        timeoutMs,
        `the order of ${sessionId} (last seen: ${JSON.stringify(last)})`,
      );
      return last as unknown as OrderStatusResponse;
    },
    async queuesIdle(timeoutMs = 30_000) {
      await waitUntil(
        async () => {
          for (const queue of [api.queues.orders, api.queues.notifications]) {
            const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
            if (Object.values(counts).some((n) => n > 0)) return false;
          }
          return true;
        },
        timeoutMs,
        'the order queues to drain',
      );
    },
    outboxFiles() {
      try {
        return readdirSync(config.OUTBOX_DIR).filter((f) => f.endsWith('.eml'));
      } catch {
        return [];
      }
    },
    async close() {
      await workers.close(true);
      for (const queue of [api.queues.orders, api.queues.notifications]) await queue.obliterate({ force: true });
      const leftover = await api.redis.keys(`${config.QUEUE_PREFIX}:*`);
      if (leftover.length > 0) await api.redis.del(...leftover);
      await api.close();
      await store.close();
      await stripeSandbox.close();
      await printfulSandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
