import type { SipMessage } from 'sip';
import { BlockedDestinationError } from '../../../common/net-guard';
import type { Clock, Timer } from '../clock';
import { printMessage } from '../message';
import { timerA, timerE, TIMER_B, TIMER_D, TIMER_F, TIMER_K } from './timers';

/** What the transaction's user (a call, a ping) hears from it. */
export interface TransactionUser {
  /** Every response: provisional ones, the final one; a 2xx to INVITE also ends the transaction. */
  onResponse(rs: SipMessage): void;
  /**
   * No final response (Timer B / F), or the request could not be sent: 'refused' (the destination
   * check refused the address), 'transport' (the socket failed). Called at most once, never after a
   * final response.
   */
  onFailure(reason: 'timeout' | 'refused' | 'transport'): void;
}

export type ClientTransactionState = 'calling' | 'trying' | 'proceeding' | 'completed' | 'terminated';

/**
 * One client transaction (RFC 3261 17.1) over an unreliable transport. INVITE: retransmitted on
 * Timer A until any response, given up on Timer B; a 300–699 is ACKed here (same branch) and its
 * retransmissions absorbed (and ACKed again) until Timer D; a 2xx ends the transaction (the dialog
 * ACKs it). Other methods: retransmitted on Timer E until a final response, given up on Timer F,
 * retransmitted finals absorbed until Timer K.
 */
export class ClientTransaction {
  state: ClientTransactionState;
  private readonly text: Buffer;
  private retransmitTimer: Timer | undefined;
  private timeoutTimer: Timer | undefined;
  private lingerTimer: Timer | undefined;
  private interval: number | undefined;
  private ack: Buffer | null = null;

  constructor(
    readonly request: SipMessage,
    private readonly send: (data: Buffer) => void,
    private readonly clock: Clock,
    private readonly user: TransactionUser,
    /** Called once when the transaction is over (the endpoint forgets it). */
    private readonly onTerminated: () => void,
  ) {
    this.state = this.isInvite ? 'calling' : 'trying';
    this.text = Buffer.from(printMessage(request), 'binary');
  }

  get isInvite(): boolean {
    return this.request.method === 'INVITE';
  }

  start(): void {
    if (!this.transmit()) return;
    this.scheduleRetransmit();
    this.timeoutTimer = this.clock.after(this.isInvite ? TIMER_B : TIMER_F, () => {
      if (this.state === 'calling' || this.state === 'trying' || (!this.isInvite && this.state === 'proceeding')) {
        this.terminate();
        this.user.onFailure('timeout');
      }
    });
  }

  receive(rs: SipMessage): void {
    const status = rs.status!;
    if (this.state === 'terminated') return;
    if (status < 200) {
      if (this.state === 'completed') return;
      if (this.state === 'calling' || this.state === 'trying') this.state = 'proceeding';
      // INVITE: a provisional response stops retransmissions (Timer A); non-INVITE keeps going at T2.
      if (this.isInvite) this.retransmitTimer?.cancel();
      this.user.onResponse(rs);
      return;
    }
    if (this.state === 'completed') {
      // A retransmitted final response: the far end did not get our ACK.
      if (this.ack) this.transmit(this.ack);
      return;
    }
    this.retransmitTimer?.cancel();
    this.timeoutTimer?.cancel();
    if (this.isInvite && status < 300) {
      this.terminate();
      this.user.onResponse(rs);
      return;
    }
    this.state = 'completed';
    if (this.isInvite) {
      this.ack = Buffer.from(printMessage(this.ackFor(rs)), 'binary');
      this.transmit(this.ack);
    }
    this.lingerTimer = this.clock.after(this.isInvite ? TIMER_D : TIMER_K, () => this.terminate(), { unref: true });
    this.user.onResponse(rs);
  }

  /** Stops every timer and forgets the transaction (the endpoint is closing, or its work is done). */
  terminate(): void {
    if (this.state === 'terminated') return;
    this.state = 'terminated';
    this.retransmitTimer?.cancel();
    this.timeoutTimer?.cancel();
    this.lingerTimer?.cancel();
    this.onTerminated();
  }

  private scheduleRetransmit(): void {
    this.interval = this.isInvite ? timerA(this.interval) : timerE(this.interval, this.state === 'proceeding');
    this.retransmitTimer = this.clock.after(this.interval, () => {
      const waiting = this.state === 'calling' || this.state === 'trying' || (!this.isInvite && this.state === 'proceeding');
      if (!waiting) return;
      if (this.transmit()) this.scheduleRetransmit();
    });
  }

  /** Sends (the request, or an ACK); a refused or failed send ends the transaction. */
  private transmit(data: Buffer = this.text): boolean {
    try {
      this.send(data);
      return true;
    } catch (err) {
      const hadFinal = this.state === 'completed';
      this.terminate();
      if (!hadFinal) this.user.onFailure(err instanceof BlockedDestinationError ? 'refused' : 'transport');
      return false;
    }
  }

  /** ACK for a non-2xx final response (17.1.1.3): the INVITE's Request-URI, Via and From; the response's To. */
  private ackFor(rs: SipMessage): SipMessage {
    const invite = this.request;
    const ack: SipMessage = {
      method: 'ACK',
      uri: invite.uri,
      version: '2.0',
      headers: {
        via: invite.headers.via,
        to: rs.headers.to,
        from: invite.headers.from,
        'call-id': invite.headers['call-id'],
        cseq: { method: 'ACK', seq: invite.headers.cseq.seq },
        'max-forwards': 70,
      },
    };
    if (invite.headers.route) ack.headers.route = invite.headers.route;
    return ack;
  }
}
