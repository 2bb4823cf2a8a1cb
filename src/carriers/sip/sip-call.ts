import * as sip from 'sip';
import type { SipAddress, SipMessage } from 'sip';
import { isBlockedAddress } from '../../common/net-guard';
import type { CarrierStatus, Disposition } from '../../features/calls/ports';
import type { Logger } from 'pino';
import type { RtpSession } from './rtp-session';
import { buildOffer, parseAnswer, type SdpAnswer } from './sdp';
import { signDigest } from './sip-digest';
import { ALLOW, newTag, type Remote, type SipEndpoint } from './sip-endpoint';
import { outcomeForFinalResponse } from './sip-outcomes';

export interface SipTrunk {
  host: string;
  port: number;
  /** Where packets go (the host resolved to an address). */
  address: string;
  username?: string;
  password?: string;
  /**
   * Whether addresses the far end names (its SDP media address) may be private, loopback or
   * link-local: the same policy the trunk's host was judged by (an organization's trunk: only with
   * CARRIER_ALLOW_PRIVATE_NETWORKS=true; the deployment's own trunk: yes).
   */
  allowPrivate: boolean;
}

export interface SipCallOutcome {
  status: 'completed' | 'failed';
  disposition: Disposition;
  carrierStatus: CarrierStatus;
  durationSeconds: number;
}

export interface SipCallHooks {
  ringing(carrierStatus: CarrierStatus): void;
  answered(media: RtpSession): void;
  /** Exactly once, when the call is over (media stopped, dialog gone). */
  ended(outcome: SipCallOutcome): void;
}

export interface SipCallOptions {
  callId: string;
  to: string;
  from: string;
  trunk: SipTrunk;
  ringTimeoutMs: number;
  maxDurationMs: number;
  endpoint: SipEndpoint;
  media: RtpSession;
  hooks: SipCallHooks;
  log: Logger;
}

type State = 'calling' | 'ringing' | 'canceling' | 'answered' | 'ending' | 'ended';

const status = (code: number | null, reason: string): CarrierStatus => ({ code, reason });

/**
 * Every SIP request of a call goes to `trunk.address`, the address its host resolved to and was
 * judged by right before the INVITE; Contact and Record-Route from the far end only shape the
 * Request-URI and Route headers, never where packets go. The far end's SDP names where RTP goes,
 * so that address is judged by the trunk's policy too (answer and re-INVITE).
 *
 * One outbound call as a SIP user agent client (RFC 3261): INVITE with our SDP offer, digest
 * authentication on 401/407 (once), provisional responses as ringing, 2xx → ACK and media, every
 * final failure mapped by sip-outcomes.ts. CANCEL on ring timeout or when the caller cancels, BYE
 * when the agent is done or at max_duration_seconds; the callee's BYE, re-INVITE, OPTIONS and INFO
 * are answered. Every wait has a timer, so a silent far end cannot keep the call open.
 */
export class SipCall {
  private state: State = 'calling';
  private readonly localTag = newTag();
  private cseq = 1;
  private invite!: SipMessage;
  private inviteBranch = '';
  private authTried = false;
  private remoteTag: string | null = null;
  private remoteTarget: string | null = null;
  private routeSet: string[] = [];
  private earlySdp: SdpAnswer | null = null;
  private answeredAt = 0;
  private disposition: Disposition = 'human';
  private pendingCancel: 'timeout' | 'caller' | null = null;
  private ringTimer: NodeJS.Timeout | undefined;
  private maxTimer: NodeJS.Timeout | undefined;
  private finalOutcome: SipCallOutcome | null = null;
  private readonly target: Remote;
  private readonly requestUri: string;

  constructor(private readonly o: SipCallOptions) {
    this.target = { address: o.trunk.address, port: o.trunk.port };
    const hostPart = o.trunk.port === 5060 ? o.trunk.host : `${o.trunk.host}:${o.trunk.port}`;
    this.requestUri = `sip:${o.to}@${hostPart}`;
  }

  get callId(): string {
    return this.o.callId;
  }

  get isOver(): boolean {
    return this.state === 'ended';
  }

