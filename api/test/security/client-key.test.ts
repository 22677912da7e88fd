import { describe, expect, it } from 'vitest';
import { clientKey } from '../../src/plugins/client-key.js';

// docs/limits.md: who counts as one client. NAT64 and 6to4 addresses carry an IPv4 address
// instead of a subscriber's /64, so they count as that IPv4 client.

describe('clientKey', () => {
  it('keys an IPv4 address, and an IPv4-mapped one, as the address', () => {
    expect(clientKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('keys an ordinary IPv6 address by its /64', () => {
    expect(clientKey('2001:db8:a:b::1')).toBe('2001:db8:a:b::/64');
    expect(clientKey('2001:db8:a:b:ffff:ffff:ffff:ffff')).toBe('2001:db8:a:b::/64');
  });

  it('keys a NAT64 address (64:ff9b::/96) as the IPv4 address it embeds, in either spelling', () => {
    expect(clientKey('64:ff9b::c633:6407')).toBe('198.51.100.7');
    expect(clientKey('64:ff9b::198.51.100.7')).toBe('198.51.100.7');
    // Two IPv4 clients behind the prefix are two clients, not one /64.
    expect(clientKey('64:ff9b::203.0.113.9')).toBe('203.0.113.9');
  });

  it('keys a 6to4 address (2002::/16) as its IPv4 site, whatever subnet and host inside it', () => {
    expect(clientKey('2002:c633:6407::1')).toBe('198.51.100.7');
    expect(clientKey('2002:c633:6407:ffff:1:2:3:4')).toBe('198.51.100.7');
    expect(clientKey('2002:cb00:7109:1::1')).toBe('203.0.113.9');
  });

  it('keeps other 64:ff9b addresses (local-use NAT64 prefixes) by their /64', () => {
    expect(clientKey('64:ff9b:1:2::c633:6407')).toBe('64:ff9b:1:2::/64');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(clientKey('unix-socket')).toBe('unix-socket');
  });
});
