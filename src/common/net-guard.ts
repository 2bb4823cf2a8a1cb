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

/** How a host name becomes addresses: the system resolver, or DNS servers given in the configuration. */
export type AddressLookup = (host: string) => Promise<dns.LookupAddress[]>;

/** getaddrinfo: /etc/hosts, then the system's DNS servers. */
export const systemLookup: AddressLookup = (host) => dns.promises.lookup(host, { all: true });

/**
 * A and AAAA records from the given DNS servers (`ip` or `ip:port`, `[v6]:port`), bypassing
 * /etc/hosts. A name with records of one family only resolves to those.
 */
export function dnsServersLookup(servers: readonly string[], timeoutMs = 2000): AddressLookup {
  const resolver = new dns.promises.Resolver({ timeout: timeoutMs, tries: 1 });
  resolver.setServers([...servers]);
  return async (host) => {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
    const found: dns.LookupAddress[] = [
      ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 })) : []),
      ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 })) : []),
    ];
    if (!found.length) throw v4.status === 'rejected' ? v4.reason : Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' });
    return found;
  };
}

const isLocalhostName = (host: string): boolean => host === 'localhost' || host.endsWith('.localhost');

/**
 * The one policy for destinations an organization chooses (a SIP trunk): every address the name
 * resolves to must be globally routable unless private networks are allowed. Used when the
 * destination is saved and again right before anything is sent, on the very addresses the
 * packets go to, so a name that changes its answer in between (DNS rebinding) is caught.
 * Literals are judged as they are; lookup failures propagate.
 */
export async function resolveDestination(host: string, opts: { allowPrivate: boolean; lookup?: AddressLookup }): Promise<dns.LookupAddress[]> {
  const family = net.isIP(host);
  if (!opts.allowPrivate && isLocalhostName(host)) throw new BlockedDestinationError('127.0.0.1');
  const addresses = family ? [{ address: host, family }] : await (opts.lookup ?? systemLookup)(host);
  if (!opts.allowPrivate) {
    const blocked = addresses.find((a) => isBlockedAddress(a.address));
    if (blocked) throw new BlockedDestinationError(blocked.address);
  }
  return addresses;
}

/**
 * Resolves a hostname (with a deadline) to check it at configuration time; literals are checked as
 * is. A name that does not resolve yet is not refused here: it is checked again at every send.
 */
export async function resolvesToBlocked(host: string, timeoutMs = 2000, lookup: AddressLookup = systemLookup): Promise<string | null> {
  const check = resolveDestination(host, { allowPrivate: false, lookup }).then(
    () => null,
    (err: unknown) => (err instanceof BlockedDestinationError ? err.address : null),
  );
  const timeout = new Promise<null>((r) => setTimeout(() => r(null), timeoutMs).unref());
  return Promise.race([check, timeout]);
}
