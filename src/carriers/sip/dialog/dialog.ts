import * as sip from 'sip';
import type { SipAddress, SipMessage } from 'sip';

/**
 * One dialog as its UAC sees it (RFC 3261 12): Call-ID, both tags, the remote target (the far
 * end's Contact, refreshed by a re-INVITE), the route set (Record-Route of the 2xx, reversed),
 * our CSeq (one more for each request) and the far end's (requests must not go backwards).
 */
export class Dialog {
  remoteTag: string | null = null;
  /** The Request-URI of requests inside the dialog. */
  remoteTarget: string;
  routeSet: string[] = [];
  private remoteSeq: number | null = null;

  constructor(
    readonly callId: string,
    /** Our From (with our tag), as sent in the INVITE. */
    readonly local: SipAddress,
    /** The far end's URI (the INVITE's To, without tag). */
    readonly remoteUri: string,
    /** Our CSeq number: that of the last request we sent. */
    public localSeq: number,
  ) {
    this.remoteTarget = remoteUri;
  }

  get established(): boolean {
    return this.remoteTag !== null;
  }

  /** The 2xx to our INVITE creates the dialog (12.1.2). */
  establish(rs: SipMessage): void {
    this.remoteTag = String(rs.headers.to.params.tag ?? '');
    this.remoteTarget = rs.headers.contact?.[0]?.uri ?? this.remoteUri;
    this.routeSet = (rs.headers['record-route'] ?? []).map((r) => (typeof r.uri === 'string' ? r.uri : sip.stringifyUri(r.uri))).reverse();
  }

  /**
   * A request from the far end inside the dialog (12.2.2). Returns false when its CSeq went
   * backwards (answer 500); a re-INVITE with a Contact moves the remote target.
   */
  acceptRemote(rq: SipMessage): boolean {
    if (rq.method === 'ACK' || rq.method === 'CANCEL') return true;
    const seq = rq.headers.cseq.seq;
    if (this.remoteSeq !== null && seq < this.remoteSeq) return false;
    this.remoteSeq = seq;
    const contact = rq.headers.contact?.[0]?.uri;
    if (rq.method === 'INVITE' && contact) this.remoteTarget = typeof contact === 'string' ? contact : sip.stringifyUri(contact);
    return true;
  }

  /** A new request inside the dialog (BYE, re-INVITE…): next CSeq, remote target, route set. */
  request(method: string): SipMessage {
    return this.build(method, ++this.localSeq, this.remoteAddress());
  }

  /** ACK for a 2xx (13.2.2.4): its own transaction, the INVITE's CSeq number, the response's To. */
  ack(rs: SipMessage): SipMessage {
    return this.build('ACK', rs.headers.cseq.seq, rs.headers.to);
  }

  private remoteAddress(): SipAddress {
    return { uri: this.remoteUri, params: { tag: this.remoteTag ?? undefined } };
  }

  private build(method: string, seq: number, to: SipAddress): SipMessage {
    const m: SipMessage = {
      method,
      uri: this.remoteTarget,
      version: '2.0',
      headers: {
        via: [],
        to,
        from: this.local,
        'call-id': this.callId,
        cseq: { method, seq },
        'max-forwards': 70,
      },
    };
    if (this.routeSet.length) m.headers.route = this.routeSet.map((uri) => ({ uri, params: {} }));
    return m;
  }
}
