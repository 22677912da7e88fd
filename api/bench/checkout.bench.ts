import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { findOrderBySessionId } from '@shop/shared/server/orders';
import { startCheckoutStack, waitUntil, type CheckoutStack } from '../../tests/integration/checkout-stack.js';
import { percentile } from '../../tests/fixtures/percentile.js';
import type { LatencyMs } from './bench-harness.js';

// Time from the Stripe webhook's arrival at the API to the order being marked paid by the worker,
// over 200 checkouts paid on the sandbox's hosted page: once by one shopper at a time (the
// pipeline's own latency), once by 10 shoppers at a time (a burst, so queueing shows). Everything
// runs in one process on one event loop (API, orders + notifications workers, both sandboxes),
// with SQLite and Redis. Run: `npx tsx api/bench/checkout.bench.ts`.

const CHECKOUTS = 200;
const SCENARIOS = [1, 10];
// The bench measures this pipeline, not Printful's 120-a-minute budget, which fulfilment of 200
// orders (three calls each) would otherwise wait on while holding worker slots.
const PRINTFUL_RATE_LIMIT_PER_MIN = 100_000;

export interface CheckoutBenchRow extends LatencyMs {
  checkouts: number;
  concurrentShoppers: number;
  meanMs: number;
  maxMs: number;
}

async function oneCheckout(stack: CheckoutStack, n: number): Promise<string> {
  const shopper = stack.guest();
  const product = stack.products[n % stack.products.length];
  const variant = product.variants[0];
  await shopper.add(product.id, 1 + (n % 3), { size: variant.size, color: variant.color });
  const session = await shopper.checkout();
  await stack.pay(session.url);
  return session.id;
}

/** Receipt of the completed event (webhookEvents.receivedAt) to the order's paidAt, per checkout. */
async function webhookToPaidMs(stack: CheckoutStack, sessionId: string): Promise<number> {
  const events = await stack.store.query<{ type: string; receivedAt: string }>('webhookEvents', {
    where: [['objectId', '==', sessionId]],
  });
  const completed = events.docs.find((d) => d.data.type === 'checkout.session.completed');
  const order = await findOrderBySessionId(stack.store, sessionId);
  if (!completed || !order?.paidAt) throw new Error(`checkout ${sessionId} was not paid`);
  return Date.parse(order.paidAt) - Date.parse(completed.data.receivedAt);
}

async function measure(stack: CheckoutStack, shoppers: number, first: number): Promise<CheckoutBenchRow> {
  const sessions: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: shoppers }, async () => {
      while (next < CHECKOUTS) sessions.push(await oneCheckout(stack, first + next++));
    }),
  );
  await waitUntil(
    async () => {
      const paid = await Promise.all(sessions.map(async (id) => (await stack.orderStatus(id))?.status === 'paid'));
      return paid.every(Boolean);
    },
    300_000,
    'every benchmark order to be paid',
  );
  const samples = (await Promise.all(sessions.map((id) => webhookToPaidMs(stack, id)))).sort((a, b) => a - b);
  // Fulfilment (Printful, e-mail) finishes before the next scenario, so it does not weigh on it.
  await stack.queuesIdle(300_000);
  return {
    checkouts: samples.length,
    concurrentShoppers: shoppers,
    p50Ms: percentile(samples, 50),
    p99Ms: percentile(samples, 99),
    meanMs: Math.round(samples.reduce((a, b) => a + b, 0) / samples.length),
    maxMs: samples[samples.length - 1],
  };
}

export async function runCheckoutBench(): Promise<CheckoutBenchRow[]> {
  const stack = await startCheckoutStack({ printfulRateLimitPerMin: PRINTFUL_RATE_LIMIT_PER_MIN });
  try {
    // Warm-up: JIT, SQLite page cache, Redis connections, the workers' clients.
    for (let i = 0; i < 5; i++) await oneCheckout(stack, i);
    await stack.queuesIdle(120_000);
    const rows: CheckoutBenchRow[] = [];
    for (const [i, shoppers] of SCENARIOS.entries()) rows.push(await measure(stack, shoppers, (i + 1) * CHECKOUTS));
    return rows;
  } finally {
    await stack.close();
  }
}

export function checkoutBenchTable(rows: CheckoutBenchRow[]): string {
  return [
    'Stripe webhook received -> order marked paid (in-process API + workers + sandboxes, SQLite, Redis)',
    '',
    '| shoppers at once | checkouts | p50 ms | p99 ms | mean ms | max ms |',
    '|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) => `| ${r.concurrentShoppers} | ${r.checkouts} | ${r.p50Ms} | ${r.p99Ms} | ${r.meanMs} | ${r.maxMs} |`,
    ),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  console.log(checkoutBenchTable(await runCheckoutBench()));
}
