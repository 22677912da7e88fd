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

// Where proxies live: private and special-use blocks. A list of narrow public ranges can still add
// up to much of the Internet (256 entries of /8 are every IPv4 address), so the public addresses a
// list trusts are added up. A load balancer's network, or a CDN's published ranges (Cloudflare's
// come to about 1.5 million IPv4 addresses), stay far below the bound.
const SPECIAL_IPV4 = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const;
/** Unique local, link-local and loopback IPv6 blocks (fc00::/7, fe80::/10, ::1). */
const SPECIAL_IPV6 = [
  ['fc00::', 7],
  ['fe80::', 10],
  ['::1', 128],
] as const;
/** At most a /10's worth of public IPv4 addresses (about 4 million), or a /24's worth of IPv6. */
export const TRUST_PROXY_MAX_PUBLIC_IPV4 = 2 ** 22;
export const TRUST_PROXY_MAX_PUBLIC_IPV6 = 2n ** 104n;

function ipv4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function ipv6BigInt(address: string): bigint {
  const [head, tail = ''] = address.includes('::') ? address.split('::') : [address, ''];
  const groups = (text: string) => (text ? text.split(':') : []);
  const expand = (parts: string[]) =>
    parts.flatMap((p) => {
      if (!p.includes('.')) return [p];
      const n = ipv4Number(p);
      return [(n >>> 16).toString(16), (n & 0xffff).toString(16)];
    });
  const left = expand(groups(head));
  const right = expand(groups(tail));
  const all = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return all.reduce((n, g) => (n << 16n) + BigInt(parseInt(g || '0', 16)), 0n);
}

/** Public addresses of one CIDR range: its size less the special blocks it holds (none if inside one). */
function publicSize(family: 4 | 6, address: string, bits: number): bigint {
  const width = family === 4 ? 32 : 128;
  const value = (a: string) => (family === 4 ? BigInt(ipv4Number(a)) : ipv6BigInt(a));
  const mask = (b: number) => ((1n << BigInt(width)) - 1n) ^ ((1n << BigInt(width - b)) - 1n);
  const start = value(address) & mask(bits);
  let size = 1n << BigInt(width - bits);
  for (const [block, blockBits] of family === 4 ? SPECIAL_IPV4 : SPECIAL_IPV6) {
    const blockStart = value(block) & mask(blockBits);
    if (blockBits <= bits && (start & mask(blockBits)) === blockStart) return 0n;
    if (blockBits > bits && (blockStart & mask(bits)) === start) size -= 1n << BigInt(width - blockBits);
  }
  return size;
}

/**
 * True when the listed ranges together trust more public addresses than any proxy fleet needs, so
 * that clients out there could pass as the proxy and pick their own address (and rate-limit key).
 */
export function coversPublicBroadly(setting: TrustProxy): boolean {
  if (!Array.isArray(setting)) return false;
  let ipv4 = 0n;
  let ipv6 = 0n;
  for (const entry of setting) {
    const [address, bitsText] = entry.split('/');
    const family = isIP(address) as 4 | 6;
    const bits = bitsText === undefined ? (family === 4 ? 32 : 128) : Number(bitsText);
    const ipv4Bits = family === 6 ? mappedIpv4Bits(address, bits) : null;
    if (ipv4Bits !== null) {
      // IPv4 clients as an IPv6 range sees them: counted as the IPv4 range they are.
      const low = ipv6BigInt(address) & 0xffffffffn;
      const mapped = [24n, 16n, 8n, 0n].map((shift) => String((low >> shift) & 255n)).join('.');
      ipv4 += publicSize(4, ipv4Bits === 0 ? '0.0.0.0' : mapped, Math.max(0, ipv4Bits));
    } else if (family === 4) ipv4 += publicSize(4, address, bits);
    else ipv6 += publicSize(6, address, bits);
  }
  return ipv4 > BigInt(TRUST_PROXY_MAX_PUBLIC_IPV4) || ipv6 > TRUST_PROXY_MAX_PUBLIC_IPV6;
}
