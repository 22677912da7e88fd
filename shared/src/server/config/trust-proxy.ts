import { BlockList, isIP } from 'node:net';
import { z } from 'zod';

// TRUST_PROXY (docs/rules.md#production-refuses-unsafe-settings): which proxies may tell the API the client's address in
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

/** IPv4 clients as an IPv6 range sees them (::ffff:a.b.c.d): the proxy check maps them so. */
const IPV4_MAPPED = { first: '::ffff:0.0.0.0', last: '::ffff:255.255.255.255', bits: 96 } as const;

/**
 * The IPv4 prefix an IPv6 range trusts through IPv4-mapped addresses: 0 when it holds all of
 * ::ffff:0:0/96 (every IPv4 client), bits - 96 inside it, null when it holds no IPv4 client.
 */
function mappedIpv4Bits(address: string, bits: number): number | null {
  const range = new BlockList();
  range.addSubnet(address, bits, 'ipv6');
  if (range.check(IPV4_MAPPED.first, 'ipv6') && range.check(IPV4_MAPPED.last, 'ipv6')) return 0;
  const mapped = new BlockList();
  mapped.addSubnet(IPV4_MAPPED.first, IPV4_MAPPED.bits, 'ipv6');
  return mapped.check(address, 'ipv6') ? bits - IPV4_MAPPED.bits : null;
}

/** A range so wide that any client could be the "proxy" and pick its own address (docs/rules.md#production-for-real). */
export function isCatchAllProxy(setting: TrustProxy): boolean {
  if (!Array.isArray(setting)) return false;
  return setting.some((entry) => {
    const [address, bitsText] = entry.split('/');
    if (bitsText === undefined) return false;
    const bits = Number(bitsText);
    const family = isIP(address) as 4 | 6;
    if (bits < NARROWEST_CATCH_ALL[family]) return true;
    if (family === 4) return false;
    // `::ffff:0:0/96` or `::/80` trusts every IPv4 client, however narrow it looks as IPv6.
    const ipv4Bits = mappedIpv4Bits(address, bits);
    return ipv4Bits !== null && ipv4Bits < NARROWEST_CATCH_ALL[4];
  });
}
