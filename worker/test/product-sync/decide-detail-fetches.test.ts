import { describe, expect, it } from 'vitest';
import type { PrintfulSyncProduct } from '@shop/shared/providers/printful';
import { decideDetailFetches, summaryHash } from '../../src/jobs/product-sync/decide-detail-fetches.js';
import type { StoredPrintfulProduct } from '@shop/shared/providers/printful';
import type { StoredCatalogue } from '../../src/jobs/product-sync/stored-catalog.js';

// Which products a sync asks Printful about (docs/performance.md#performance-design).

const now = new Date('2026-05-10T12:00:00.000Z');
const nowS = now.getTime() / 1000;

function summary(id: number, overrides: Partial<PrintfulSyncProduct> = {}): PrintfulSyncProduct {
  return {
    id,
    external_id: `e${id}`,
    name: `Product ${id}`,
    variants: 2,
    synced: 2,
    thumbnail_url: null,
    updated: nowS - 30 * 86_400,
    ...overrides,
  };
}

function storedCatalogue(summaries: PrintfulSyncProduct[], incomplete: number[] = []): StoredCatalogue {
  const raw = new Map(
    summaries.map((s) => [String(s.id), { summary: s, summaryHash: summaryHash(s) } as StoredPrintfulProduct]),
  );
  const ids = summaries.map((s) => String(s.id));
  return {
    raw,
    rawIds: new Set(ids),
    inventoryIds: new Set(ids.filter((id) => !incomplete.includes(Number(id)))),
    activeProductIds: new Set(ids),
    archivedProductIds: new Set(),
  };
}

const reasons = (plan: ReturnType<typeof decideDetailFetches>) =>
  Object.fromEntries(plan.fetch.map((f) => [f.id, f.reason]));

describe('decideDetailFetches', () => {
  const known = [summary(1), summary(2), summary(3)];

  it('fetches every listed product in a full sync', () => {
    const plan = decideDetailFetches({ mode: 'full', listed: known, stored: storedCatalogue(known), now });
    expect(reasons(plan)).toEqual({ 1: 'full', 2: 'full', 3: 'full' });
  });

  it('fetches only new, changed and incomplete products in an incremental sync', () => {
    const listed = [summary(1), summary(2, { name: 'Renamed' }), summary(3), summary(4)];
    const plan = decideDetailFetches({ mode: 'incremental', listed, stored: storedCatalogue(known, [3]), now });
    expect(reasons(plan)).toEqual({ 2: 'changed', 3: 'repair', 4: 'new' });
    expect(plan.skipped).toBe(1);
  });

  it('notices a summary whose only change is its updated time', () => {
    const plan = decideDetailFetches({
      mode: 'incremental',
      listed: [summary(1, { updated: nowS })],
      stored: storedCatalogue(known),
      now,
    });
    expect(reasons(plan)).toEqual({ 1: 'changed' });
  });

  it('always fetches the products a webhook named', () => {
    const plan = decideDetailFetches({
      mode: 'incremental',
      listed: known,
      stored: storedCatalogue(known),
      productIds: ['2'],
      now,
    });
    expect(reasons(plan)).toEqual({ 2: 'requested' });
  });

  it('with `days`, leaves out products not updated in that many days, but not named or undated ones', () => {
    const listed = [summary(1), summary(2, { updated: nowS - 3600 }), summary(3, { updated: undefined }), summary(4)];
    const plan = decideDetailFetches({
      mode: 'full',
      listed,
      stored: storedCatalogue([]),
      days: 7,
      productIds: ['4'],
      now,
    });
    expect(reasons(plan)).toEqual({ 2: 'full', 3: 'full', 4: 'requested' });
  });

  it('re-reads the unchanged products read longest ago, at most `recheck`, only in a plain incremental run', () => {
    // Printful's list carries no change time, so a price change shows only in a product's detail.
    const listed = [1, 2, 3, 4].map((id) => summary(id, { updated: undefined }));
    const stored = storedCatalogue(listed);
    const readAt = { 1: '2026-05-10T11:00:00.000Z', 2: '2026-05-10T08:00:00.000Z', 3: '2026-05-10T10:00:00.000Z' };
    for (const [id, at] of Object.entries(readAt)) stored.raw.get(id)!.syncedAt = at;
    stored.raw.get('4')!.syncedAt = '2026-05-10T09:00:00.000Z';
    const plan = decideDetailFetches({ mode: 'incremental', listed, stored, recheck: 2, now });
    expect(reasons(plan)).toEqual({ 2: 'recheck', 4: 'recheck' });
    // A webhook's targeted run and a `days` run re-read nothing else.
    expect(
      reasons(decideDetailFetches({ mode: 'incremental', listed, stored, recheck: 2, productIds: ['1'], now })),
    ).toEqual({
      1: 'requested',
    });
    expect(decideDetailFetches({ mode: 'incremental', listed, stored, recheck: 2, days: 30, now }).fetch).toEqual([]);
  });
});
