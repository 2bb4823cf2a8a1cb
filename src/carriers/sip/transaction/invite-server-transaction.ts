import * as sip from 'sip';
import type { SipMessage } from 'sip';
import type { Clock, Timer } from '../clock';
import { newTag, printMessage } from '../message';
import { T1, T2, T4 } from './timers';

/** Timer G (a final response's retransmission): T1, doubling up to T2 (RFC 3261 17.2.1). */
export const timerG = (previous?: number): number => (previous === undefined ? T1 : Math.min(previous * 2, T2));
/** Timer H: how long a final response waits for its ACK (64*T1). */
export const TIMER_H = 64 * T1;
/** Timer I: ACK retransmissions absorbed after the first ACK (T4 on UDP). */
export const TIMER_I = T4;

export type InviteServerState = 'proceeding' | 'accepted' | 'completed' | 'confirmed' | 'terminated';

/** What the transaction's user (the inbound call) hears from it. */
export interface InviteServerUser {
  /** The caller sent CANCEL while no final response had been sent (answer it with 487). */
  onCancel(): void;
  /** A final response was never acknowledged (Timer H): the caller is gone. */
  onNoAck(): void;
}

/**
 * One INVITE server transaction (RFC 3261 17.2.1, with RFC 6026's Accepted state) over UDP.
 * Provisional responses are sent once and again for each retransmitted INVITE. A final response
 * is retransmitted on Timer G (T1 doubling to T2) until its ACK arrives: a 300–699's ACK comes in
 * this transaction (same branch); a 2xx's ACK is a request of the dialog, which tells the
 * transaction with `acknowledged()`. No ACK within Timer H: the user hears onNoAck. A CANCEL
 * matching the INVITE is answered 200 here, and the user decides the 487.
 *
 * Every response carries the same To tag (ours, chosen when the transaction starts), so the
 * provisional responses, the final one and the answer to a CANCEL all name one dialog.
 */
export class InviteServerTransaction {
  state: InviteServerState = 'proceeding';
  readonly localTag = newTag();
  private last: Buffer | null = null;
  private retransmitTimer: Timer | undefined;
  private timeoutTimer: Timer | undefined;
  private lingerTimer: Timer | undefined;
  private interval: number | undefined;
  private canceled = false;

  constructor(
    readonly invite: SipMessage,
    /** Sends to where the INVITE came from (throws when the destination is refused). */
    private readonly send: (data: Buffer) => void,
    private readonly clock: Clock,
    private readonly user: InviteServerUser,
    /** Called once when the transaction is over (the endpoint forgets it). */
    private readonly onTerminated: () => void,
  ) {}

  get branch(): string {
    return String(this.invite.headers.via[0]?.params.branch ?? '');
  }

  /** Whether the caller canceled before a final response. */
  get wasCanceled(): boolean {
    return this.canceled;
  }

  get isFinal(): boolean {
    return this.state !== 'proceeding';
  }

  /** A response to the INVITE, with our To tag (not on 100 Trying); `extra` headers and body for 180/200. */
  respond(status: number, reason: string, extra: { headers?: Record<string, unknown>; content?: string } = {}): SipMessage | null {
    if (this.state !== 'proceeding') return null;
    const rs = sip.makeResponse(this.invite, status, reason, extra);
    if (status > 100) rs.headers.to = { ...rs.headers.to, params: { ...rs.headers.to.params, tag: this.localTag } };
    this.last = Buffer.from(printMessage(rs), 'binary');
    // Refused (the caller's address is not allowed): the transaction is over, nothing went out.
    if (!this.transmit(this.last)) return null;
    if (status < 200) return rs;
    this.state = status < 300 ? 'accepted' : 'completed';
    this.scheduleRetransmit();
    this.timeoutTimer = this.clock.after(TIMER_H, () => {
      if (this.state !== 'accepted' && this.state !== 'completed') return;
      this.terminate();
      this.user.onNoAck();
    });
    return rs;
  }

  /** The INVITE again (its response was lost): the last response goes out again. */
  receiveInvite(): void {
    if (this.last && (this.state === 'proceeding' || this.state === 'completed' || this.state === 'accepted')) this.transmit(this.last);
  }

  /** An ACK with this transaction's branch: a 300–699 was received. */
  receiveAck(): void {
    if (this.state !== 'completed') return;
    this.state = 'confirmed';
    this.retransmitTimer?.cancel();
    this.timeoutTimer?.cancel();
    this.lingerTimer = this.clock.after(TIMER_I, () => this.terminate(), { unref: true });
  }

  /** The dialog received the ACK of our 2xx: retransmissions stop. */
  acknowledged(): void {
    if (this.state === 'accepted') this.terminate();
  }

  /** A CANCEL with the INVITE's branch: returns the 200 for it; the user hears onCancel while no final response was sent. */
  receiveCancel(cancel: SipMessage): SipMessage {
    const ok = sip.makeResponse(cancel, 200, 'OK');
    ok.headers.to = { ...ok.headers.to, params: { ...ok.headers.to.params, tag: this.localTag } };
    if (this.state === 'proceeding' && !this.canceled) {
      this.canceled = true;
      // After the 200 to the CANCEL has gone out (the caller expects it before the 487).
      queueMicrotask(() => this.user.onCancel());
    }
    return ok;
  }

  terminate(): void {
    if (this.state === 'terminated') return;
    this.state = 'terminated';
    this.retransmitTimer?.cancel();
    this.timeoutTimer?.cancel();
    this.lingerTimer?.cancel();
    this.onTerminated();
  }

  private scheduleRetransmit(): void {
    this.interval = timerG(this.interval);
    this.retransmitTimer = this.clock.after(this.interval, () => {
      if (this.state !== 'accepted' && this.state !== 'completed') return;
      if (this.last && this.transmit(this.last)) this.scheduleRetransmit();
    });
  }

  private transmit(data: Buffer): boolean {
    try {
      this.send(data);
      return true;
    } catch {
      // The caller's address is refused: nothing more can be sent in this transaction.
      this.terminate();
      return false;
    }
  }
}
