import * as sip from 'sip';
import type { SipMessage } from 'sip';
import type { CarrierStatus, Disposition } from '../../../features/calls/ports';
import type { Logger } from 'pino';
import { isBlockedAddress } from '../../../common/net-guard';
import { systemClock, type Clock, type Timer } from '../clock';
import { signDigest } from '../digest';
import { Dialog } from '../dialog/dialog';
import { answerMidDialog } from '../dialog/mid-dialog-requests';
import { ALLOW, newBranch, newTag } from '../message';
import { buildOffer, parseAnswer, type CodecName, type SdpAnswer } from '../sdp';
import type { SipEndpoint } from '../sip-endpoint';
import { outcomeForFinalResponse } from '../sip-outcomes';
import type { SipTrunk } from '../sip-trunk';
import type { TransactionUser } from '../transaction/client-transaction';
import type { Remote } from '../transport/transport';

export interface SipCallOutcome {
  /** canceled: an inbound call whose caller hung up before the answer (uas/inbound-call.ts). */
  status: 'completed' | 'failed' | 'canceled';
  disposition: Disposition;
  carrierStatus: CarrierStatus;
  durationSeconds: number;
}

/** What the call needs of its media session (RtpSession in production, a fake in tests). */
export interface CallMedia {
  readonly port: number;
  start(remote: Remote, codec: CodecName, payloadType: number, dtmfPayloadType: number | null): void;
  retarget(remote: Remote): void;
  onDtmf(digit: string): void;
  stop(): void;
}

export interface SipCallHooks<M extends CallMedia> {
  ringing(carrierStatus: CarrierStatus): void;
  answered(media: M): void;
  /** Exactly once, when the call is over (media stopped, dialog gone). */
  ended(outcome: SipCallOutcome): void;
}

export interface SipCallOptions<M extends CallMedia> {
  callId: string;
  to: string;
  from: string;
  trunk: SipTrunk;
  ringTimeoutMs: number;
  maxDurationMs: number;
  endpoint: SipEndpoint;
  media: M;
  hooks: SipCallHooks<M>;
  log: Logger;
  clock?: Clock;
  /** The INVITE's Request-URI when it is not `sip:<to>@<trunk>` (a transfer to a SIP URI, still sent to the trunk). */
  requestUri?: string;
}

type State = 'calling' | 'ringing' | 'canceling' | 'answered' | 'ending' | 'ended';
type CancelReason = 'timeout' | 'caller';

const status = (code: number | null, reason: string): CarrierStatus => ({ code, reason });
const failed = (disposition: Disposition, carrierStatus: CarrierStatus): SipCallOutcome => ({ status: 'failed', disposition, carrierStatus, durationSeconds: 0 });
const FAILURE_REASONS = {
  timeout: 'No response from the SIP trunk (timer B)',
  refused: "The SIP trunk's address is not allowed",
  transport: 'The SIP trunk could not be reached',
} as const;
/** How long an ended call keeps answering retransmissions (our BYE's 200 may be lost) before its dialog is forgotten. */
const DIALOG_LINGER_MS = 32_000;

/**
 * One outbound call as a SIP user agent client (RFC 3261): INVITE with our SDP offer, digest
 * authentication on 401/407 (once), provisional responses as ringing, 2xx → ACK and media, every
 * final failure mapped by sip-outcomes.ts. CANCEL on ring timeout or when the caller cancels
 * (held back until a provisional response, RFC 3261 9.1); a 2xx that crosses the CANCEL is ACKed
 * and ended with BYE. BYE when the agent is done or at max duration; the callee's BYE,
 * re-INVITE, OPTIONS and INFO are answered. Every wait has a timer, so a silent far end cannot
 * keep the call open.
 *
 * Every SIP request of a call goes to `trunk.address`, the address its host resolved to and was
 * judged by right before the INVITE, and every send is judged again by the endpoint's destination
 * check with the trunk's policy; Contact and Record-Route from the far end only shape the
 * Request-URI and Route headers, never where packets go. The far end's SDP names where RTP goes,
 * so that address is judged by the trunk's policy too (answer and re-INVITE).
 */
