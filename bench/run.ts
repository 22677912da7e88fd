import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { catalogBenchTable, runCatalogBench } from '../api/bench/catalog.bench.js';
import { cartBenchTable, runCartBench } from '../api/bench/cart.bench.js';
import { checkoutBenchTable, runCheckoutBench } from '../api/bench/checkout.bench.js';
import { moneyPathBenchTable, runMoneyPathBench } from '../api/bench/money-path.bench.js';
import { rateCrowdBenchTable, runRateCrowdBench } from '../api/bench/rate-crowd.bench.js';
import { runSyncBench, syncBenchTable } from '../worker/bench/sync.bench.js';
import { lighthouseTable, runLighthouseBench } from './lighthouse.js';

// `npm run bench`: every benchmark in one report, bench/results/latest.md. Latency and throughput
// figures sit beside a trivial route measured in the same run, so the ratios are what compare
// across machines; absolute numbers depend on the machine and what else it is doing.

const ROOT = path.resolve(new URL('..', import.meta.url).pathname);
const sections: string[] = [];

async function section(title: string, run: () => Promise<string>) {
  const started = Date.now();
  process.stdout.write(`[bench] ${title}...\n`);
  try {
    const body = await run();
    sections.push(`## ${title}\n\n${body}\n\n_${((Date.now() - started) / 1000).toFixed(0)} s_`);
    console.log(body);
  } catch (e) {
    const message = (e as Error).stack ?? String(e);
    sections.push(`## ${title}\n\nFAILED: ${message.split('\n')[0]}`);
    console.error(`[bench] ${title} failed:`, message);
    process.exitCode = 1;
  }
}

await section('Catalogue list and search (issue 3)', async () => catalogBenchTable(await runCatalogBench()));
await section('Cart add and read, 50 concurrent shoppers (issue 4)', async () => cartBenchTable(await runCartBench()));
await section('Product sync of 1,000 products at a raised rate limit (issue 3)', async () =>
  syncBenchTable(await runSyncBench(1000)),
);
await section('Webhook receipt to order paid, 200 checkouts (issue 5)', async () =>
  checkoutBenchTable(await runCheckoutBench()),
);
await section(
  'Shipping rates and checkout, with Printful calls per checkout and rate-quote cost (issues 14, 23)',
  async () => moneyPathBenchTable(await runMoneyPathBench()),
);
await section("Shipping rates through a crowd at Printful's real budget (issue 37)", async () =>
  rateCrowdBenchTable(await runRateCrowdBench()),
);
await section('Home page JavaScript budget (issue 6)', async () => {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'web/scripts/bundle-budget.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`bundle budget failed:\n${r.stdout}${r.stderr}`);
  return '```\n' + r.stdout.trim() + '\n```';
});

await section('Lighthouse 12, mobile and desktop presets (issue 17)', async () => {
  const rows = await runLighthouseBench();
  writeFileSync(path.join(ROOT, 'bench/results/lighthouse.json'), `${JSON.stringify(rows, null, 2)}\n`);
  const table = lighthouseTable(rows);
  writeFileSync(path.join(ROOT, 'bench/results/lighthouse.md'), `# Lighthouse\n\n${table}\n`);
  return table;
});

const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
const header = [
  '# Benchmark results',
  '',
  `Run ${new Date().toISOString()} at commit ${commit} on ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at the end.`,
  'Each latency table includes a trivial route (`GET /api/health`) measured in the same run; compare ratios, not absolute figures.',
  '',
].join('\n');
mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(path.join(ROOT, 'bench/results/latest.md'), `${header}\n${sections.join('\n\n')}\n`);
console.log('[bench] report written to bench/results/latest.md');
process.exit(process.exitCode ?? 0);
