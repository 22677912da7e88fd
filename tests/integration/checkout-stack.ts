import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { newGuestId } from '@shop/shared/domain/identity';
import type { OrderStatusResponse } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { parseConfig, type Config } from '@shop/shared/server/config';
import type { FullDocumentStore } from '@shop/shared/server/store';
import { buildApp } from '../../api/src/app.js';
import { createPrintfulClient, normaliseStorefrontProduct } from '@shop/shared/providers/printful';
import type { SandboxOrder } from '../sandbox/printful/orders.js';
import { startPrintfulSandbox, type PrintfulSandbox } from '../sandbox/printful/server.js';
import { startStripeSandbox, type StripeSandbox } from '../sandbox/stripe/server.js';
import { payOnHostedPage, TEST_SHOPPER_ADDRESS } from '../fixtures/hosted-payment.js';
import { outboxFiles } from '../fixtures/outbox.js';
import { startOrderWorkers } from '../fixtures/order-workers.js';
import { removeQueueData } from '../fixtures/queue-prefix.js';
import { openTempStore } from '../fixtures/temp-store.js';
import { TEST_SHIPPING } from '../fixtures/shipping-destination.js';
import { testRunEnv } from '../fixtures/test-run-env.js';
import { readSyncedProduct } from '../fixtures/synced-printful-product.js';

type ShippingDestinationInput = { country: string; state?: string; zip?: string };

// The whole checkout in one process, every part real: both provider sandboxes, the API listening
// on a random port, the orders and notifications workers, a SQLite file and the test Redis under
// a queue prefix of its own. Used by tests/integration/checkout.test.ts and api/bench/checkout.bench.ts.

export interface Shopper {
  headers: Record<string, string>;
  add(productId: string, quantity: number, variant?: { size?: string; color?: string }): Promise<void>;
  /** Checks out to `shipping` (default TEST_SHIPPING). */
  checkout(shipping?: ShippingDestinationInput): Promise<{ id: string; url: string }>;
  cart(): Promise<{ cartItems: Array<{ productId: string; quantity: number }>; totalItems: number }>;
}

export interface CheckoutStack {
  api: FastifyInstance;
  apiUrl: string;
  config: Config;
  store: FullDocumentStore;
  stripeSandbox: StripeSandbox;
  printfulSandbox: PrintfulSandbox;
  /** The storefront products seeded from the Printful sandbox. */
  products: StorefrontProduct[];
  guest(): Shopper;
  /** Presses Pay on the hosted page (an HTTP POST of its form); resolves with the redirect target. */
  pay(
    sessionUrl: string,
    method?: 'card' | 'bank_debit',
    shippingRate?: string,
    address?: Partial<Record<keyof typeof TEST_SHOPPER_ADDRESS, string>>,
  ): Promise<string>;
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
  /** The Printful sandbox's orders for one of our orders (their external id). */
  printfulOrdersFor(orderId: string): SandboxOrder[];
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
  const temp = openTempStore('checkout');
  const { store } = temp;
  const rateLimitPerMin = options.printfulRateLimitPerMin ?? 120;
  const printfulSandbox = await startPrintfulSandbox({ products: Math.max(options.products ?? 4, 4), rateLimitPerMin });
  let apiUrl = '';
  const stripeSandbox = await startStripeSandbox({
    webhookUrl: () => `${apiUrl}/api/webhooks/stripe`,
    webhookSecret: 'whsec_integration_checkout_secret',
    // The sandbox account has Stripe Tax set up, as STRIPE_AUTOMATIC_TAX=true needs.
    taxActivated: true,
  });
  const config = parseConfig({
    ...testRunEnv(),
    LOG_LEVEL: 'silent',
    OUTBOX_DIR: path.join(temp.dir, 'outbox'),
    PUBLIC_URL: 'http://shop.test',
    STRIPE_API_URL: stripeSandbox.url,
    STRIPE_WEBHOOK_SECRET: 'whsec_integration_checkout_secret',
    PRINTFUL_API_URL: printfulSandbox.url,
    PRINTFUL_RATE_LIMIT_PER_MIN: String(rateLimitPerMin),
    RATE_LIMIT_PER_MIN: '1000000',
    // Every simulated shopper comes from loopback: the per-address guest-cart budget would stop them.
    GUEST_CARTS_PER_CLIENT: '1000000',
    ...options.env,
    // The store is the stack's own file, whatever the env says.
    SQLITE_PATH: temp.sqlitePath,
  });

  // The storefront as a sync would leave it, so that the Printful sandbox knows every variant sold.
  const printful = createPrintfulClient(config, { retry: false });
  const products: StorefrontProduct[] = [];
  for (const summary of printfulSandbox.catalogue.list().slice(0, options.products ?? 4)) {
    const product = normaliseStorefrontProduct(await readSyncedProduct(printful, summary.id));
    await store.set(COLLECTIONS.storeInventory, product.id, product);
    products.push(product);
  }

  const api = await buildApp({ config, store, serveWeb: false, logger: false });
  await api.listen({ port: 0, host: '127.0.0.1' });
  apiUrl = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
  const workers = await startOrderWorkers(config, store);

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
        async checkout(shipping: ShippingDestinationInput = TEST_SHIPPING) {
          const { status, body } = await request<{ id: string; url: string }>(
            'POST',
            '/api/checkout/sessions',
            headers,
            { shipping },
          );
          if (status !== 200) throw new Error(`checkout answered ${status}: ${JSON.stringify(body)}`);
          return body;
        },
        async cart() {
          return (await request<Awaited<ReturnType<Shopper['cart']>>>('GET', '/api/cart', headers)).body;
        },
      };
    },
    pay: payOnHostedPage,
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
    outboxFiles: () => outboxFiles(config.OUTBOX_DIR),
    printfulOrdersFor: (orderId) => printfulSandbox.orders.list().filter((o) => o.external_id === orderId),
    async close() {
      await workers.close(true);
      await removeQueueData(api.redis, config.QUEUE_PREFIX, [api.queues.orders, api.queues.notifications]);
      await api.close();
      await temp.close();
      await stripeSandbox.close();
      await printfulSandbox.close();
    },
  };
}
