import { isIPv6 } from 'node:net';
import { networkInterfaces } from 'node:os';
import * as sip from 'sip';
import type { SipMessage } from 'sip';
import type { Logger } from 'pino';
import { systemClock, type Clock } from './clock';
import { ALLOW, newBranch, newTag, printMessage } from './message';
import { ClientTransaction, type TransactionUser } from './transaction/client-transaction';
import { ServerTransactions } from './transaction/server-transaction';
import { judgeDestination, type DestinationCheck, type Remote, type SipTransport } from './transport/transport';
import { UdpTransport } from './transport/udp-transport';

export { ALLOW, newBranch, newTag, printMessage } from './message';
export type { Remote } from './transport/transport';

/** What a dialog (one call) is told about its traffic. */
export interface DialogHandler {
  /** A request inside the dialog; return the response to send (retransmissions get it again). */
  onRequest(rq: SipMessage, remote: Remote): SipMessage | null;
  /** A 2xx to INVITE that arrives after its transaction ended (a retransmission: ACK it again). */
  onStray2xx?(rs: SipMessage): void;
  /** The call's address policy, applied to the responses it sends (see Remote.allowPrivate). */
  allowPrivate?: boolean;
}

/**
 * The server side of new calls (uas/): INVITEs outside any dialog, and the CANCELs and ACKs of
 * their transactions. Returns false for a request that is not its business (a re-INVITE inside a
 * dialog, an ACK of a 2xx), which the endpoint then handles as before.
 */
export interface IncomingRequests {
  receive(rq: SipMessage, remote: Remote): boolean;
}

export interface SipEndpointOptions {
  transport: SipTransport;
  /** The address that goes into Via, Contact and SDP. */
  publicAddress: string;
  log: Logger;
  clock?: Clock;
  /** Judges every destination right before a send (default: judgeDestination). */
  checkDestination?: DestinationCheck;
}

/**
 * The SIP message layer of the process: parses what the transport receives, hands responses to
 * their client transaction (by branch and method) and requests to their dialog (by Call-ID),
 * answers retransmitted requests from the server transactions' cache, and sends everything
 * through one place, `send`, where the destination is judged first.
 */
export class SipEndpoint {
  private readonly transactions = new Map<string, ClientTransaction>();
  private readonly dialogs = new Map<string, DialogHandler>();
  private readonly serverTransactions: ServerTransactions;
  private readonly transport: SipTransport;
  private readonly clock: Clock;
  private readonly checkDestination: DestinationCheck;
  private readonly log: Logger;
  private incoming: IncomingRequests | undefined;
  readonly publicAddress: string;

  constructor(opts: SipEndpointOptions) {
    this.transport = opts.transport;
    this.publicAddress = opts.publicAddress;
    this.clock = opts.clock ?? systemClock;
    this.checkDestination = opts.checkDestination ?? judgeDestination;
    this.log = opts.log;
    this.serverTransactions = new ServerTransactions(this.clock);
    this.transport.onMessage((data, remote) => this.receive(data, remote));
  }

  /** Binds the UDP socket; without a public address, bound to every interface: the first external IPv4. */
  static async open(opts: { bindAddress: string; port: number; publicAddress?: string; log: Logger; checkDestination?: DestinationCheck }): Promise<SipEndpoint> {
    const transport = await UdpTransport.open(opts.bindAddress, opts.port, opts.log);
    const bound = transport.boundAddress;
    const publicAddress = opts.publicAddress ?? (bound === '0.0.0.0' || bound === '::' ? firstExternalIPv4() : bound);
    return new SipEndpoint({ transport, publicAddress, log: opts.log, checkDestination: opts.checkDestination });
  }

