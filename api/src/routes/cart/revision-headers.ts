import { AppError, MESSAGES } from '@shop/shared';
import type { ExpectedRevisions } from '@shop/shared/server/cart';

// The cart's revision on the wire: a strong ETag `"<revision>"`, and If-Match on every change.

export function etagOf(revision: number): string {
  return `"${revision}"`;
}

/**
 * The revisions an If-Match header accepts: null (no precondition) when absent or `*`. Weak tags
 * never match under the strong comparison If-Match requires, so a list of only weak tags is stale.
 */
export function expectedRevisions(header: string | string[] | undefined): ExpectedRevisions {
  const value = (Array.isArray(header) ? header.join(',') : header)?.trim();
  if (!value || value === '*') return null;
  const revisions: number[] = [];
  for (const tag of value.split(',').map((t) => t.trim())) {
    const strong = /^"(\d{1,15})"$/.exec(tag);
    if (strong) revisions.push(Number(strong[1]));
    else if (!/^W\/"[^"]*"$/.test(tag)) throw new AppError('invalid-argument', MESSAGES.invalidIfMatch);
  }
  return revisions;
}
