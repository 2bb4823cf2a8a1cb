import * as sip from 'sip';
import type { SipMessage } from 'sip';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import { printMessage } from '../message';
import type { IncomingRequests, SipEndpoint } from '../sip-endpoint';
import { InviteServerTransaction, type InviteServerUser } from '../transaction/invite-server-transaction';
import type { Remote } from '../transport/transport';

/** A new call offered to us: the INVITE, where it came from, and its server transaction (100 Trying already sent). */
export interface OfferedInvite {
  invite: SipMessage;
  remote: Remote;
  tx: InviteServerTransaction;
  /** Set by whoever takes the call: what the transaction tells it (CANCEL, no ACK). */
  listen(user: InviteServerUser): void;
}

/**
 * The user agent server's front door (RFC 3261 8.2, 17.2): every INVITE that starts a call gets an
 * INVITE server transaction (keyed by its Via branch), 100 Trying at once, and is handed to
 * `onInvite`; a retransmitted INVITE gets the last response again; a CANCEL or an ACK with the
 * branch of one of these transactions is answered by it. Anything else (a re-INVITE, the ACK of a
 * 2xx, BYE…) belongs to the dialog and goes back to the endpoint.
 */
export class SipUas implements IncomingRequests {
  private readonly transactions = new Map<string, InviteServerTransaction>();

  constructor(
    private readonly endpoint: Pick<SipEndpoint, 'transmit' | 'hasDialog'>,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly onInvite: (offer: OfferedInvite) => void,
  ) {}

  get size(): number {
    return this.transactions.size;
  }

  receive(rq: SipMessage, remote: Remote): boolean {
    const branch = String(rq.headers.via[0]?.params.branch ?? '');
    const tx = this.transactions.get(branch);
    switch (rq.method) {
      case 'INVITE':
        if (tx) {
          tx.receiveInvite();
          return true;
        }
        if (this.endpoint.hasDialog(rq.headers['call-id'])) return false;
        this.start(rq, remote, branch);
        return true;
      case 'CANCEL':
        if (!tx) return false;
        this.reply(tx.receiveCancel(rq), remote);
        return true;
      case 'ACK':
        if (!tx || (tx.state !== 'completed' && tx.state !== 'confirmed')) return false;
        tx.receiveAck();
        return true;
      default:
        return false;
    }
  }

  private start(invite: SipMessage, remote: Remote, branch: string): void {
    // RFC 3261 branches start with the magic cookie; an RFC 2543 peer cannot be matched reliably.
    if (!branch.startsWith('z9hG4bK') || !invite.uri) {
      this.reply(sip.makeResponse(invite, 400, 'Bad Request'), remote);
      return;
    }
    let user: InviteServerUser = { onCancel: () => undefined, onNoAck: () => undefined };
    const tx = new InviteServerTransaction(
      invite,
      (data) => this.endpoint.transmit(data, remote),
      this.clock,
      { onCancel: () => user.onCancel(), onNoAck: () => user.onNoAck() },
      () => {
        // Forgotten a little later: a late retransmission of the INVITE must not start a new call.
        this.clock.after(32_000, () => this.transactions.get(branch) === tx && this.transactions.delete(branch), { unref: true });
      },
    );
    this.transactions.set(branch, tx);
    tx.respond(100, 'Trying');
    try {
      this.onInvite({ invite, remote, tx, listen: (u) => (user = u) });
    } catch (err) {
      this.log.warn({ err: (err as Error).message, call_id: invite.headers['call-id'] }, 'could not take an inbound INVITE');
      tx.respond(500, 'Server Internal Error');
    }
  }

  private reply(rs: SipMessage, remote: Remote): void {
    try {
      this.endpoint.transmit(Buffer.from(printMessage(rs), 'binary'), remote);
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'a SIP response was not sent');
    }
  }
}
