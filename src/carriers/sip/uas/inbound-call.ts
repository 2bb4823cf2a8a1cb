import * as sip from 'sip';
import type { SipMessage } from 'sip';
import type { Logger } from 'pino';
import type { CarrierStatus, Disposition } from '../../../features/calls/ports';
import { isBlockedAddress } from '../../../common/net-guard';
import { systemClock, type Clock, type Timer } from '../clock';
import { Dialog } from '../dialog/dialog';
import { answerMidDialog } from '../dialog/mid-dialog-requests';
import { ALLOW } from '../message';
import { parseAnswer, type SdpAnswer } from '../sdp';
import type { SipEndpoint } from '../sip-endpoint';
import type { TransactionUser } from '../transaction/client-transaction';
import type { InviteServerTransaction } from '../transaction/invite-server-transaction';
import type { Remote } from '../transport/transport';
import type { CallMedia, SipCallOutcome } from '../uac/outbound-call';
import { buildAnswer } from './sdp-answer';

export interface InboundCallHooks<M extends CallMedia> {
  /** The caller's ACK arrived: media flows both ways, the agent may speak. */
  answered(media: M): void;
  /** Exactly once, when the call is over (media stopped). */
  ended(outcome: SipCallOutcome): void;
}

export interface InboundCallOptions<M extends CallMedia> {
  invite: SipMessage;
  /** Where the INVITE came from: every request and response of the call goes there. */
  remote: Remote;
  tx: InviteServerTransaction;
  endpoint: SipEndpoint;
  media: M;
  /** The trunk's address policy: the caller's SDP media address is judged by it. */
  allowPrivate: boolean;
  maxDurationMs: number;
  hooks: InboundCallHooks<M>;
  log: Logger;
  clock?: Clock;
}

type State = 'ringing' | 'answering' | 'answered' | 'ending' | 'ended';
const status = (code: number | null, reason: string): CarrierStatus => ({ code, reason });
/** How long an ended call keeps answering retransmissions (our BYE's 200 may be lost) before its dialog is forgotten. */
const DIALOG_LINGER_MS = 32_000;

/**
 * One inbound call as a SIP user agent server (RFC 3261 13.3, 12.1.1): 180 Ringing while the
 * agent gets ready, then 200 OK with our SDP answer (the first of the caller's PCMU/PCMA formats,
 * telephone-event when offered), retransmitted by the transaction until the caller's ACK, which
 * starts the conversation. A CANCEL before the answer ends it 487 (canceled); no ACK within Timer
 * H ends it as a carrier error with a BYE; the caller's BYE, or ours when the agent is done or at
 * max duration, completes it. Re-INVITE, OPTIONS, INFO (DTMF), UPDATE: answered like on an
 * outbound call. Every request we send goes to where the INVITE came from (the organization's
 * trunk, checked before the call was accepted); Contact and Record-Route only shape headers.
 */
export class InboundCall<M extends CallMedia = CallMedia> {
  private state: State = 'ringing';
  private readonly clock: Clock;
  private dialog: Dialog | null = null;
  private offer: SdpAnswer | null = null;
  private answeredAt = 0;
  private disposition: Disposition = 'human';
  private maxTimer: Timer | undefined;
  private finalOutcome: SipCallOutcome | null = null;
  private answerSdp = '';
  /**
   * Requests inside the dialog that the call itself does not handle (a transfer's NOTIFY): the
   * response to send, or null to answer as before (405).
   */
  extraRequests: ((rq: SipMessage) => SipMessage | null) | null = null;

  constructor(private readonly opts: InboundCallOptions<M>) {
    this.clock = opts.clock ?? systemClock;
  }

  get callId(): string {
    return this.opts.invite.headers['call-id'];
  }

  get isOver(): boolean {
    return this.state === 'ended';
  }

  get outcome(): SipCallOutcome | null {
    return this.finalOutcome;
  }

  /** What the transaction tells the call: wire these to OfferedInvite.listen. */
  readonly transactionUser = {
    onCancel: (): void => {
      if (this.state !== 'ringing') return;
      this.opts.tx.respond(487, 'Request Terminated', this.routeHeaders());
      this.end({ status: 'canceled', disposition: 'canceled', carrierStatus: status(487, 'Request Terminated (the caller hung up before the answer)'), durationSeconds: 0 });
    },
    onNoAck: (): void => {
      if (this.state !== 'answering') return;
      this.opts.log.warn({ call_id: this.callId }, 'the caller never acknowledged our answer (timer H); hanging up');
      this.bye({ status: 'failed', disposition: 'carrier_error', carrierStatus: status(null, 'The caller never acknowledged the answer (no ACK)'), durationSeconds: 0 });
    },
  };

