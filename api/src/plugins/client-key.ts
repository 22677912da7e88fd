import ipaddr from 'ipaddr.js';

// Who counts as one client for every per-client budget (the request limit, uncached shipping
// quotes, new guest carts, live streams). An IPv6 subscriber is handed a whole /64 and may pick
// any address in it, so counting per address would give one client a fresh budget per request;
// the /64 is the client. IPv4-mapped addresses count as the IPv4 client they are.

const IPV6_CLIENT_PREFIX_BITS = 64;

export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/${IPV6_CLIENT_PREFIX_BITS}`);
  return `${prefix.toString()}/${IPV6_CLIENT_PREFIX_BITS}`;
}