export class OutboundCall<M extends CallMedia = CallMedia> {
  private state: State = 'calling';
  private readonly dialog: Dialog;
  private readonly clock: Clock;
  private invite!: SipMessage;
  private inviteBranch = '';
  /** The branch of the ACK sent for each 2xx (by CSeq), so a retransmitted 2xx gets the same ACK. */
  private readonly ackBranches = new Map<number, string>();
  private authTried = false;
  private earlySdp: SdpAnswer | null = null;
  private answeredAt = 0;
  private answerStatus: CarrierStatus = status(200, 'OK');
  private disposition: Disposition = 'human';
  private pendingCancel: CancelReason | null = null;
  /** Any provisional response (100 included) arrived: a CANCEL may be sent. */
  private provisionalSeen = false;
  private ringTimer: Timer | undefined;
  private maxTimer: Timer | undefined;
  private finalOutcome: SipCallOutcome | null = null;
  private readonly target: Remote;
  private readonly requestUri: string;
  private readonly hostPart: string;
  /**
   * Requests inside the dialog that the call itself does not handle (a transfer's NOTIFY): the
   * response to send, or null to answer as before (405).
   */
  extraRequests: ((rq: SipMessage) => SipMessage | null) | null = null;

  constructor(private readonly opts: SipCallOptions<M>) {
    this.clock = opts.clock ?? systemClock;
    this.target = { address: opts.trunk.address, port: opts.trunk.port, allowPrivate: opts.trunk.allowPrivate };
    this.hostPart = opts.trunk.port === 5060 ? opts.trunk.host : `${opts.trunk.host}:${opts.trunk.port}`;
    this.requestUri = opts.requestUri ?? `sip:${opts.to}@${this.hostPart}`;
    this.dialog = new Dialog(opts.callId, { uri: `sip:${opts.from}@${this.hostPart}`, params: { tag: newTag() } }, this.requestUri, 1);
  }

  get callId(): string {
    return this.opts.callId;
  }

  get isOver(): boolean {
    return this.state === 'ended';
  }

  get outcome(): SipCallOutcome | null {
    return this.finalOutcome;
  }

  start(): void {
    this.opts.endpoint.addDialog(this.opts.callId, {
      onRequest: (rq) => this.onRequest(rq),
      onStray2xx: (rs) => this.ack(rs),
      allowPrivate: this.opts.trunk.allowPrivate,
    });
    this.invite = {
      method: 'INVITE',
      uri: this.requestUri,
      version: '2.0',
      headers: {
        via: [],
        to: { uri: this.requestUri, params: {} },
        from: this.dialog.local,
        'call-id': this.opts.callId,
        cseq: { method: 'INVITE', seq: this.dialog.localSeq },
        contact: [{ uri: `sip:voicegate@${this.opts.endpoint.hostPort}`, params: {} }],
        allow: ALLOW,
        'content-type': 'application/sdp',
        'user-agent': 'voicegate',
      },
      content: buildOffer(this.opts.endpoint.publicAddress, this.opts.media.port, Date.now() % 1_000_000_000),
    };
    this.sendInvite();
    this.ringTimer = this.clock.after(this.opts.ringTimeoutMs, () => this.onRingTimeout());
  }

  /** The caller canceled (POST /v1/calls/{id}/cancel) or the call was ended elsewhere. */
  cancel(): void {
    if (this.state === 'calling' || this.state === 'ringing') this.requestCancel('caller');
    else if (this.state === 'answered') this.hangup();
  }

  /** Whether the call is answered and not ending: a request inside its dialog can be sent. */
  get isAnswered(): boolean {
    return this.state === 'answered';
  }

  /** The URI of our side of the dialog (REFER's Referred-By). */
  get localUri(): string {
    return this.dialog.local.uri;
  }

  /**
   * Sends a request inside the dialog (REFER) to the trunk, with these headers and body; its
   * responses go to `user`. Throws when the call is not answered or the request cannot be written.
   */
  sendInDialog(method: string, headers: Record<string, unknown>, content: string | undefined, user: TransactionUser): void {
    if (this.state !== 'answered') throw new Error(`the call is ${this.state}`);
    const rq = this.dialog.request(method);
    rq.headers.contact = [{ uri: `sip:voicegate@${this.opts.endpoint.hostPort}`, params: {} }];
    Object.assign(rq.headers, headers);
    if (content !== undefined) rq.content = content;
    this.opts.endpoint.request(rq, this.target, user);
  }

  /** The agent is done (or max duration): BYE, then the call is completed. */
  hangup(disposition?: Disposition): void {
    if (disposition) this.disposition = disposition;
    if (this.state !== 'answered') return;
    this.bye(this.completedOutcome());
  }

