import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueProductSync } from '@shop/shared/server/queues';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { createSyncHarness, type SyncHarness } from './sync-harness.js';

// A worker process killed in the middle of a sync (SIGKILL: no cleanup, no lock release). BullMQ
// notices the stalled job and another worker runs it again; because every write is idempotent
// and keyed by product id, the rerun finishes the catalogue without duplicates or rewrites, and
// reports what the whole run did.

const workerScript = fileURLToPath(new URL('./fixtures/sync-worker-process.ts', import.meta.url));

async function startWorkerProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', workerScript], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  for await (const chunk of child.stdout!) {
    output += String(chunk);
    if (output.includes('ready')) return child;
  }
  throw new Error('the worker process exited before it was ready');
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('a sync whose worker crashes half way', () => {
  let h: SyncHarness;
  beforeAll(async () => {
    h = await createSyncHarness({ sandbox: { products: 300, rateLimitPerMin: 6000 } });
  });
  afterAll(() => h.close());

  it('converges when the stalled job runs again', async () => {
    const child = await startWorkerProcess({
      QUEUE_PREFIX: h.config.QUEUE_PREFIX,
      SQLITE_PATH: h.config.SQLITE_PATH,
      PRINTFUL_API_URL: h.config.PRINTFUL_API_URL,
      PRINTFUL_RATE_LIMIT_PER_MIN: String(h.config.PRINTFUL_RATE_LIMIT_PER_MIN),
      REDIS_URL: h.config.REDIS_URL,
      LOG_LEVEL: 'silent',
    });
    // Slow enough that the kill lands while product details are still being fetched.
    h.sandbox.faults.slow({ delayMs: 25 });
    const { jobId } = await enqueueProductSync(h.queue, { fullSync: true });
    const detailsServed = () => Object.values(h.sandbox.stats.snapshot().productDetails).reduce((a, b) => a + b, 0);
    await until(() => detailsServed() >= 100, '100 product details');
    child.kill('SIGKILL');
    await once(child, 'exit');
    h.sandbox.faults.clear();

    const writtenBeforeCrash = await h.count('storeInventory');
    expect(writtenBeforeCrash).toBeGreaterThan(0);
    expect(writtenBeforeCrash).toBeLessThan(300);
    expect(await h.store.get('syncRuns', jobId)).toMatchObject({ state: 'active' });

    await h.startWorker({ workerOptions: { lockDuration: 2000, stalledInterval: 500 } });
    const { result, run } = await h.waitFor(jobId);

    // The run's result is what the run did, whichever attempt did it: the products the killed
    // attempt wrote are counted as created, not as found unchanged by the rerun.
    expect(result).toMatchObject({ created: 300, updated: 0, unchanged: 0, failed: 0, deleted: 0 });
    expect(run).toMatchObject({ id: jobId, state: 'completed' });
    for (const collection of [COLLECTIONS.storeInventory, COLLECTIONS.products, COLLECTIONS.printfulProducts])
      expect(await h.count(collection)).toBe(300);
  });
});