  /** Whether the caller's ACK came and the call is not ending: a request inside its dialog can be sent. */
  get isAnswered(): boolean {
    return this.state === 'answered';
  }

  /** The URI of our side of the dialog (REFER's Referred-By): the number called. */
  get localUri(): string {
    return this.opts.invite.headers.to.uri;
  }

  /**
   * Sends a request inside the dialog (REFER, for a transfer) to where the INVITE came from; its
   * responses go to `user`. Throws when the call is not answered or the request cannot be written.
   */
  sendInDialog(method: string, headers: Record<string, unknown>, content: string | undefined, user: TransactionUser): void {
    if (this.state !== 'answered') throw new Error(`the call is ${this.state}`);
    const rq = this.dialog!.request(method);
    rq.headers.contact = this.contact();
    Object.assign(rq.headers, headers);
    if (content !== undefined) rq.content = content;
    this.opts.endpoint.request(rq, this.opts.remote, user);
  }

  /** 180 Ringing (the call was accepted; the agent is getting ready). */
  ring(): void {
    if (this.state === 'ringing') this.opts.tx.respond(180, 'Ringing', { headers: { contact: this.contact(), ...this.routeHeaders().headers } });
  }

  /**
   * 200 OK with our answer. A caller whose offer has no PCMU/PCMA, or whose media address the
   * trunk's policy refuses, gets 488 and the call fails. Returns whether the answer went out.
   */
  answer(): boolean {
    if (this.state !== 'ringing') return false;
    const offer = this.opts.invite.content ? parseAnswer(this.opts.invite.content) : null;
    if (!offer) return this.refuse(488, 'Not Acceptable Here', 'no PCMU or PCMA in the offer');
    if (!this.opts.allowPrivate && isBlockedAddress(offer.address)) return this.refuse(488, 'Not Acceptable Here', `media address ${offer.address} is not allowed`);
    this.offer = offer;
    this.answerSdp = buildAnswer(this.opts.endpoint.publicAddress, this.opts.media.port, Date.now() % 1_000_000_000, offer);
    const rs = this.opts.tx.respond(200, 'OK', {
      headers: { contact: this.contact(), allow: ALLOW, 'content-type': 'application/sdp', 'user-agent': 'voicegate', ...this.routeHeaders().headers },
      content: this.answerSdp,
    });
    if (!rs) {
      // The caller's address was refused on the way out: nobody can hear this call.
      this.end({ status: 'failed', disposition: 'carrier_error', carrierStatus: status(null, "The answer could not be sent to the caller's address"), durationSeconds: 0 });
      return false;
    }
    this.state = 'answering';
    this.dialog = this.uasDialog(this.opts.tx.localTag);
    this.opts.endpoint.addDialog(this.callId, { onRequest: (rq) => this.onRequest(rq), allowPrivate: this.opts.allowPrivate });
    return true;
  }

  /** Refuses before the answer (the call was canceled, or the organization hung it up): 480, ended canceled. */
  cancel(): void {
    if (this.state === 'ringing') {
      this.opts.tx.respond(480, 'Temporarily Unavailable', this.routeHeaders());
      this.end({ status: 'canceled', disposition: 'canceled', carrierStatus: status(480, 'Temporarily Unavailable'), durationSeconds: 0 });
    } else if (this.state === 'answering' || this.state === 'answered') {
      this.hangup();
    }
  }

  /** The agent is done (or max duration): BYE, then the call is completed. */
  hangup(disposition?: Disposition): void {
    if (disposition) this.disposition = disposition;
    if (this.state !== 'answered' && this.state !== 'answering') return;
    this.bye(this.completedOutcome());
  }

  private refuse(code: number, reason: string, why: string): boolean {
    this.opts.log.warn({ call_id: this.callId, why }, 'refusing an inbound call');
    this.opts.tx.respond(code, reason);
    this.end({ status: 'failed', disposition: 'carrier_error', carrierStatus: status(code, `${reason} (${why})`), durationSeconds: 0 });
    return false;
  }