  private sendInvite(): void {
    try {
      this.inviteBranch = this.opts.endpoint.request(this.invite, this.target, {
        onResponse: (rs) => this.onInviteResponse(rs),
        onFailure: (reason) =>
          this.end(
            this.state === 'canceling' && this.pendingCancel === 'timeout'
              ? failed('no_answer', status(null, 'No answer; the CANCEL got no final response'))
              : failed('carrier_error', status(null, FAILURE_REASONS[reason])),
          ),
      });
    } catch (err) {
      this.opts.log.warn({ call_id: this.opts.callId, err: (err as Error).message }, 'the INVITE cannot be sent; the call fails');
      this.end(failed('carrier_error', status(null, 'The INVITE could not be written (a line break in a header)')));
    }
  }

  private onInviteResponse(rs: SipMessage): void {
    const code = rs.status!;
    if (this.state === 'ended') return;
    if (code < 200) return this.onProvisional(rs);
    if (code < 300) return this.onAnswer(rs);
    // 300–699: the transaction has ACKed it.
    if ((code === 401 || code === 407) && this.retryWithCredentials(rs)) return;
    if (this.isOver) return; // the credentials could not be written
    const carrierStatus = status(code, rs.reason || '');
    this.end(this.pendingCancel === 'timeout' ? failed('no_answer', carrierStatus) : { ...outcomeForFinalResponse(code), carrierStatus, durationSeconds: 0 });
  }

  private onProvisional(rs: SipMessage): void {
    const code = rs.status!;
    this.provisionalSeen = true;
    if (code > 100 && rs.content && /^v=0/m.test(rs.content)) this.earlySdp = parseAnswer(rs.content);
    if (code > 100 && this.state === 'calling') {
      this.state = 'ringing';
      this.opts.hooks.ringing(status(code, rs.reason || ''));
    }
    // A CANCEL may be sent only once a provisional response has arrived (RFC 3261 9.1).
    if (this.pendingCancel && this.state !== 'canceling') this.requestCancel(this.pendingCancel);
  }

  /** Digest authentication, once per call: the INVITE again with the next CSeq and credentials. */
  private retryWithCredentials(rs: SipMessage): boolean {
    const { username, password } = this.opts.trunk;
    if (this.authTried || !username || !password || this.state === 'canceling') return false;
    this.authTried = true;
    this.dialog.localSeq++;
    this.invite.headers.cseq = { method: 'INVITE', seq: this.dialog.localSeq };
    let signed: boolean;
    try {
      signed = signDigest(this.invite, rs, { user: username, password });
    } catch (err) {
      this.opts.log.warn({ call_id: this.opts.callId, err: (err as Error).message }, 'the credentials cannot be sent; the call fails');
      this.end(failed('carrier_error', status(rs.status!, 'The trunk credentials cannot be written into a SIP header')));
      return false;
    }
    if (signed) this.sendInvite();
    return signed;
  }

  private onAnswer(rs: SipMessage): void {
    this.dialog.establish(rs);
    this.ack(rs);
    this.ringTimer?.cancel();
    const carrierStatus = status(rs.status!, rs.reason || '');
    if (this.pendingCancel || this.state === 'canceling') {
      // The 200 crossed our CANCEL: the call exists now, so it is ended with a BYE.
      return this.bye(failed(this.pendingCancel === 'timeout' ? 'no_answer' : 'canceled', carrierStatus));
    }
    const sdp = (rs.content && parseAnswer(rs.content)) || this.earlySdp;
    if (sdp && !this.mediaAllowed(sdp.address)) {
      this.opts.log.warn({ call_id: this.opts.callId, address: sdp.address }, "the answer's media address is private or loopback; hanging up without sending media");
      return this.bye(failed('carrier_error', status(488, `Not Acceptable Here (media address ${sdp.address} is not allowed)`)));
    }
    if (!sdp) {
      this.opts.log.warn({ call_id: this.opts.callId }, 'the answer has no usable SDP (no PCMU/PCMA); hanging up');
      return this.bye(failed('carrier_error', status(488, 'Not Acceptable Here (no common codec in the answer)')));
    }
    this.state = 'answered';
    this.answeredAt = this.clock.now();
    this.answerStatus = carrierStatus;
    this.opts.media.start({ address: sdp.address, port: sdp.port }, sdp.codec, sdp.payloadType, sdp.dtmfPayloadType);
    this.maxTimer = this.clock.after(this.opts.maxDurationMs, () => this.hangup());
    this.opts.hooks.answered(this.opts.media);
  }

