import { isIP } from 'node:net';
import { dnsServersLookup, resolveDestination, systemLookup, type AddressLookup } from '../../common/net-guard';

/** A SIP trunk: where calls go, the credentials for digest authentication, and its address policy. */
export interface SipTrunk {
  host: string;
  port: number;
  /** Where packets go (the host resolved to an address, judged by the policy). */
  address: string;
  username?: string;
  password?: string;
  /**
   * Whether the addresses the call sends to may be private, loopback or link-local: the same
   * policy the trunk's host was judged by (an organization's trunk: only with
   * CARRIER_ALLOW_PRIVATE_NETWORKS=true; the deployment's own trunk: yes). Every SIP send of the
   * call is judged by it again (the transport's destination check), and so is the far end's SDP
   * media address.
   */
  allowPrivate: boolean;
}

/** A trunk as configured, before its host is resolved. */
export type TrunkSpec = Omit<SipTrunk, 'address' | 'allowPrivate'>;

/** Which addresses a trunk may reach, and how its host name is resolved. */
export interface TrunkPolicy {
  /** False for an organization's own trunk unless CARRIER_ALLOW_PRIVATE_NETWORKS=true. */
  allowPrivate: boolean;
  lookup: AddressLookup;
}

/** `sip:user:password@host:port;transport=udp` → the trunk (UDP only; credentials optional). */
export function parseTrunkUrl(url: string): TrunkSpec {
  const m = /^sips?:(?:([^:@]+)(?::([^@]*))?@)?(\[[^\]]+\]|[^:;?]+)(?::(\d+))?((?:;[^;?]*)*)$/.exec(url.trim());
  if (!m) throw new Error('SIP_TRUNK_URL must look like sip:user:password@host:5060;transport=udp');
  const transport = /;transport=(\w+)/i.exec(m[5] ?? '')?.[1]?.toLowerCase() ?? 'udp';
  if (transport !== 'udp') throw new Error(`SIP transport ${transport} is not supported (only udp)`);
  return {
    host: m[3]!.replace(/^\[|\]$/g, ''),
    port: m[4] ? Number(m[4]) : 5060,
    username: m[1] ? decodeURIComponent(m[1]) : undefined,
    password: m[2] !== undefined ? decodeURIComponent(m[2]) : undefined,
  };
}

/** SIP_DNS_SERVERS when set (trunk names then bypass /etc/hosts), else the system resolver. */
export function trunkLookup(dnsServers: readonly string[]): AddressLookup {
  return dnsServers.length ? dnsServersLookup(dnsServers) : systemLookup;
}

/**
 * Resolves the trunk's host to the address packets go to (A/AAAA; SRV/NAPTR are not used), right
 * before they are sent, and judges every address it resolves to by the trunk's policy: a name that
 * passed when it was saved and now points inside the network is refused (BlockedDestinationError).
 * Every request of the call or ping then goes to this one address.
 */
export async function resolveTrunk(trunk: TrunkSpec, policy: TrunkPolicy): Promise<SipTrunk> {
  const addresses = await resolveDestination(trunk.host, policy);
  // A literal is used as given; a name by its first IPv4 address (the SIP socket is IPv4 unless bound to IPv6).
  const chosen = isIP(trunk.host) ? addresses[0] : addresses.find((a) => a.family === 4);
  if (!chosen) throw Object.assign(new Error(`${trunk.host} has no IPv4 address`), { code: 'ENOTFOUND' });
  return { ...trunk, address: chosen.address, allowPrivate: policy.allowPrivate };
}
