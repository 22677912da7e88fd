import { isIP } from 'node:net';
import { z } from 'zod';

// TRUST_PROXY (DESIGN.md section 12.6): which proxies may tell the API the client's address in
// X-Forwarded-For. Off by default, so a client cannot pick its own address (and rate-limit key).
// `true` (trust every hop) is refused: anyone could then claim any address.

export type TrustProxy = false | number | string[];

const ADDRESS_OR_RANGE = (entry: string) => {
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !isIP(address)) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
};

export const trustProxySchema = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = raw?.trim() ?? '';
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !ADDRESS_OR_RANGE(e));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges; not understood: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** Shortest prefix that still names a network rather than "anyone" (10.0.0.0/8 is fine; 0.0.0.0/0 or 0.0.0.0/1 is not). */
const NARROWEST_CATCH_ALL = { 4: 8, 6: 16 } as const;

/** A range so wide that any client could be the "proxy" and pick its own address (DESIGN.md 13.4). */
export function isCatchAllProxy(setting: TrustProxy): boolean {
  if (!Array.isArray(setting)) return false;
  return setting.some((entry) => {
    const [address, bits] = entry.split('/');
    if (bits === undefined) return false;
    const family = isIP(address) as 4 | 6;
    return Number(bits) < NARROWEST_CATCH_ALL[family];
  });
}
