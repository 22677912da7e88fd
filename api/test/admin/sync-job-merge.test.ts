import type { Job } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { mergeSyncJob } from '../../src/services/sync/sync-jobs.js';

// The admin's sync screen polls a run: the queue's job (read once) and its state (read a moment
// later) can straddle the run's end. A run read as it finished once showed "completed" with nothing
// created, because the job's snapshot still had no result; the screen stopped polling on that.

const id = 'sync-00000000-0000-4000-8000-000000000001';

function snapshot(fields: Partial<Job>): Job {
  return {
    name: 'full',
    timestamp: Date.parse('2026-11-27T10:00:00Z'),
    progress: { phase: 'products', done: 30, total: 60 },
    ...fields,
  } as Job;
}

describe('a sync run read while it finishes', () => {
  it('stays running until the read shows its result, never "completed" with nothing done', () => {
    const mid = snapshot({ returnvalue: null, finishedOn: undefined });
    const merged = mergeSyncJob(id, { job: mid, state: 'completed' }, null);
    expect(merged).toMatchObject({ state: 'active', progress: { phase: 'products', done: 30, total: 60 } });
  });

  it('shows the result once the job has it', () => {
    const done = snapshot({
      returnvalue: { created: 60, updated: 0, deleted: 0, failed: 0, unchanged: 0, failures: [] },
      finishedOn: Date.parse('2026-11-27T10:01:00Z'),
    });
    expect(mergeSyncJob(id, { job: done, state: 'completed' }, null)).toMatchObject({
      state: 'completed',
      result: { created: 60, failed: 0 },
      finishedAt: '2026-11-27T10:01:00.000Z',
    });
  });

  it('a run that failed in the meantime also waits for its reason', () => {
    const mid = snapshot({ returnvalue: null, finishedOn: undefined, failedReason: undefined });
    expect(mergeSyncJob(id, { job: mid, state: 'failed' }, null)).toMatchObject({ state: 'active' });
  });
});