  start(): void {
    this.o.endpoint.addDialog(this.o.callId, {
      onRequest: (rq, remote) => this.onRequest(rq, remote),
      onStray2xx: (rs) => this.ack(rs),
    });
    const hostPart = this.o.trunk.port === 5060 ? this.o.trunk.host : `${this.o.trunk.host}:${this.o.trunk.port}`;
    this.invite = {
      method: 'INVITE',
      uri: this.requestUri,
      version: '2.0',
      headers: {
        via: [],
        to: { uri: this.requestUri, params: {} },
        from: { uri: `sip:${this.o.from}@${hostPart}`, params: { tag: this.localTag } },
        'call-id': this.o.callId,
        cseq: { method: 'INVITE', seq: this.cseq },
        contact: [{ uri: `sip:voicegate@${this.o.endpoint.hostPort}`, params: {} }],
        allow: ALLOW,
        'content-type': 'application/sdp',
        'user-agent': 'voicegate',
      },
      content: buildOffer(this.o.endpoint.publicAddress, this.o.media.port, Date.now() % 1_000_000_000),
    };
    this.sendInvite();
    this.ringTimer = setTimeout(() => this.onRingTimeout(), this.o.ringTimeoutMs);
  }

  /** The caller canceled (POST /v1/calls/{id}/cancel) or the call was ended elsewhere. */
  cancel(): void {
    if (this.state === 'calling' || this.state === 'ringing') this.sendCancel('caller');
    else if (this.state === 'answered') this.hangup();
  }

  /** The agent is done (or max_duration_seconds): BYE, then the call is completed. */
  hangup(disposition?: Disposition): void {
    if (disposition) this.disposition = disposition;
    if (this.state !== 'answered') return;
    this.state = 'ending';
    const outcome = this.completedOutcome();
    const bye = this.inDialogRequest('BYE');
    // Whatever the far end answers (or if it never does, Timer F), the call is over.
    this.o.endpoint.request(bye, this.target, (rs) => rs.status! >= 200 && this.end(outcome), () => this.end(outcome));
  }

  private sendInvite(): void {
    this.inviteBranch = this.o.endpoint.request(
      this.invite,
      this.target,
      (rs) => this.onInviteResponse(rs),
      () =>
        this.end(
          this.state === 'canceling' && this.pendingCancel === 'timeout'
            ? { status: 'failed', disposition: 'no_answer', carrierStatus: status(null, 'No answer; the CANCEL got no final response'), durationSeconds: 0 }
            : { status: 'failed', disposition: 'carrier_error', carrierStatus: status(null, 'No response from the SIP trunk (timer B)'), durationSeconds: 0 },
        ),
    );
  }

  private onInviteResponse(rs: SipMessage): void {
    const code = rs.status!;
    if (this.state === 'ended') return;
    if (code < 200) {
      if (code > 100 && rs.content && /^v=0/m.test(rs.content)) this.earlySdp = parseAnswer(rs.content);
      if (code > 100 && this.state === 'calling') {
        this.state = 'ringing';
        this.o.hooks.ringing(status(code, rs.reason || ''));
      }
      // A CANCEL may be sent only once a provisional response has arrived (RFC 3261 9.1).
      if (this.pendingCancel && this.state !== 'canceling') this.sendCancel(this.pendingCancel);
      return;
    }
    if (code < 300) return this.onAnswer(rs);
    if ((code === 401 || code === 407) && !this.authTried && this.o.trunk.username && this.o.trunk.password && this.state !== 'canceling') {
      this.o.endpoint.ackFailure(this.invite, rs, this.target, this.inviteBranch);
      this.authTried = true;
      this.cseq++;
      this.invite.headers.cseq = { method: 'INVITE', seq: this.cseq };
      let signed: boolean;
      try {
        signed = signDigest(this.invite, rs, { user: this.o.trunk.username, password: this.o.trunk.password });
        if (signed) this.sendInvite();
      } catch (err) {
        this.o.log.warn({ call_id: this.o.callId, err: (err as Error).message }, 'the credentials cannot be sent; the call fails');
        this.end({ status: 'failed', disposition: 'carrier_error', carrierStatus: status(code, 'The trunk credentials cannot be written into a SIP header'), durationSeconds: 0 });
        return;
      }
      if (signed) return;
      this.end({ ...outcomeForFinalResponse(code), carrierStatus: status(code, rs.reason || ''), durationSeconds: 0 });
      return;
    }
    this.o.endpoint.ackFailure(this.invite, rs, this.target, this.inviteBranch);
    const carrierStatus = status(code, rs.reason || '');
    if (this.pendingCancel === 'timeout') {
      this.end({ status: 'failed', disposition: 'no_answer', carrierStatus, durationSeconds: 0 });
    } else {
      this.end({ ...outcomeForFinalResponse(code), carrierStatus, durationSeconds: 0 });
    }
  }

