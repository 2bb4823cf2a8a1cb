import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** A SIP trunk: where calls go, and the credentials for digest authentication. */
export interface SipTrunk {
  host: string;
  port: number;
  /** Where packets go (the host resolved to an address). */
  address: string;
  username?: string;
  password?: string;
}

/** `sip:user:password@host:port;transport=udp` → the trunk (UDP only; credentials optional). */
export function parseTrunkUrl(url: string): Omit<SipTrunk, 'address'> {
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

/** Resolves the trunk's host to the address packets go to (A/AAAA; SRV/NAPTR are not used). */
export async function resolveTrunk(trunk: Omit<SipTrunk, 'address'>): Promise<SipTrunk> {
  const address = isIP(trunk.host) ? trunk.host : (await lookup(trunk.host, { family: 4 })).address;
  return { ...trunk, address };
}
