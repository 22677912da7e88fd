import { describe, expect, test } from 'vitest';
import type { SyncJob } from '@shop/shared/schemas';
import { progressPercent, withState } from '../../../src/features/admin/components/sync-progress';

// The sync screen's bar follows the job's state events. The stream's opening snapshot and its live
// events travel different paths, so an older "active" can arrive after "completed".

const RESULT = { created: 0, updated: 1, deleted: 0, failed: 0 };
const job = (state: SyncJob['state'], done: number, total: number, id = 'sync-1'): SyncJob => ({
  id,
  name: 'incremental',
  state,
  progress: { phase: 'writing', done, total },
  result: RESULT,
});

describe('the sync screen follows state events', () => {
  test('a finished sync stays at 100% when an older "active" state lands after it', () => {
    const finished = withState(null, job('completed', 3, 3));
    const shown = withState(finished, job('active', 0, 0));
    expect(shown.job.state).toBe('completed');
    expect(progressPercent(shown.job.state, shown.progress)).toBe(100);
  });

  test('a running sync keeps its bar when an older snapshot of the same run lands after its progress', () => {
    const nearlyDone = withState(null, job('active', 3, 3));
    const shown = withState(nearlyDone, job('active', 0, 3));
    expect(progressPercent(shown.job.state, shown.progress)).toBe(100);
    expect(withState(shown, job('completed', 3, 3)).job.state).toBe('completed');
  });

  test('a failed sync that is retried shows as running again', () => {
    const failed = withState(null, job('failed', 1, 3));
    expect(withState(failed, job('active', 0, 3)).job.state).toBe('active');
  });

  test('a new job replaces a finished one', () => {
    const finished = withState(null, job('completed', 3, 3));
    expect(withState(finished, job('waiting', 0, 0, 'sync-2')).job.id).toBe('sync-2');
  });
});
