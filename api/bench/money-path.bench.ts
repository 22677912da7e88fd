import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { startCheckoutStack, type CheckoutStack } from '../../tests/integration/checkout-stack.js';
import { percentile } from '../../tests/fixtures/percentile.js';
import type { LatencyMs } from './bench-harness.js';

// The money path as a shopper walks it: the cart page asks for shipping rates to a destination,
// then checkout creates the hosted Stripe session with those options. Measured per shopper from
// the rate request to the checkout answer, and counted in Printful shipping-rate calls per
// checkout: once with a new destination for every shopper (each cart page asks Printful once,
// checkout reuses that quote), once with a few repeated destinations and carts (the cache answers).
// Run: `npx tsx api/bench/money-path.bench.ts`.

const CHECKOUTS = 100;
const SHOPPERS_AT_ONCE = 5;
// Printful's budget is not what this measures; the shoppers' share of a raised limit never runs out.
const PRINTFUL_RATE_LIMIT_PER_MIN = 100_000;

export interface MoneyPathBenchRow extends LatencyMs {
  scenario: string;
  checkouts: number;
  printfulCallsPerCheckout: number;
  meanMs: number;
}

type Destination = { country: string; state?: string; zip?: string };

async function oneShopper(stack: CheckoutStack, n: number, destination: Destination): Promise<number> {
  const shopper = stack.guest();
  // Repeated destinations also repeat carts: one product, one of each quantity 1-3.
  const product = stack.products[n % 2];
  const variant = product.variants[0];
  await shopper.add(product.id, 1 + (n % 3), { size: variant.size, color: variant.color });
  const started = performance.now();
  const query = new URLSearchParams(destination as Record<string, string>).toString();
  const rates = await fetch(`${stack.apiUrl}/api/cart/shipping-rates?${query}`, { headers: shopper.headers });
  if (rates.status !== 200) throw new Error(`shipping-rates answered ${rates.status}`);
  await rates.arrayBuffer();
  await shopper.checkout(destination);
  return performance.now() - started;
}

async function scenario(
  stack: CheckoutStack,
  name: string,
  destinationOf: (n: number) => Destination,
): Promise<MoneyPathBenchRow> {
  const before = stack.printfulSandbox.stats.snapshot().byRoute['POST /shipping/rates'] ?? 0;
  const samples: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: SHOPPERS_AT_ONCE }, async () => {
      while (next < CHECKOUTS) {
        const n = next++;
        samples.push(await oneShopper(stack, n, destinationOf(n)));
      }
    }),
  );
  const calls = (stack.printfulSandbox.stats.snapshot().byRoute['POST /shipping/rates'] ?? 0) - before;
  samples.sort((a, b) => a - b);
  return {
    scenario: name,
    checkouts: samples.length,
    printfulCallsPerCheckout: Math.round((calls / samples.length) * 100) / 100,
    p50Ms: Math.round(percentile(samples, 50)),
    p99Ms: Math.round(percentile(samples, 99)),
    meanMs: Math.round(samples.reduce((a, b) => a + b, 0) / samples.length),
  };
}

export async function runMoneyPathBench(): Promise<MoneyPathBenchRow[]> {
  const stack = await startCheckoutStack({ printfulRateLimitPerMin: PRINTFUL_RATE_LIMIT_PER_MIN });
  try {
    // Warm-up on destinations no scenario uses.
    for (let i = 0; i < 5; i++) await oneShopper(stack, i, { country: 'CA', state: 'ON', zip: `M5V ${i}A1` });
    const repeated: Destination[] = [
      { country: 'US', state: 'IL', zip: '62701' },
      { country: 'GB' },
      { country: 'DE', zip: '10115' },
    ];
    return [
      await scenario(stack, 'a new destination for every shopper', (n) => ({
        country: 'US',
        state: 'NY',
        zip: String(10_000 + n),
      })),
      await scenario(stack, '3 destinations and 6 carts, repeated', (n) => repeated[n % repeated.length]),
    ];
  } finally {
    await stack.close();
  }
}

export function moneyPathBenchTable(rows: MoneyPathBenchRow[]): string {
  return [
    `GET /api/cart/shipping-rates then POST /api/checkout/sessions per shopper, ${SHOPPERS_AT_ONCE} shoppers at once (in-process API + sandboxes, SQLite, Redis)`,
    '',
    '| scenario | checkouts | Printful rate calls per checkout | p50 ms | p99 ms | mean ms |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.checkouts} | ${r.printfulCallsPerCheckout} | ${r.p50Ms} | ${r.p99Ms} | ${r.meanMs} |`,
    ),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  console.log(moneyPathBenchTable(await runMoneyPathBench()));
}