  get port(): number {
    return this.transport.port;
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

  hasDialog(callId: string): boolean {
    return this.dialogs.has(callId);
  }

  /** Where INVITEs that start a call go (the UAS); without one they are answered 481 as before. */
  acceptIncoming(handler: IncomingRequests): void {
    this.incoming = handler;
  }

  /** Sends bytes through the destination check (throws when refused): the UAS's transactions send their responses here. */
  transmit(data: Buffer, to: Remote): void {
    this.send(data, to);
  }

  get dialogCount(): number {
    return this.dialogs.size;
  }

  get transactionCount(): number {
    return this.transactions.size;
  }

  /** Adds our Via (new branch unless given) and sends outside any transaction (ACK for a 2xx). */
  sendStateless(m: SipMessage, to: Remote, branch = newBranch()): void {
    this.setVia(m, branch);
    try {
      this.send(Buffer.from(printMessage(m), 'binary'), to);
    } catch (err) {
      // Refused (destination or header): nothing was sent.
      this.log.warn({ err: (err as Error).message, call_id: m.headers['call-id'] }, 'a SIP message was not sent');
    }
  }

  /**
   * Sends a request in a new client transaction (RFC 3261 timers: see ClientTransaction).
   * Returns the branch (CANCEL reuses the INVITE's, which is why it may be given). A request that
   * cannot be printed (a line break in a header) throws: nothing is sent.
   */
  request(m: SipMessage, to: Remote, user: TransactionUser, branch = newBranch()): string {
    this.setVia(m, branch);
    m.headers['max-forwards'] = 70;
    const key = `${branch}|${m.method}`;
    const tx = new ClientTransaction(m, (data) => this.send(data, to), this.clock, user, () => {
      if (this.transactions.get(key) === tx) this.transactions.delete(key);
    });
    this.transactions.set(key, tx);
    tx.start();
    return branch;
  }

  /** Ends a client transaction that its user no longer waits for (its timers stop). */
  forget(branch: string, method: string): void {
    const tx = this.transactions.get(`${branch}|${method}`);
    if (tx && (tx.state === 'calling' || tx.state === 'proceeding' || tx.state === 'trying')) tx.terminate();
  }

  close(): void {
    for (const tx of [...this.transactions.values()]) tx.terminate();
    this.serverTransactions.clear();
    this.transport.close();
  }

  /** Every byte we send passes here: the destination is judged first (throws when refused). */
  private send(data: Buffer, to: Remote): void {
    this.checkDestination(to);
    this.transport.send(data, to);
  }

  private setVia(m: SipMessage, branch: string): void {
    m.headers.via = [{ version: '2.0', protocol: this.transport.protocol, host: this.publicAddress, port: this.port, params: { branch, rport: null } }];
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
    const key = `${String(rs.headers.via[0]!.params.branch ?? '')}|${rs.headers.cseq.method}`;
    const tx = this.transactions.get(key);
    if (tx) return tx.receive(rs);
    if (rs.headers.cseq.method === 'INVITE' && rs.status! >= 200 && rs.status! < 300) {
      this.dialogs.get(rs.headers['call-id'])?.onStray2xx?.(rs);
    }
    // Otherwise a late retransmission of a response we already acted on.
  }

  /** Responses go back to where the request came from (RFC 3581 rport), which also works behind NAT. */
  private receiveRequest(rq: SipMessage, remote: Remote): void {
    if (this.incoming?.receive(rq, remote)) return;
    const dialog = this.dialogs.get(rq.headers['call-id']);
    const to: Remote = dialog?.allowPrivate === undefined ? remote : { ...remote, allowPrivate: dialog.allowPrivate };
    const earlier = this.serverTransactions.earlierResponse(rq);
    if (earlier) return this.trySend(earlier, to);
    if (rq.method === 'ACK') {
      dialog?.onRequest(rq, remote);
      return;
    }
    let rs: SipMessage | null;
    if (dialog) rs = dialog.onRequest(rq, remote);
    else if (rq.method === 'OPTIONS') {
      // Trunks ping with OPTIONS to see that we are alive.
      rs = sip.makeResponse(rq, 200, 'OK', { headers: { allow: ALLOW, accept: 'application/sdp' } });
    } else rs = sip.makeResponse(rq, 481, 'Call/Transaction Does Not Exist');
    if (!rs) return;
    if (rs.status! > 100 && !rs.headers.to.params.tag) rs.headers.to = { ...rs.headers.to, params: { ...rs.headers.to.params, tag: newTag() } };
    const data = Buffer.from(printMessage(rs), 'binary');
    this.serverTransactions.remember(rq, data);
    this.trySend(data, to);
  }

  private trySend(data: Buffer, to: Remote): void {
    try {
      this.send(data, to);
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'a SIP response was not sent');
    }
  }
}

/** Without SIP_PUBLIC_ADDRESS and bound to every interface: the machine's first non-loopback IPv4 address. */
function firstExternalIPv4(): string {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const a of addresses ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return '127.0.0.1';
}
