import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import { isIPv6 } from 'node:net';
import { networkInterfaces } from 'node:os';
import * as sip from 'sip';
import type { SipMessage } from 'sip';
import type { Logger } from 'pino';

/** RFC 3261 timer values (section 17): T1 = RTT estimate, T2 = cap for non-INVITE retransmits, T4 = network lifetime. */
export const T1 = 500;
export const T2 = 4000;
export const T4 = 5000;

export interface Remote {
  address: string;
  port: number;
}

/** What a dialog (one call) is told about its traffic. */
export interface DialogHandler {
  /** A request inside the dialog; return the response to send (retransmissions get it again). */
  onRequest(rq: SipMessage, remote: Remote): SipMessage | null;
  /** A 2xx to INVITE that arrives after its transaction ended (a retransmission: ACK it again). */
  onStray2xx?(rs: SipMessage): void;
}

type ResponseCallback = (rs: SipMessage) => void;

interface ClientTransaction {
  method: string;
  timers: NodeJS.Timeout[];
  state: 'calling' | 'proceeding' | 'completed' | 'terminated';
  onResponse: ResponseCallback;
  /** Called once when neither a final response nor any response arrived in 64*T1 (Timer B / F). */
  onTimeout: () => void;
}

export const newBranch = () => `z9hG4bK${randomBytes(12).toString('hex')}`;
export const newTag = () => randomBytes(8).toString('hex');

/**
 * One UDP socket for SIP signalling, shared by every call of the process, with our own RFC 3261
 * client transactions (Timer A/B for INVITE, E/F for the rest, T2 cap) because a far end that falls
 * silent must never leave a call hanging. Messages are parsed and printed by npm `sip`.
 * Requests from the far end are routed to their dialog by Call-ID; retransmitted requests get the
 * same response again.
 */
export class SipEndpoint {
  private readonly transactions = new Map<string, ClientTransaction>();
  private readonly dialogs = new Map<string, DialogHandler>();
  private readonly answered = new Map<string, { response: string; timer: NodeJS.Timeout }>();
  readonly port: number;

  private constructor(
    private readonly socket: dgram.Socket,
    readonly publicAddress: string,
    private readonly log: Logger,
  ) {
    this.port = socket.address().port;
    socket.on('message', (data, rinfo) => this.receive(data, { address: rinfo.address, port: rinfo.port }));
    socket.on('error', (err) => log.error({ err: err.message }, 'SIP socket error'));
  }

