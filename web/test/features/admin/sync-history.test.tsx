import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { SyncJob } from '@shop/shared/schemas';
import { SyncHistory } from '../../../src/features/admin/components/sync-history';

// The sync history on /admin/sync (docs/rules.md#the-back-office): the next scheduled runs say when they run.

const job = (overrides: Partial<SyncJob>): SyncJob => ({
  id: 'sync-1',
  name: 'incremental',
  state: 'waiting',
  progress: { phase: 'waiting', done: 0, total: 0 },
  result: { created: 0, updated: 0, deleted: 0, failed: 0 },
  queuedAt: '2026-11-25T08:00:00.000Z',
  ...overrides,
});

describe('sync history', () => {
  test('a scheduled sync reads "Scheduled for <time>", never "Waiting"; one queued now is waiting to start', () => {
    const at = '2026-11-25T09:00:00.000Z';
    render(
      <SyncHistory
        jobs={[
          job({ id: 'repeat:hourly', scheduledFor: at }),
          job({ id: 'repeat:nightly', name: 'full', scheduledFor: '2026-11-26T03:00:00.000Z' }),
          job({ id: 'sync-now' }),
        ]}
      />,
    );
    const states = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('[data-label="State"]')?.textContent);
    const when = new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    expect(states[0]).toBe(`Scheduled for ${when}`);
    expect(states[1]).toMatch(/^Scheduled for /);
    expect(states[2]).toBe('Waiting to start');
  });
});
