// From the layout's own constants module: the SPA's first script needs this one, not all of them.
import { GUEST_ID_PREFIX } from '../../constants/site.js';

// Guest identity (docs/rules.md#states-and-transitions, docs/contracts.md#identity): `guest-` followed by a UUID v4.
const GUEST_ID = /^guest-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isGuestId(value: unknown): value is string {
  return typeof value === 'string' && GUEST_ID.test(value);
}

/** Creates a guest id with the platform's UUID generator (browser or Node 20+). */
export function newGuestId(): string {
  return `${GUEST_ID_PREFIX}${globalThis.crypto.randomUUID()}`;
}
