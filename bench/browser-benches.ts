import { spawn } from 'node:child_process';
import path from 'node:path';
import { startStoreUnderTest } from './store-under-test.js';

// Issue 36's browser benches against one store a shopper gets (`npm start`'s catalogue and
// images, on ports of its own): the first tap, INP and Lighthouse on the landing pages and the
// cart, one after the other, so no bench's browser takes the cores another one is measuring. Each writes its own bench/results file with the load average
// beside every figure. Run: `npx tsx bench/browser-benches.ts`.

const root = path.resolve(new URL('..', import.meta.url).pathname);
const store = await startStoreUnderTest();
console.log(`[bench] store at ${store.url}`);
const product = await fetch(`${store.url}/api/products/search?q=tee&limit=1`)
  .then((r) => r.json() as Promise<{ products: Array<{ id: string }> }>)
  .then((r) => `/store/product/${encodeURIComponent(r.products[0]!.id)}`);

function run(script: string, env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, BENCH_STORE_URL: store.url, ...env },
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

try {
  const codes = [await run('bench/first-tap.ts'), await run('bench/inp.ts')];
  if (process.env.BENCH_LIGHTHOUSE !== '0') {
    codes.push(
      await run('bench/lighthouse.ts', {
        LIGHTHOUSE_PRESETS: 'mobile',
        LIGHTHOUSE_RUNS: process.env.LIGHTHOUSE_RUNS ?? '5',
        // Issue 36's target is for a machine at a load average under 1.
        LIGHTHOUSE_QUIET_LOAD: process.env.LIGHTHOUSE_QUIET_LOAD ?? '1',
        LIGHTHOUSE_PAGES: process.env.LIGHTHOUSE_PAGES ?? ['/', '/store', product, '/blog', '/store/cart'].join(','),
      }),
    );
  }
  process.exitCode = codes.some((c) => c !== 0) ? 1 : 0;
} finally {
  await store.stop();
}
