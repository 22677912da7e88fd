import { contentHash } from '@shop/shared/domain/product';
import type { PrintfulSyncProduct } from '@shop/shared/server/printful';
import { isComplete, type StoredCatalogue } from './stored-catalogue.js';

// Which products need a detail request (docs/performance.md#performance-design). A full sync fetches every listed
// product. An incremental sync fetches only products that are new, whose list summary changed
// since it was stored, that a webhook named, or whose stored documents are incomplete.

export type FetchReason = 'full' | 'new' | 'changed' | 'requested' | 'repair';

export interface DetailFetch {
  id: string;
  summary: PrintfulSyncProduct;
  reason: FetchReason;
}

export interface DetailFetchPlan {
  fetch: DetailFetch[];
  /** Listed products left alone (unchanged, or outside the `days` window). */
  skipped: number;
}

/** The fingerprint stored with each product to notice list-summary changes. */
export function summaryHash(summary: PrintfulSyncProduct): string {
  return contentHash(summary, { includeTimestamps: true });
}

export function decideDetailFetches(input: {
  mode: 'full' | 'incremental';
  listed: PrintfulSyncProduct[];
  stored: StoredCatalogue;
  productIds?: string[];
  days?: number;
  now: Date;
}): DetailFetchPlan {
  const requested = new Set(input.productIds ?? []);
  // Products without an `updated` time cannot be ruled out by `days`, so they stay in.
  const cutoff = input.days ? input.now.getTime() / 1000 - input.days * 86_400 : null;
  const fetch: DetailFetch[] = [];
  for (const summary of input.listed) {
    const id = String(summary.id);
    const reason = reasonToFetch(id, summary, input, requested, cutoff);
    if (reason) fetch.push({ id, summary, reason });
  }
  return { fetch, skipped: input.listed.length - fetch.length };
}

function reasonToFetch(
  id: string,
  summary: PrintfulSyncProduct,
  input: { mode: 'full' | 'incremental'; stored: StoredCatalogue },
  requested: Set<string>,
  cutoff: number | null,
): FetchReason | null {
  if (requested.has(id)) return 'requested';
  if (cutoff !== null && summary.updated !== undefined && summary.updated < cutoff) return null;
  if (input.mode === 'full') return 'full';
  const stored = input.stored.raw.get(id);
  if (!stored) return 'new';
  if (stored.summaryHash !== summaryHash(summary)) return 'changed';
  return isComplete(input.stored, id) ? null : 'repair';
}
