import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { formatStudioDateTime } from '@shop/shared/domain/time';
import type { PublicConfig, SyncJob } from '@shop/shared/schemas';
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
  test('a scheduled sync reads "Scheduled for <time>" in the studio\'s zone, never "Waiting"; one queued now is waiting to start', () => {
    const at = '2026-11-25T09:00:00.000Z';
    // The studio's zone as the public configuration names it, whatever the browser's zone.
    const client = new QueryClient();
    client.setQueryData(['config', 'public'], { studioTimeZone: 'Europe/Paris' } as PublicConfig);
    render(
      <QueryClientProvider client={client}>
        <SyncHistory
          jobs={[
            job({ id: 'repeat:hourly', scheduledFor: at }),
            job({ id: 'repeat:nightly', name: 'full', scheduledFor: '2026-11-26T03:00:00.000Z' }),
            job({ id: 'sync-now' }),
          ]}
        />
      </QueryClientProvider>,
    );
    const states = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('[data-label="State"]')?.textContent);
    expect(states[0]).toBe(`Scheduled for ${formatStudioDateTime(at, 'Europe/Paris')}`);
    expect(states[0]).toMatch(/10:00 AM/);
    expect(states[1]).toMatch(/^Scheduled for /);
    expect(states[2]).toBe('Waiting to start');
  });

  test('a run names each picture it could not make, with why, beside its product failures', () => {
    const client = new QueryClient();
    client.setQueryData(['config', 'public'], { studioTimeZone: 'Europe/Paris' } as PublicConfig);
    const url = 'https://files.cdn.printful.com/files/abc/mockup.png';
    render(
      <QueryClientProvider client={client}>
        <SyncHistory
          jobs={[
            job({
              state: 'completed',
              result: { created: 1, updated: 0, deleted: 0, failed: 0 },
              pictureFailures: [
                { productId: '311000001', url, reason: 'not-found: Printful answered 404 for the picture' },
              ],
            }),
          ]}
        />
      </QueryClientProvider>,
    );
    const cell = screen.getAllByRole('row')[1]!.querySelector('[data-label="Failures"]')!;
    expect(cell.textContent).toContain('1 picture not made');
    expect(cell.textContent).toContain(
      'Product 311000001, its picture: not-found: Printful answered 404 for the picture',
    );
    expect(screen.getByRole('link', { name: 'its picture' }).getAttribute('href')).toBe(url);
  });
});
