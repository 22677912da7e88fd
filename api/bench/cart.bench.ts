import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type autocannon from 'autocannon';
import { newGuestId } from '@shop/shared/domain/identity';
import type { FullDocumentStore } from '@shop/shared/server/store';
import { measureRoute, withBenchApp, type LatencyMs, type RouteMeasurement } from './bench-harness.js';

// Cart latency under 50 concurrent shoppers, each with a guest id of its own, beside the trivial
// health route measured in the same run on the same process. Run: `npx tsx api/bench/cart.bench.ts`.

const SHOPPERS = 50;
const PRODUCTS = 50;
const REQUESTS_PER_SCENARIO = 5000;

export interface CartBenchRow extends LatencyMs {
  scenario: string;
  route: string;
  requestsPerSecond: number;
  /** p99 of this scenario over p99 of the trivial route. */
  p99Ratio: number;
  non2xx: number;
  errors: number;
}

/**
 * Rotates shoppers request by request (autocannon resets its per-connection context after each
 * pass over a one-request list, so the rotation keeps its own counter): request n comes from
 * shopper n mod 50 and names product (n div 50) mod 50.
 */
function rotation(guestIds: string[]) {
  let n = 0;
  return () => {
    const i = n++;
    return { guestId: guestIds[i % guestIds.length], product: Math.floor(i / guestIds.length) % PRODUCTS };
  };
}

function measure(url: string, requests: string | autocannon.Request[], amount = REQUESTS_PER_SCENARIO) {
  return measureRoute(url, { connections: SHOPPERS, amount, requests });
}

async function seedProducts(store: FullDocumentStore): Promise<void> {
  await store.batch(
    Array.from({ length: PRODUCTS }, (_, i) => ({
      type: 'set' as const,
      collection: 'storeInventory',
      id: `bench-${i}`,
      data: {
        title: `Bench product ${i}`,
        price: 10 + i,
        images: [],
        category: 'clothing',
        description: 'Benchmark product',
        variants: [
          {
            id: `bench-${i}-v`,
            name: 'One Size',
            size: 'One Size',
            color: 'Default',
            price: 10 + i,
            catalog_variant_id: 1000 + i,
          },
        ],
      },
    })),
  );
}

export async function runCartBench(): Promise<CartBenchRow[]> {
  return withBenchApp({ name: 'cart', prepare: seedProducts }, async ({ url }) => {
    const guestIds = Array.from({ length: SHOPPERS }, () => newGuestId());

    // Warm-up: JIT, SQLite page cache, token-free identity path.
    await measure(url, '/api/health', 1000);

    const trivial = await measure(url, '/api/health');
    const nextAdd = rotation(guestIds);
    // 5000 adds over 50 shoppers and 50 products put 2 of each product in each cart, far below the 10-per-line cap.
    const add = await measure(url, [
      {
        method: 'POST',
        path: '/api/cart/items',
        setupRequest: (request) => {
          const { guestId, product } = nextAdd();
          const body = JSON.stringify({ productId: `bench-${product}`, quantity: 1 });
          return { ...request, headers: { 'x-guest-id': guestId, 'content-type': 'application/json' }, body };
        },
      },
    ]);
    const nextRead = rotation(guestIds);
    const read = await measure(url, [
      {
        method: 'GET',
        path: '/api/cart',
        setupRequest: (request) => ({ ...request, headers: { 'x-guest-id': nextRead().guestId } }),
      },
    ]);

    const row = (scenario: string, route: string, result: RouteMeasurement): CartBenchRow => ({
      scenario,
      route,
      requestsPerSecond: Math.round(result.reqPerSec),
      p50Ms: result.p50,
      p99Ms: result.p99,
      p99Ratio: Math.round((result.p99 / Math.max(trivial.p99, 1)) * 100) / 100,
      non2xx: result.non2xx,
      errors: result.errors,
    });
    return [
      row('trivial', 'GET /api/health', trivial),
      row('cart add', 'POST /api/cart/items', add),
      row('cart read', 'GET /api/cart', read),
    ];
  });
}

export function cartBenchTable(rows: CartBenchRow[]): string {
  const lines = [
    `Cart, ${SHOPPERS} concurrent guest shoppers, ${REQUESTS_PER_SCENARIO} requests per scenario`,
    '',
    '| scenario | route | req/s | p50 ms | p99 ms | p99 / trivial p99 | non-2xx | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.route} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.p99Ratio} | ${r.non2xx} | ${r.errors} |`,
    ),
  ];
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const rows = await runCartBench();
  console.log(cartBenchTable(rows));
  if (rows.some((r) => r.non2xx > 0 || r.errors > 0)) process.exitCode = 1;
}
