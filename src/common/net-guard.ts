import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * SSRF guard for webhook destinations (docs/security.md, "Webhook destinations"). Only globally
 * routable unicast addresses are allowed: loopback, private, link-local (cloud metadata), CGNAT,
 * multicast, unspecified, reserved and translation ranges are refused.
 *
 * IPv6 has several forms that carry an IPv4 address inside, and a host that routes them reaches
 * that IPv4 address. All of them are refused as a whole, whatever IPv4 they embed:
 * - IPv4-compatible `::a.b.c.d` (`::/96`, deprecated by RFC 4291): `[::127.0.0.1]` is written
 *   `[::7f00:1]` by the URL parser, which ipaddr.js reports as plain unicast, hence the explicit rule;
 * - NAT64 `64:ff9b::/96` and `64:ff9b:1::/48`, SIIT `::ffff:0:a.b.c.d`, 6to4 `2002::/16` and
 *   Teredo `2001::/32` (ipaddr.js names these ranges, none of them is `unicast`).
 * IPv4-mapped `::ffff:a.b.c.d` is the socket's own notation for an IPv4 peer, so it is unwrapped
 * and the IPv4 address judged instead.
 */
const EMBEDDED_IPV4_PREFIXES: ReadonlyArray<[ipaddr.IPv6, number]> = [
  ipaddr.IPv6.parseCIDR('::/96'),
  ipaddr.IPv6.parseCIDR('64:ff9b::/96'),
  ipaddr.IPv6.parseCIDR('64:ff9b:1::/48'),
  ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96'),
  ipaddr.IPv6.parseCIDR('2002::/16'),
  ipaddr.IPv6.parseCIDR('2001::/32'),
];

/**
 * ipaddr.js reads the dotted tail of `::a.b.c.d` as if it were `::ffff:a.b.c.d` (IPv4-mapped), so
 * IPv6 text is first rewritten by the WHATWG URL parser (which writes `::7f00:1`) before it is judged.
 */
function parseAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (net.isIPv4(ip)) return ipaddr.IPv4.parse(ip);
  if (!net.isIPv6(ip)) return undefined;
  try {
    return ipaddr.IPv6.parse(new URL(`http://[${ip}]/`).hostname.slice(1, -1));
  } catch {
    return undefined;
  }
}

export function isBlockedAddress(ip: string): boolean {
  const addr = parseAddress(ip);
  if (!addr) return true;
  if (addr.kind() === 'ipv4') return addr.range() !== 'unicast';
  const v6 = addr as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() !== 'unicast';
  if (EMBEDDED_IPV4_PREFIXES.some((prefix) => v6.match(prefix))) return true;
  return v6.range() !== 'unicast';
}

export class BlockedDestinationError extends Error {
  readonly code = 'blocked_destination';
  constructor(readonly address: string) {
    super(`destination address ${address} is not allowed (private, loopback, link-local or reserved)`);
  }
}

/** Hostname from a URL without IPv6 brackets. */
export const bareHost = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that refuses blocked addresses. Because the check runs on the
 * addresses the socket is about to connect to, a DNS answer that changes between validation and
 * delivery (rebinding) is still caught.
 */
export function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const blocked = addresses.find((a) => isBlockedAddress(a.address));
    if (blocked) return callback(new BlockedDestinationError(blocked.address), []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}

/** Resolves a hostname (with a deadline) to check it at configuration time; literals are checked as is. */
export async function resolvesToBlocked(host: string, timeoutMs = 2000): Promise<string | null> {
  if (net.isIP(host)) return isBlockedAddress(host) ? host : null;
  if (host === 'localhost' || host.endsWith('.localhost')) return '127.0.0.1';
  const lookup = dns.promises.lookup(host, { all: true }).catch(() => [] as dns.LookupAddress[]);
  const timeout = new Promise<dns.LookupAddress[]>((r) => setTimeout(() => r([]), timeoutMs).unref());
  const addresses = await Promise.race([lookup, timeout]);
  return addresses.find((a) => isBlockedAddress(a.address))?.address ?? null;
}