  private onAnswer(rs: SipMessage): void {
    this.remoteTag = String(rs.headers.to.params.tag ?? '');
    this.remoteTarget = rs.headers.contact?.[0]?.uri ?? this.requestUri;
    this.routeSet = (rs.headers['record-route'] ?? []).map((r) => (typeof r.uri === 'string' ? r.uri : sip.stringifyUri(r.uri))).reverse();
    this.ack(rs);
    clearTimeout(this.ringTimer);
    if (this.pendingCancel || this.state === 'canceling') {
      // The 200 crossed our CANCEL: the call exists now, so it is ended with a BYE.
      this.state = 'answered';
      const disposition: Disposition = this.pendingCancel === 'timeout' ? 'no_answer' : 'canceled';
      this.state = 'ending';
      const outcome: SipCallOutcome = { status: 'failed', disposition, carrierStatus: status(rs.status!, rs.reason || ''), durationSeconds: 0 };
      this.o.endpoint.request(this.inDialogRequest('BYE'), this.target, (r) => r.status! >= 200 && this.end(outcome), () => this.end(outcome));
      return;
    }
    const sdp = (rs.content && parseAnswer(rs.content)) || this.earlySdp;
    this.state = 'answered';
    this.answeredAt = Date.now();
    this.finalStatus = status(rs.status!, rs.reason || '');
    if (sdp && !this.mediaAllowed(sdp.address)) {
      this.o.log.warn({ call_id: this.o.callId, address: sdp.address }, "the answer's media address is private or loopback; hanging up without sending media");
      this.state = 'ending';
      const outcome: SipCallOutcome = { status: 'failed', disposition: 'carrier_error', carrierStatus: status(488, `Not Acceptable Here (media address ${sdp.address} is not allowed)`), durationSeconds: 0 };
      this.o.endpoint.request(this.inDialogRequest('BYE'), this.target, (r) => r.status! >= 200 && this.end(outcome), () => this.end(outcome));
      return;
    }
    if (!sdp) {
      this.o.log.warn({ call_id: this.o.callId }, 'the answer has no usable SDP (no PCMU/PCMA); hanging up');
      this.state = 'ending';
      const outcome: SipCallOutcome = { status: 'failed', disposition: 'carrier_error', carrierStatus: status(488, 'Not Acceptable Here (no common codec in the answer)'), durationSeconds: 0 };
      this.o.endpoint.request(this.inDialogRequest('BYE'), this.target, (r) => r.status! >= 200 && this.end(outcome), () => this.end(outcome));
      return;
    }
    this.o.media.start({ address: sdp.address, port: sdp.port }, sdp.codec, sdp.payloadType, sdp.dtmfPayloadType);
    this.maxTimer = setTimeout(() => this.hangup(), this.o.maxDurationMs);
    this.o.hooks.answered(this.o.media);
  }

  private finalStatus: CarrierStatus = status(200, 'OK');

  private completedOutcome(): SipCallOutcome {
    return {
      status: 'completed',
      disposition: this.disposition,
      carrierStatus: this.finalStatus,
      durationSeconds: Math.max(0, Math.round((Date.now() - this.answeredAt) / 1000)),
    };
  }

  /** ACK for a 2xx: its own transaction, to the remote target, CSeq number of the INVITE. */
  private ack(rs: SipMessage): void {
    const ack = this.inDialogRequest('ACK', rs.headers.cseq.seq, rs.headers.to);
    this.o.endpoint.sendStateless(ack, this.target);
  }

  private onRingTimeout(): void {
    if (this.state === 'calling' && !this.pendingCancel) {
      // Not even a provisional response: the trunk is not handling the call.
      this.end({ status: 'failed', disposition: 'carrier_error', carrierStatus: status(null, 'No response from the SIP trunk'), durationSeconds: 0 });
      return;
    }
    if (this.state === 'ringing') this.sendCancel('timeout');
  }