  /** The dialog as the UAS sees it (12.1.1): our To with our tag, the caller's From, its Contact as remote target, Record-Route as is. */
  private uasDialog(localTag: string): Dialog {
    const invite = this.opts.invite;
    const toUri = invite.headers.to.uri;
    const dialog = new Dialog(this.callId, { uri: toUri, params: { tag: localTag } }, invite.headers.from.uri, Math.floor(Math.random() * 10_000) + 1);
    dialog.remoteTag = String(invite.headers.from.params.tag ?? '');
    const contact = invite.headers.contact?.[0]?.uri;
    dialog.remoteTarget = typeof contact === 'string' ? contact : contact ? sip.stringifyUri(contact) : invite.headers.from.uri;
    dialog.routeSet = (invite.headers['record-route'] ?? []).map((r) => (typeof r.uri === 'string' ? r.uri : sip.stringifyUri(r.uri)));
    dialog.acceptRemote(invite);
    return dialog;
  }

  private onRequest(rq: SipMessage): SipMessage | null {
    if (rq.method === 'ACK') {
      if (this.state === 'answering' && rq.headers.cseq.seq === this.opts.invite.headers.cseq.seq) this.onAck();
      return null;
    }
    if (!this.dialog!.acceptRemote(rq)) return sip.makeResponse(rq, 500, 'Server Internal Error (CSeq out of order)');
    switch (rq.method) {
      case 'BYE':
        if (this.state === 'answering' || this.state === 'answered' || this.state === 'ending') {
          this.opts.tx.acknowledged();
          this.end(this.completedOutcome());
        }
        return sip.makeResponse(rq, 200, 'OK');
      default:
        return (
          answerMidDialog(rq, { media: this.opts.media, mediaAllowed: (a) => this.opts.allowPrivate || !isBlockedAddress(a), contact: this.contact(), sdp: this.answerSdp }) ??
          this.extraRequests?.(rq) ??
          sip.makeResponse(rq, 405, 'Method Not Allowed', { headers: { allow: ALLOW } })
        );
    }
  }

  private onAck(): void {
    this.opts.tx.acknowledged();
    this.state = 'answered';
    this.answeredAt = this.clock.now();
    const offer = this.offer!;
    this.opts.media.start({ address: offer.address, port: offer.port }, offer.codec, offer.payloadType, offer.dtmfPayloadType);
    this.maxTimer = this.clock.after(this.opts.maxDurationMs, () => this.hangup());
    this.opts.hooks.answered(this.opts.media);
  }

  private completedOutcome(): SipCallOutcome {
    const durationSeconds = this.answeredAt ? Math.max(0, Math.round((this.clock.now() - this.answeredAt) / 1000)) : 0;
    return { status: 'completed', disposition: this.disposition, carrierStatus: status(200, 'OK'), durationSeconds };
  }

  /** BYE; whatever the caller answers (or if it never does, Timer F), the call then ends with `outcome`. */
  private bye(outcome: SipCallOutcome): void {
    this.state = 'ending';
    this.opts.tx.acknowledged();
    try {
      this.opts.endpoint.request(this.dialog!.request('BYE'), this.opts.remote, {
        onResponse: (r) => r.status! >= 200 && this.end(outcome),
        onFailure: () => this.end(outcome),
      });
    } catch (err) {
      this.opts.log.warn({ call_id: this.callId, err: (err as Error).message }, 'the BYE could not be written');
      this.end(outcome);
    }
  }

  private contact(): Array<{ uri: string; params: Record<string, never> }> {
    return [{ uri: `sip:voicegate@${this.opts.endpoint.hostPort}`, params: {} }];
  }

  /** Record-Route is copied into our responses (12.1.1), so proxies stay in the path. */
  private routeHeaders(): { headers: Record<string, unknown> } {
    const rr = this.opts.invite.headers['record-route'];
    return { headers: rr?.length ? { 'record-route': rr } : {} };
  }

  private end(outcome: SipCallOutcome): void {
    if (this.state === 'ended') return;
    this.state = 'ended';
    this.maxTimer?.cancel();
    this.opts.media.stop();
    if (this.dialog) this.clock.after(DIALOG_LINGER_MS, () => this.opts.endpoint.removeDialog(this.callId), { unref: true });
    this.finalOutcome = outcome;
    this.opts.hooks.ended(this.finalOutcome);
  }
}
