import ipaddr from 'ipaddr.js';

// Who counts as one client for every per-client budget (the request limit, uncached shipping
// quotes, new guest carts, live streams). An IPv6 subscriber is handed a whole /64 and may pick
// any address in it, so counting per address would give one client a fresh budget per request;
// the /64 is the client. IPv4-mapped addresses count as the IPv4 client they are.
//
// Two IPv6 ranges carry an IPv4 address instead of a subscriber's prefix (docs/limits.md):
// - NAT64's well-known prefix 64:ff9b::/96 (RFC 6052) puts the IPv4 address in the last 32 bits;
//   its /64 holds every IPv4 address there is, so keyed by /64 all of them would share one budget.
// - 6to4's 2002::/16 (RFC 3056) puts the site's IPv4 address in bits 16 to 47; one IPv4 address
//   owns the whole 2002:aabb:ccdd::/48, so keyed by /64 it would get 65,536 budgets.
// Both count as the IPv4 client they embed, sharing its budget with that address's own requests.

const IPV6_CLIENT_PREFIX_BITS = 64;

/** The IPv4 address a NAT64 or 6to4 address embeds; null for any other IPv6 address. */
export function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  const range = address.range();
  if (range === 'rfc6052' && address.match(ipaddr.IPv6.parse('64:ff9b::'), 96))
    return new ipaddr.IPv4(bytes.slice(12, 16));
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  const v4 = embeddedIPv4(v6);
  if (v4) return v4.toString();
  const prefix = ipaddr.IPv6.networkAddressFromCIDR(`${v6.toString()}/${IPV6_CLIENT_PREFIX_BITS}`);
  return `${prefix.toString()}/${IPV6_CLIENT_PREFIX_BITS}`;
}
