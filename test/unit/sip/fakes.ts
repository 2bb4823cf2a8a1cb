import * as sip from 'sip';
import type { SipMessage } from 'sip';
import pino from 'pino';
import type { Clock, Timer } from '../../../src/carriers/sip/clock';
import type { Remote, SipTransport } from '../../../src/carriers/sip/transport/transport';

/** A clock that only moves when the test says so; due timers run in time order. */
export class FakeClock implements Clock {
  private time = 0;
  private seq = 0;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();

  now(): number {
    return this.time;
  }

  after(ms: number, fn: () => void): Timer {
    const id = ++this.seq;
    this.timers.set(id, { at: this.time + ms, fn });
    return { cancel: () => this.timers.delete(id) };
  }

  /** Moves time forward by `ms`, running every timer that falls due on the way. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const entry of this.timers) if (entry[1].at <= end && (!next || entry[1].at < next[1].at || (entry[1].at === next[1].at && entry[0] < next[0]))) next = entry;
      if (!next) break;
      this.timers.delete(next[0]);
      this.time = next[1].at;
      next[1].fn();
    }
    this.time = end;
  }

  get pending(): number {
    return this.timers.size;
  }
}

export interface Sent {
  at: number;
  to: Remote;
  message: SipMessage;
  /** The message as it went on the wire. */
  raw: string;
}

/** A transport that records what is sent (parsed, with the fake time) and delivers what the test injects. */
export class FakeTransport implements SipTransport {
  readonly protocol = 'UDP' as const;
  readonly port = 5070;
  readonly boundAddress = '192.0.2.10';
  readonly sent: Sent[] = [];
  private handler: ((data: Buffer, from: Remote) => void) | undefined;
  closed = false;

  constructor(private readonly clock: FakeClock) {}

  send(data: Buffer, to: Remote): void {
    this.sent.push({ at: this.clock.now(), to, message: sip.parse(data)!, raw: data.toString('binary') });
  }

  onMessage(handler: (data: Buffer, from: Remote) => void): void {
    this.handler = handler;
  }

  close(): void {
    this.closed = true;
  }

  deliver(m: SipMessage, from: Remote = TRUNK): void {
    this.handler!(Buffer.from(sip.stringify(m), 'binary'), from);
  }

  /** What was sent with this method (requests) or status (responses). */
  requests(method: string): Sent[] {
    return this.sent.filter((s) => s.message.method === method);
  }

  responses(status: number): Sent[] {
    return this.sent.filter((s) => s.message.status === status);
  }

  last(): SipMessage {
    return this.sent[this.sent.length - 1]!.message;
  }
}

export const TRUNK: Remote = { address: '198.51.100.7', port: 5060 };

export const silentLog = pino({ level: 'silent' });

/** The far end's response to one of our requests (its Via, Call-ID, CSeq, From; To with a tag). */
export function respond(rq: SipMessage, status: number, reason: string, extra: { toTag?: string; headers?: Record<string, unknown>; content?: string } = {}): SipMessage {
  const rs = sip.makeResponse(rq, status, reason, { headers: extra.headers, content: extra.content });
  if (extra.toTag !== undefined) rs.headers.to = { ...rs.headers.to, params: { ...rs.headers.to.params, tag: extra.toTag } };
  return rs;
}

export const ANSWER_SDP = ['v=0', 'o=callee 1 1 IN IP4 198.51.100.20', 's=-', 'c=IN IP4 198.51.100.20', 't=0 0', 'm=audio 40000 RTP/AVP 0 101', 'a=rtpmap:0 PCMU/8000', 'a=rtpmap:101 telephone-event/8000', ''].join('\r\n');