  private completedOutcome(): SipCallOutcome {
    return {
      status: 'completed',
      disposition: this.disposition,
      carrierStatus: this.answerStatus,
      durationSeconds: Math.max(0, Math.round((this.clock.now() - this.answeredAt) / 1000)),
    };
  }

  /** BYE; whatever the far end answers (or if it never does, Timer F), the call then ends with `outcome`. */
  private bye(outcome: SipCallOutcome): void {
    this.state = 'ending';
    this.opts.endpoint.request(this.dialog.request('BYE'), this.target, {
      onResponse: (r) => r.status! >= 200 && this.end(outcome),
      onFailure: () => this.end(outcome),
    });
  }

  /**
   * ACKs a 2xx. A retransmission of the same 2xx (the far end did not get our ACK in time) gets
   * the very same ACK again, branch included (RFC 3261 13.2.2.4): a far end that already has the
   * first one absorbs the copy as a retransmission instead of seeing a new, unexpected request.
   */
  private ack(rs: SipMessage): void {
    const seq = rs.headers.cseq.seq;
    let branch = this.ackBranches.get(seq);
    if (!branch) this.ackBranches.set(seq, (branch = newBranch()));
    this.opts.endpoint.sendStateless(this.dialog.ack(rs), this.target, branch);
  }

  private onRingTimeout(): void {
    if (this.state === 'calling' && !this.pendingCancel) {
      // Not even a provisional response: the trunk is not handling the call.
      this.end(failed('carrier_error', status(null, 'No response from the SIP trunk')));
      return;
    }
    if (this.state === 'ringing') this.requestCancel('timeout');
  }

  private requestCancel(why: CancelReason): void {
    this.pendingCancel = why;
    // Sent once the first provisional response has arrived (RFC 3261 9.1).
    if (!(this.state === 'ringing' || (this.state === 'calling' && this.provisionalSeen))) return;
    this.state = 'canceling';
    this.ringTimer?.cancel();
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
        'call-id': this.opts.callId,
        cseq: { method: 'CANCEL', seq: this.invite.headers.cseq.seq },
      },
    };
    if (this.invite.headers.route) cancel.headers.route = this.invite.headers.route;
    // The INVITE transaction then ends with 487 (handled above); the CANCEL's own answer is not needed.
    this.opts.endpoint.request(cancel, this.target, { onResponse: () => undefined, onFailure: () => undefined }, this.inviteBranch);
  }

  private onRequest(rq: SipMessage): SipMessage | null {
    if (rq.method === 'ACK') return null;
    if (!this.dialog.acceptRemote(rq)) return sip.makeResponse(rq, 500, 'Server Internal Error (CSeq out of order)');
    switch (rq.method) {
      case 'BYE':
        if (this.state === 'answered' || this.state === 'ending') this.end(this.completedOutcome());
        return sip.makeResponse(rq, 200, 'OK');
      case 'CANCEL':
        return sip.makeResponse(rq, 481, 'Call/Transaction Does Not Exist');
      default:
        return (
          answerMidDialog(rq, { media: this.opts.media, mediaAllowed: (a) => this.mediaAllowed(a), contact: [{ uri: `sip:voicegate@${this.opts.endpoint.hostPort}`, params: {} }], sdp: this.invite.content }) ??
          this.extraRequests?.(rq) ??
          sip.makeResponse(rq, 405, 'Method Not Allowed', { headers: { allow: ALLOW } })
        );
    }
  }

  /** RTP goes where the far end's SDP says: judged like the trunk's host (no private target unless allowed). */
  private mediaAllowed(address: string): boolean {
    return this.opts.trunk.allowPrivate || !isBlockedAddress(address);
  }

  private end(outcome: SipCallOutcome): void {
    if (this.state === 'ended') return;
    this.state = 'ended';
    this.ringTimer?.cancel();
    this.maxTimer?.cancel();
    this.opts.media.stop();
    // An INVITE still waiting in Proceeding (no Timer B there) has nothing left to wait for.
    this.opts.endpoint.forget(this.inviteBranch, 'INVITE');
    // Keep answering retransmissions for a while (our BYE's 200 may be lost), then forget the dialog.
    this.clock.after(DIALOG_LINGER_MS, () => this.opts.endpoint.removeDialog(this.opts.callId), { unref: true });
    this.finalOutcome = outcome;
    this.opts.hooks.ended(this.finalOutcome);
  }
}
