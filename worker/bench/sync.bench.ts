import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { interactiveReserveOf } from '@shop/shared/providers/printful';
import { createSyncHarness } from '../test/product-sync/sync-harness.js';

// Product sync of 1,000 sandbox products at a raised rate limit (issue: catalogue benchmarks).
// The figure is the achieved Printful request rate as a fraction of the allowed rate, measured in
// the same run: a good sync spends the budget fully (target >= 0.9) with no 429-caused failures.
// The window is shortened (2 s, 100 requests: 3,000 a minute) on both sides so the run is brief;
// pacing works the same way as with Printful's 120 a minute. Since shoppers' shipping-rate calls
// share the budget (issue 14), a fifth of each window is kept for them and a sync may spend the
// rest: the figure that says whether the sync paces well is the fraction of that share.

export interface SyncBenchRow {
  products: number;
  requests: number;
  seconds: number;
  allowedPerSecond: number;
  achievedPerSecond: number;
  fractionOfAllowed: number;
  /** What the sync may spend: the allowed rate less the shoppers' reserve. */
  syncSharePerSecond: number;
  fractionOfShare: number;
  rateLimited: number;
  failed: number;
}

const WINDOW_MS = 2000;
const PER_WINDOW = 100;

export async function runSyncBench(products = 1000): Promise<SyncBenchRow> {
  // With a shortened window, the sandbox and the pacer both read the limit as "requests per window".
  const h = await createSyncHarness({
    sandbox: { products, rateLimitPerMin: PER_WINDOW, windowMs: WINDOW_MS },
    sync: { windowMs: WINDOW_MS, detailConcurrency: 16 },
  });
  try {
    await h.startWorker();
    // Start on a window boundary so the first window is a whole one for both sides.
    await new Promise((r) => setTimeout(r, WINDOW_MS - (Date.now() % WINDOW_MS)));
    const started = performance.now();
    const { result } = await h.sync({ fullSync: true });
    const seconds = (performance.now() - started) / 1000;
    const stats = h.sandbox.stats.snapshot();
    const allowedPerSecond = PER_WINDOW / (WINDOW_MS / 1000);
    const achievedPerSecond = stats.requests / seconds;
    const syncSharePerSecond = (PER_WINDOW - interactiveReserveOf(PER_WINDOW)) / (WINDOW_MS / 1000);
    return {
      products,
      requests: stats.requests,
      seconds,
      allowedPerSecond,
      achievedPerSecond,
      fractionOfAllowed: achievedPerSecond / allowedPerSecond,
      syncSharePerSecond,
      fractionOfShare: achievedPerSecond / syncSharePerSecond,
      rateLimited: stats.rateLimited,
      failed: result.failed,
    };
  } finally {
    await h.close();
  }
}

export function syncBenchTable(row: SyncBenchRow): string {
  return [
    '| products | requests | seconds | allowed req/s | sync share req/s | achieved req/s | fraction of allowed | fraction of the sync share | 429s | failed products |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${row.products} | ${row.requests} | ${row.seconds.toFixed(1)} | ${row.allowedPerSecond.toFixed(1)} | ${row.syncSharePerSecond.toFixed(1)} | ${row.achievedPerSecond.toFixed(1)} | ${row.fractionOfAllowed.toFixed(2)} | ${row.fractionOfShare.toFixed(2)} | ${row.rateLimited} | ${row.failed} |`,
    '',
    `Target: the sync spends >= 0.9 of its share with no failed product: ${row.fractionOfShare >= 0.9 && row.failed === 0 ? 'met' : 'MISSED'}`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const row = await runSyncBench();
  console.log(syncBenchTable(row));
  process.exit(0);
}