  static async open(opts: { bindAddress: string; port: number; publicAddress?: string; log: Logger }): Promise<SipEndpoint> {
    const socket = dgram.createSocket(isIPv6(opts.bindAddress) ? 'udp6' : 'udp4');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(opts.port, opts.bindAddress, () => {
        socket.off('error', reject);
        resolve();
      });
    });
    const bound = socket.address().address;
    const publicAddress = opts.publicAddress ?? (bound === '0.0.0.0' || bound === '::' ? firstExternalIPv4() : bound);
    return new SipEndpoint(socket, publicAddress, opts.log);
  }

  /** host:port as it goes into Via and Contact. */
  get hostPort(): string {
    return `${isIPv6(this.publicAddress) ? `[${this.publicAddress}]` : this.publicAddress}:${this.port}`;
  }

  addDialog(callId: string, handler: DialogHandler): void {
    this.dialogs.set(callId, handler);
  }

  removeDialog(callId: string): void {
    this.dialogs.delete(callId);
  }

  get dialogCount(): number {
    return this.dialogs.size;
  }

  /** Adds our Via (new branch unless given: CANCEL reuses the INVITE's) and sends outside any transaction (ACK). */
  sendStateless(m: SipMessage, to: Remote, branch = newBranch()): void {
    m.headers.via = [{ version: '2.0', protocol: 'UDP', host: this.publicAddress, port: this.port, params: { branch, rport: null } }];
    this.write(printMessage(m), to);
  }

  /**
   * Sends a request in a new client transaction. INVITE: retransmitted at T1, 2T1, 4T1… until a
   * response (Timer A), given up after 64*T1 (Timer B). Others: retransmitted up to T2 apart until a
   * final response (Timer E), given up after 64*T1 (Timer F). Returns the branch (CANCEL needs it).
   */
  request(m: SipMessage, to: Remote, onResponse: ResponseCallback, onTimeout: () => void, branch = newBranch()): string {
    const method = m.method!;
    m.headers.via = [{ version: '2.0', protocol: 'UDP', host: this.publicAddress, port: this.port, params: { branch, rport: null } }];
    m.headers['max-forwards'] = 70;
    const text = printMessage(m);
    const key = `${branch}|${method}`;
    const tx: ClientTransaction = { method, timers: [], state: 'calling', onResponse, onTimeout };
    this.transactions.set(key, tx);
    const retransmit = (interval: number) => {
      tx.timers.push(
        setTimeout(() => {
          if (tx.state === 'calling' || (method !== 'INVITE' && tx.state === 'proceeding')) {
            this.write(text, to);
            retransmit(method === 'INVITE' ? interval * 2 : Math.min(interval * 2, T2));
          }
        }, interval),
      );
    };
    this.write(text, to);
    retransmit(T1);
    tx.timers.push(
      setTimeout(() => {
        if (tx.state === 'calling' || (method !== 'INVITE' && tx.state === 'proceeding')) {
          this.endTransaction(key, tx);
          tx.onTimeout();
        }
      }, 64 * T1),
    );
    return branch;
  }

  close(): void {
    for (const [key, tx] of this.transactions) this.endTransaction(key, tx);
    for (const { timer } of this.answered.values()) clearTimeout(timer);
    this.answered.clear();
    this.socket.close();
  }

  private endTransaction(key: string, tx: ClientTransaction): void {
    tx.state = 'terminated';
    for (const t of tx.timers) clearTimeout(t);
    this.transactions.delete(key);
  }

  private write(text: string, to: Remote): void {
    this.socket.send(Buffer.from(text, 'binary'), to.port, to.address);
  }

  private receive(data: Buffer, remote: Remote): void {
    let m: SipMessage | undefined;
    try {
      m = sip.parse(data);
    } catch {
      m = undefined;
    }
    if (!m || !Array.isArray(m.headers?.via) || !m.headers.via.length || !m.headers['call-id'] || !m.headers.cseq || !m.headers.from || !m.headers.to) {
      return; // not SIP, or missing the headers every message must carry (keep-alive CRLFs too)
    }
    try {
      if (m.status) this.receiveResponse(m);
      else this.receiveRequest(m, remote);
    } catch (err) {
      // A message that makes us fail (or a reply we refuse to print) must not end the process.
      this.log.warn({ err: (err as Error).message, call_id: m.headers['call-id'] }, 'could not handle a SIP message');
    }
  }

  private receiveResponse(rs: SipMessage): void {
    const branch = String(rs.headers.via[0]!.params.branch ?? '');
    const key = `${branch}|${rs.headers.cseq.method}`;
    const tx = this.transactions.get(key);
    if (!tx) {
      if (rs.headers.cseq.method === 'INVITE' && rs.status! >= 200 && rs.status! < 300) {
        this.dialogs.get(rs.headers['call-id'])?.onStray2xx?.(rs);
      }
      return; // a late retransmission of a response we already acted on
    }
    const status = rs.status!;
    if (status < 200) {
      if (tx.state === 'calling') tx.state = 'proceeding';
      tx.onResponse(rs);
      return;
    }
    if (tx.state === 'completed') return;
    if (tx.method === 'INVITE' && status >= 300) {
      // The INVITE transaction ACKs a non-2xx final response itself (same branch), and keeps
      // absorbing retransmissions of it for 32 s (Timer D).
      tx.state = 'completed';
      for (const t of tx.timers) clearTimeout(t);
      tx.timers = [setTimeout(() => this.endTransaction(key, tx), 64 * T1).unref()];
      tx.onResponse(rs);
      return;
    }
    // A 2xx to INVITE ends the transaction (the dialog ACKs it); a final response to anything else
    // leaves it completed for T4 to absorb retransmissions (Timer K).
    this.endTransaction(key, tx);
    if (tx.method !== 'INVITE') {
      tx.state = 'completed';
      this.transactions.set(key, tx);
      tx.timers = [setTimeout(() => this.endTransaction(key, tx), T4)];
    }
    tx.onResponse(rs);
  }

  /** Sends ACK for a non-2xx final response, on the INVITE's branch (RFC 3261 17.1.1.3). */
  ackFailure(invite: SipMessage, rs: SipMessage, to: Remote, branch: string): void {
    this.sendStateless(
      {
        method: 'ACK',
        uri: invite.uri,
        version: '2.0',
        headers: {
          via: [],
          to: rs.headers.to,
          from: invite.headers.from,
          'call-id': invite.headers['call-id'],
          cseq: { method: 'ACK', seq: invite.headers.cseq.seq },
          'max-forwards': 70,
        },
      },
      to,
      branch,
    );
  }

  private receiveRequest(rq: SipMessage, remote: Remote): void {
    const branch = String(rq.headers.via[0]!.params.branch ?? '');
    const cacheKey = `${rq.headers['call-id']}|${branch}|${rq.method}`;
    const earlier = this.answered.get(cacheKey);
    if (earlier) {
      this.write(earlier.response, this.responseTarget(rq, remote));
      return;
    }
    const dialog = this.dialogs.get(rq.headers['call-id']);
    let rs: SipMessage | null;
    if (rq.method === 'ACK') {
      dialog?.onRequest(rq, remote);
      return;
    } else if (dialog) {
      rs = dialog.onRequest(rq, remote);
    } else if (rq.method === 'OPTIONS') {
      // Trunks ping with OPTIONS to see that we are alive.
      rs = sip.makeResponse(rq, 200, 'OK', { headers: { allow: ALLOW, accept: 'application/sdp' } });
    } else {
      rs = sip.makeResponse(rq, 481, 'Call/Transaction Does Not Exist');
    }
    if (!rs) return;
    if (rs.status! > 100 && !rs.headers.to.params.tag) rs.headers.to = { ...rs.headers.to, params: { ...rs.headers.to.params, tag: newTag() } };
    const text = printMessage(rs);
    this.answered.set(cacheKey, { response: text, timer: setTimeout(() => this.answered.delete(cacheKey), 64 * T1).unref() });
    this.write(text, this.responseTarget(rq, remote));
  }

  /** Responses go back where the request came from (RFC 3581 rport), which also works behind NAT. */
  private responseTarget(_rq: SipMessage, remote: Remote): Remote {
    return remote;
  }
}

/** Any string anywhere in the start line or the headers (not the body). */
function* headerStrings(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const v of value) yield* headerStrings(v);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) yield* headerStrings(v);
}

/**
 * sip.stringify, refusing a message whose start line or headers carry a CR or LF: a value with a
 * line break would become a header line of its own (injection). Defence in depth: values are
 * validated where they enter (the carrier connection's fields), and quoted where they are written.
 */
export function printMessage(m: SipMessage): string {
  for (const text of headerStrings([m.method, m.uri, m.reason, m.headers])) {
    if (/[\r\n\0]/.test(text)) throw new Error('refusing to send a SIP message with a line break in its start line or a header');
  }
  return sip.stringify(m);
}

/** Without SIP_PUBLIC_ADDRESS and bound to every interface: the machine's first non-loopback IPv4 address. */
function firstExternalIPv4(): string {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const a of addresses ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return '127.0.0.1';
}

export const ALLOW = 'INVITE, ACK, CANCEL, BYE, OPTIONS, INFO, UPDATE';
