import type { SipMessage } from 'sip';
import type { Clock, Timer } from '../clock';
import { TIMER_J } from './timers';

/**
 * The server side of transactions, as far as a UAC needs it (and what inbound calls will build
 * on): a request is answered once, and a retransmission of it (same Call-ID, branch and method)
 * gets the very same response again for 64*T1, without the dialog seeing it twice.
 */
export class ServerTransactions {
  private readonly responses = new Map<string, { data: Buffer; timer: Timer }>();

  constructor(private readonly clock: Clock) {}

  static key(rq: SipMessage): string {
    return `${rq.headers['call-id']}|${String(rq.headers.via[0]?.params.branch ?? '')}|${rq.method}`;
  }

  /** The response already sent for this request, if it is a retransmission. */
  earlierResponse(rq: SipMessage): Buffer | undefined {
    return this.responses.get(ServerTransactions.key(rq))?.data;
  }

  remember(rq: SipMessage, data: Buffer): void {
    const key = ServerTransactions.key(rq);
    this.responses.get(key)?.timer.cancel();
    this.responses.set(key, { data, timer: this.clock.after(TIMER_J, () => this.responses.delete(key), { unref: true }) });
  }

  get size(): number {
    return this.responses.size;
  }

  clear(): void {
    for (const { timer } of this.responses.values()) timer.cancel();
    this.responses.clear();
  }
}