  private sendCancel(why: 'timeout' | 'caller'): void {
    this.pendingCancel = why;
    if (this.state !== 'ringing') return; // sent when the first provisional response arrives
    this.state = 'canceling';
    clearTimeout(this.ringTimer);
    // CANCEL copies the INVITE's Request-URI, Call-ID, From, To and CSeq number, and its Via
    // branch, so the far end matches it to the INVITE transaction (RFC 3261 9.1).
    const cancel: SipMessage = {
      method: 'CANCEL',
      uri: this.invite.uri,
      version: '2.0',
      headers: {
        via: [],
        to: this.invite.headers.to,
        from: this.invite.headers.from,
        'call-id': this.o.callId,
        cseq: { method: 'CANCEL', seq: this.invite.headers.cseq.seq },
      },
    };
    if (this.invite.headers.route) cancel.headers.route = this.invite.headers.route;
    // The INVITE transaction then ends with 487 (handled above); the CANCEL's own answer is not needed.
    this.o.endpoint.request(cancel, this.target, () => undefined, () => undefined, this.inviteBranch);
  }

  private inDialogRequest(method: string, seq?: number, to?: SipAddress): SipMessage {
    if (seq === undefined) seq = ++this.cseq;
    const m: SipMessage = {
      method,
      uri: this.remoteTarget ?? this.requestUri,
      version: '2.0',
      headers: {
        via: [],
        to: to ?? { uri: this.requestUri, params: { tag: this.remoteTag ?? undefined } },
        from: this.invite.headers.from,
        'call-id': this.o.callId,
        cseq: { method, seq },
        'max-forwards': 70,
      },
    };
    if (this.routeSet.length) m.headers.route = this.routeSet.map((uri) => ({ uri, params: {} }));
    return m;
  }

  private onRequest(rq: SipMessage, remote: Remote): SipMessage | null {
    switch (rq.method) {
      case 'ACK':
        return null;
      case 'BYE': {
        if (this.state === 'answered' || this.state === 'ending') this.end(this.completedOutcome());
        return sip.makeResponse(rq, 200, 'OK');
      }
      case 'INVITE': {
        // A re-INVITE (session refresh, hold, a media move): accept, follow the new address.
        const offer = rq.content ? parseAnswer(rq.content) : null;
        if (offer && !this.mediaAllowed(offer.address)) return sip.makeResponse(rq, 488, 'Not Acceptable Here');
        if (offer) this.o.media.retarget({ address: offer.address, port: offer.port });
        return sip.makeResponse(rq, 200, 'OK', {
          headers: { contact: [{ uri: `sip:voicegate@${this.o.endpoint.hostPort}`, params: {} }], 'content-type': 'application/sdp', allow: ALLOW },
          content: this.invite.content,
        });
      }
      case 'OPTIONS':
        return sip.makeResponse(rq, 200, 'OK', { headers: { allow: ALLOW, accept: 'application/sdp' } });
      case 'INFO': {
        // SIP INFO DTMF (application/dtmf-relay), which some trunks send instead of RFC 4733.
        const digit = /Signal\s*=\s*([0-9*#A-D])/i.exec(rq.content ?? '')?.[1];
        if (digit) this.o.media.onDtmf(digit.toUpperCase());
        return sip.makeResponse(rq, 200, 'OK');
      }
      case 'UPDATE':
        return sip.makeResponse(rq, 200, 'OK');
      case 'CANCEL':
        return sip.makeResponse(rq, 481, 'Call/Transaction Does Not Exist');
      default:
        void remote;
        return sip.makeResponse(rq, 405, 'Method Not Allowed', { headers: { allow: ALLOW } });
    }
  }

  /** RTP goes where the far end's SDP says: judged like the trunk's host (no private target unless allowed). */
  private mediaAllowed(address: string): boolean {
    return this.o.trunk.allowPrivate || !isBlockedAddress(address);
  }

  private end(outcome: SipCallOutcome): void {
    if (this.state === 'ended') return;
    this.state = 'ended';
    clearTimeout(this.ringTimer);
    clearTimeout(this.maxTimer);
    this.o.media.stop();
    // Keep answering retransmissions for a while (our BYE's 200 may be lost), then forget the dialog.
    setTimeout(() => this.o.endpoint.removeDialog(this.o.callId), 32_000).unref();
    this.finalOutcome = outcome;
    this.o.hooks.ended(outcome);
  }

  get outcome(): SipCallOutcome | null {
    return this.finalOutcome;
  }
}
