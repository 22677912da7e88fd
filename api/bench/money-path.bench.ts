import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { startCheckoutStack, type CheckoutStack } from '../../tests/integration/checkout-stack.js';
import { SHIPPING_QUOTES_PER_CLIENT_PER_MIN } from '@shop/shared/constants';
import { percentile } from '../../tests/fixtures/percentile.js';
import type { LatencyMs } from './bench-harness.js';

// The money path as a shopper walks it: the cart page asks for shipping rates to a destination,
// then checkout creates the hosted Stripe session with those options. Measured per shopper from
// the rate request to the checkout answer, and counted in Printful shipping-rate calls per
// checkout: once with a new destination for every shopper (each cart page asks Printful once,
// checkout reuses that quote), once with a few repeated destinations and carts (the cache answers).
//
// Then what one rate quote costs with the per-client quote budgets on (docs/rules.md#money-and-abuse), beside
// the trivial route measured in the same run: a cached quote (no budget spent), a new destination
// from a client with budget left (the budget is taken, Printful asked), and a new destination
// from a client whose budget is spent (answered from the flat-rate table at once). Shoppers come
// from addresses of their own (X-Forwarded-For from a trusted loopback proxy), as behind a load
// balancer. Run: `npx tsx api/bench/money-path.bench.ts`.

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

export interface QuoteCostRow extends LatencyMs {
  scenario: string;
  requests: number;
  printfulCallsPerRequest: number | null;
  /** p50 of this scenario over the trivial route's p50 in the same run. */
  p50Ratio: number;
}

export interface MoneyPathBenchResult {
  checkouts: MoneyPathBenchRow[];
  quotes: QuoteCostRow[];
}

const QUOTES = 200;

type Destination = { country: string; state?: string; zip?: string };

/** A client address of its own for shopper `n` (documentation range, never routed). */
const clientAddress = (n: number) => `198.51.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;

async function oneShopper(stack: CheckoutStack, n: number, destination: Destination): Promise<number> {
  const shopper = stack.guest();
  shopper.headers['x-forwarded-for'] = clientAddress(n);
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

const printfulQuotes = (stack: CheckoutStack) =>
  stack.printfulSandbox.stats.snapshot().byRoute['POST /shipping/rates'] ?? 0;

/** `QUOTES` requests, 5 at once; `request(n)` gives the path and headers of the n-th. */
async function quoteCost(
  stack: CheckoutStack,
  name: string,
  request: (n: number) => { path: string; headers: Record<string, string> },
  trivialP50: number | null,
): Promise<QuoteCostRow> {
  const before = printfulQuotes(stack);
  const samples: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: SHOPPERS_AT_ONCE }, async () => {
      while (next < QUOTES) {
        const { path: route, headers } = request(next++);
        const started = performance.now();
        const response = await fetch(`${stack.apiUrl}${route}`, { headers });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${route} answered ${response.status}`);
        samples.push(performance.now() - started);
      }
    }),
  );
  samples.sort((a, b) => a - b);
  const p50 = percentile(samples, 50);
  return {
    scenario: name,
    requests: samples.length,
    printfulCallsPerRequest:
      trivialP50 === null ? null : Math.round(((printfulQuotes(stack) - before) / samples.length) * 100) / 100,
    p50Ms: Math.round(p50 * 10) / 10,
    p99Ms: Math.round(percentile(samples, 99) * 10) / 10,
    p50Ratio: trivialP50 === null ? 1 : Math.round((p50 / Math.max(trivialP50, 0.1)) * 100) / 100,
  };
}

