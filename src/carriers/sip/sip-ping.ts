import { randomUUID } from 'node:crypto';
import type { SipMessage } from 'sip';
import type { Logger } from 'pino';
import { newTag, SipEndpoint } from './sip-endpoint';
import { BlockedDestinationError } from '../../common/net-guard';
import { resolveTrunk, type TrunkPolicy } from './sip-trunk';

/**
 * Sends one OPTIONS to a trunk from a throw-away socket and says, in words, how it answered. The
 * host is resolved and judged by the trunk's policy right before the send (as for a call).
 */
export async function pingTrunk(trunk: { host: string; port: number }, policy: TrunkPolicy, log: Logger, timeoutMs = 5000): Promise<{ ok: boolean; message: string }> {
  let address: string;
  try {
    address = (await resolveTrunk(trunk, policy)).address;
  } catch (err) {
    if (err instanceof BlockedDestinationError) {
      return { ok: false, message: `The host ${trunk.host} resolves to ${err.address}, a private, loopback or link-local address; nothing was sent (only public SIP trunks are allowed).` };
    }
    return { ok: false, message: `The host ${trunk.host} could not be resolved (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).` };
  }
  const endpoint = await SipEndpoint.open({ bindAddress: '0.0.0.0', port: 0, log });
  try {
    const uri = `sip:${trunk.host}:${trunk.port}`;
    const rq: SipMessage = {
      method: 'OPTIONS',
      uri,
      headers: {
        via: [],
        to: { uri, params: {} },
        from: { uri: `sip:voicegate@${endpoint.hostPort}`, params: { tag: newTag() } },
        'call-id': randomUUID(),
        cseq: { method: 'OPTIONS', seq: 1 },
      },
    };
    const response = await new Promise<SipMessage | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), timeoutMs);
      endpoint.request(rq, { address, port: trunk.port }, {
        onResponse: (rs) => {
          if ((rs.status ?? 0) < 200) return;
          clearTimeout(timer);
          resolve(rs);
        },
        onFailure: () => resolve(null),
      });
    });
    if (!response) return { ok: false, message: `No answer from ${trunk.host}:${trunk.port} (${address}) over UDP within ${timeoutMs / 1000} s: check the host, the port and any firewall.` };
    const status = response.status ?? 0;
    // A trunk that asks for authentication or refuses OPTIONS is still alive and speaking SIP.
    const alive = status < 300 || status === 401 || status === 403 || status === 405 || status === 407;
    return {
      ok: alive,
      message: alive ? `The trunk answered OPTIONS with ${status} ${response.reason ?? ''}`.trim() + '.' : `The trunk answered OPTIONS with ${status} ${response.reason ?? ''}`.trim() + '.',
    };
  } finally {
    endpoint.close();
  }
}
