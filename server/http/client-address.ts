import net from 'node:net';
import { normalizeIP } from '@better-auth/core/utils/ip';

/**
 * Who is asking, for limits: the client address, and the key every limiter counts under.
 *
 * Behind reverse proxies the socket's peer is the proxy. Only when that peer is one of
 * TRUSTED_PROXIES is X-Forwarded-For read, from the right: hops that are trusted proxies
 * themselves are skipped and the first untrusted hop is the client (the left-most hops are
 * whatever the client wrote and are never believed).
 */

/** The parsed TRUSTED_PROXIES: addresses and CIDR ranges, IPv4 and IPv6. */
export type TrustedProxies = { list: net.BlockList; entries: string[] };

/** Parses TRUSTED_PROXIES; returns the entries that are not an address or a CIDR range. */
export function parseTrustedProxies(
  value: string | undefined,
): TrustedProxies | { invalid: string[] } {
  const entries = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const list = new net.BlockList();
  const invalid: string[] = [];
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = net.isIP(address);
    const bits = family === 4 ? 32 : 128;
    const length = prefix === undefined ? bits : /^\d+$/.test(prefix) ? Number(prefix) : NaN;
    if (!family || extra !== undefined || !(length >= 0 && length <= bits)) {
      invalid.push(entry);
      continue;
    }
    list.addSubnet(address, length, family === 4 ? 'ipv4' : 'ipv6');
  }
  return invalid.length ? { invalid } : { list, entries };
}

/** IPv4-mapped IPv6 (::ffff:a.b.c.d) as the IPv4 address it is. */
function plain(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

function isTrusted(trusted: TrustedProxies, ip: string): boolean {
  const family = net.isIP(ip);
  return family !== 0 && trusted.list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** The client address of a request whose socket peer is `peer`. */
export function resolveClientAddress(
  peer: string,
  forwardedFor: string | undefined,
  trusted: TrustedProxies | undefined,
): string {
  let client = plain(peer);
  if (!trusted || !forwardedFor || !isTrusted(trusted, client)) return client;
  const hops = forwardedFor
    .split(',')
    .map((s) => plain(s.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    // A hop that is not an address ends the walk at the last proxy that vouched for it.
    if (!net.isIP(hop)) return client;
    client = hop;
    if (!isTrusted(trusted, hop)) return client;
  }
  return client;
}

/**
 * The key every limiter counts under: the IPv4 address, or the /64 of an IPv6 address (one
 * subscriber usually holds a whole /64), in the same form better-auth's own limiter uses.
 */
export function addressKey(ip: string): string {
  return ip && net.isIP(plain(ip)) ? normalizeIP(plain(ip), { ipv6Subnet: 64 }) : 'unknown';
}
