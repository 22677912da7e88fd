import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { SHIPPING_QUOTE_MAX_WAIT_MS } from '@shop/shared/constants';
import { interactiveReserveOf } from '@shop/shared/providers/printful';
import { startCheckoutStack } from '../../tests/integration/checkout-stack.js';
import { percentile } from '../../tests/fixtures/percentile.js';

// Shipping rates through a crowd at Printful's real budget (120 calls a minute, a fifth kept for
// shoppers): 50 clients, each from an address of its own, keep asking for quotes Printful has not
// been asked before (a new zip each time, so the cache never answers) for one minute. Counted:
// quotes answered with Printful's rates, shoppers (clients) who got at least one, answers from the
// flat-rate table, and how long a quote took, waiting for its turn included.
// Run: `npx tsx api/bench/rate-crowd.bench.ts` (with REDIS_URL set).

const CLIENTS = 50;
const PRINTFUL_RATE_LIMIT_PER_MIN = 120;
const DURATION_MS = 60_000;

export interface RateCrowdResult {
  clients: number;
  printfulCallsPerMin: number;
  shoppersShare: number;
  quotes: number;
  printfulQuotes: number;
  shoppersServed: number;
  flatRate: number;
  unavailable: number;
  p50Ms: number;
  p99Ms: number;
  durationMs: number;
}

const clientAddress = (n: number) => `198.51.100.${n + 1}`;

export async function runRateCrowdBench(): Promise<RateCrowdResult> {
  const stack = await startCheckoutStack({
    printfulRateLimitPerMin: PRINTFUL_RATE_LIMIT_PER_MIN,
    env: { TRUST_PROXY: '127.0.0.1' },
  });
  try {
    const [product] = stack.products;
    const variant = product.variants[0];
    const served = new Set<number>();
    const samples: number[] = [];
    let printful = 0;
    let flat = 0;
    let unavailable = 0;
    let zip = 10_000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, n) => {
        const shopper = stack.guest();
        shopper.headers['x-forwarded-for'] = clientAddress(n);
        await shopper.add(product.id, 1 + (n % 3), { size: variant.size, color: variant.color });
        while (performance.now() - started < DURATION_MS) {
          const asked = performance.now();
          const response = await fetch(`${stack.apiUrl}/api/cart/shipping-rates?country=US&state=NY&zip=${zip++}`, {
            headers: shopper.headers,
          });
          const body = (await response.json()) as { source?: string };
          samples.push(performance.now() - asked);
          if (response.status !== 200) unavailable += 1;
          else if (body.source === 'printful') {
            printful += 1;
            served.add(n);
          } else flat += 1;
          // A shopper reads the options before trying another address.
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }),
    );
    samples.sort((a, b) => a - b);
    return {
      clients: CLIENTS,
      printfulCallsPerMin: PRINTFUL_RATE_LIMIT_PER_MIN,
      shoppersShare: interactiveReserveOf(PRINTFUL_RATE_LIMIT_PER_MIN),
      quotes: samples.length,
      printfulQuotes: printful,
      shoppersServed: served.size,
      flatRate: flat,
      unavailable,
      p50Ms: Math.round(percentile(samples, 50)),
      p99Ms: Math.round(percentile(samples, 99)),
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    await stack.close();
  }
}

export function rateCrowdBenchTable(r: RateCrowdResult): string {
  const perMin = (n: number) => Math.round((n / r.durationMs) * 60_000 * 10) / 10;
  return [
    `${r.clients} clients, each from its own address, asking GET /api/cart/shipping-rates for new destinations (uncached) for one minute, at Printful's ${r.printfulCallsPerMin} calls a minute (${r.shoppersShare} kept for shoppers); a quote waits up to ${SHIPPING_QUOTE_MAX_WAIT_MS / 1000} s for its turn`,
    '',
    '| quotes | with Printful rates | shoppers served with Printful rates | per minute: quotes with Printful rates | flat-rate answers | 503 | p50 ms | p99 ms |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${r.quotes} | ${r.printfulQuotes} | ${r.shoppersServed} of ${r.clients} | ${perMin(r.printfulQuotes)} | ${r.flatRate} | ${r.unavailable} | ${r.p50Ms} | ${r.p99Ms} |`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  console.log(rateCrowdBenchTable(await runRateCrowdBench()));
}
