import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * SSRF guard for webhook destinations (CONTRACT §4). Only globally routable unicast addresses are
 * allowed: loopback, private, link-local (cloud metadata), CGNAT, multicast, unspecified, reserved
 * and translation ranges are refused. IPv4-mapped IPv6 is unwrapped first so [::ffff:127.0.0.1]
 * cannot slip through.
 */
export function isBlockedAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return true;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  }
  return addr.range() !== 'unicast';
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