async function runQuoteCost(stack: CheckoutStack): Promise<QuoteCostRow[]> {
  const shopper = stack.guest();
  const [product] = stack.products;
  await shopper.add(product.id, 1, { size: product.variants[0].size, color: product.variants[0].color });
  const rates = (zip: number) => `/api/cart/shipping-rates?country=US&state=NY&zip=${zip}`;
  const trivial = await quoteCost(
    stack,
    'trivial route: GET /api/health',
    () => ({ path: '/api/health', headers: {} }),
    null,
  );
  const base = trivial.p50Ms;
  const ask = (route: string, client: string) =>
    fetch(`${stack.apiUrl}${route}`, { headers: { ...shopper.headers, 'x-forwarded-for': client } }).then((r) =>
      r.arrayBuffer(),
    );
  // The cached destination is quoted once first, so every measured request is a cache hit.
  await ask(rates(20_000), clientAddress(0));
  const cached = await quoteCost(
    stack,
    'cached quote (no budget spent)',
    (n) => ({ path: rates(20_000), headers: { ...shopper.headers, 'x-forwarded-for': clientAddress(n) } }),
    base,
  );
  const fresh = await quoteCost(
    stack,
    'new destination, client with budget left (budget taken, Printful asked)',
    (n) => ({ path: rates(30_000 + n), headers: { ...shopper.headers, 'x-forwarded-for': clientAddress(1000 + n) } }),
    base,
  );
  // One client spends its budget, then keeps asking for new destinations.
  const spent = '203.0.113.9';
  for (let i = 0; i < SHIPPING_QUOTES_PER_CLIENT_PER_MIN; i++) await ask(rates(21_000 + i), spent);
  const over = await quoteCost(
    stack,
    'new destination, client over its budget (flat-rate table, Printful not asked)',
    (n) => ({ path: rates(40_000 + n), headers: { ...shopper.headers, 'x-forwarded-for': spent } }),
    base,
  );
  return [trivial, cached, fresh, over];
}

export async function runMoneyPathBench(): Promise<MoneyPathBenchResult> {
  const stack = await startCheckoutStack({
    printfulRateLimitPerMin: PRINTFUL_RATE_LIMIT_PER_MIN,
    // Shoppers' addresses arrive in X-Forwarded-For from a proxy on loopback.
    env: { TRUST_PROXY: '127.0.0.1' },
  });
  try {
    // Warm-up on destinations no scenario uses.
    for (let i = 0; i < 5; i++) await oneShopper(stack, i, { country: 'CA', state: 'ON', zip: `M5V ${i}A1` });
    const repeated: Destination[] = [
      { country: 'US', state: 'IL', zip: '62701' },
      { country: 'GB' },
      { country: 'DE', zip: '10115' },
    ];
    const checkouts = [
      await scenario(stack, 'a new destination for every shopper', (n) => ({
        country: 'US',
        state: 'NY',
        zip: String(10_000 + n),
      })),
      await scenario(stack, '3 destinations and 6 carts, repeated', (n) => repeated[n % repeated.length]),
    ];
    return { checkouts, quotes: await runQuoteCost(stack) };
  } finally {
    await stack.close();
  }
}

export function moneyPathBenchTable({ checkouts: rows, quotes }: MoneyPathBenchResult): string {
  return [
    `GET /api/cart/shipping-rates then POST /api/checkout/sessions per shopper, ${SHOPPERS_AT_ONCE} shoppers at once (in-process API + sandboxes, SQLite, Redis)`,
    '',
    '| scenario | checkouts | Printful rate calls per checkout | p50 ms | p99 ms | mean ms |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.checkouts} | ${r.printfulCallsPerCheckout} | ${r.p50Ms} | ${r.p99Ms} | ${r.meanMs} |`,
    ),
    '',
    `Rate-quote cost with the per-client quote budgets on (${SHIPPING_QUOTES_PER_CLIENT_PER_MIN} uncached quotes a minute per client): ${QUOTES} GET /api/cart/shipping-rates, ${SHOPPERS_AT_ONCE} at once, beside the trivial route in the same run`,
    '',
    '| scenario | requests | Printful rate calls per request | p50 ms | p99 ms | p50 / trivial p50 |',
    '|---|---:|---:|---:|---:|---:|',
    ...quotes.map(
      (r) =>
        `| ${r.scenario} | ${r.requests} | ${r.printfulCallsPerRequest ?? '–'} | ${r.p50Ms} | ${r.p99Ms} | ${r.p50Ratio} |`,
    ),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  console.log(moneyPathBenchTable(await runMoneyPathBench()));
}
