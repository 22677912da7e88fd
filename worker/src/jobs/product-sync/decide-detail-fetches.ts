import { contentHash } from '@shop/shared/domain/product';
import type { PrintfulSyncProduct } from '@shop/shared/providers/printful';
import { isComplete, type StoredCatalogue } from './stored-catalog.js';

// Which products need a detail request (docs/performance.md#performance-design). A full sync fetches every listed
// product. An incremental sync fetches products that are new, whose list summary changed since it
// was stored, that a webhook named, or whose stored documents are incomplete; and, since Printful's
// list carries no change time (a new price or a variant's availability shows only in the detail),
// a budgeted slice of the products read longest ago, so every product is compared in turn.

export type FetchReason = 'full' | 'new' | 'changed' | 'requested' | 'repair' | 'recheck';

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
  /** Unchanged products to re-read in an incremental run that names none (those read longest ago). */
  recheck?: number;
}): DetailFetchPlan {
  const requested = new Set(input.productIds ?? []);
  // Products with no known change time (new ones) cannot be ruled out by `days`, so they stay in.
  const cutoff = input.days ? input.now.getTime() / 1000 - input.days * 86_400 : null;
  const fetch: DetailFetch[] = [];
  for (const summary of input.listed) {
    const id = String(summary.id);
    const reason = reasonToFetch(id, summary, input, requested, cutoff);
    if (reason) fetch.push({ id, summary, reason });
  }
  const recheck = input.mode === 'incremental' && !input.productIds?.length && !input.days ? (input.recheck ?? 0) : 0;
  if (recheck > 0) {
    const planned = new Set(fetch.map((f) => f.id));
    const lastRead = (id: string) => input.stored.raw.get(id)?.syncedAt ?? '';
    const stale = input.listed
      .map((summary) => ({ id: String(summary.id), summary }))
      .filter((p) => !planned.has(p.id) && input.stored.raw.has(p.id))
      .sort((a, b) => lastRead(a.id).localeCompare(lastRead(b.id)) || a.id.localeCompare(b.id))
      .slice(0, recheck);
    for (const p of stale) fetch.push({ ...p, reason: 'recheck' });
  }
  return { fetch, skipped: input.listed.length - fetch.length };
}

/** When the product last changed: Printful's time where its list gives one, else when the store last saw it change. */
function changedAt(summary: PrintfulSyncProduct, stored: StoredCatalogue, id: string): number | undefined {
  if (summary.updated !== undefined) return summary.updated;
  const updatedAt = stored.raw.get(id)?.updatedAt;
  return updatedAt ? Date.parse(updatedAt) / 1000 : undefined;
}

function reasonToFetch(
  id: string,
  summary: PrintfulSyncProduct,
  input: { mode: 'full' | 'incremental'; stored: StoredCatalogue },
  requested: Set<string>,
  cutoff: number | null,
): FetchReason | null {
  if (requested.has(id)) return 'requested';
  const when = cutoff === null ? undefined : changedAt(summary, input.stored, id);
  if (cutoff !== null && when !== undefined && when < cutoff) return null;
  if (input.mode === 'full') return 'full';
  const stored = input.stored.raw.get(id);
  if (!stored) return 'new';
  if (stored.summaryHash !== summaryHash(summary)) return 'changed';
  return isComplete(input.stored, id) ? null : 'repair';
}
