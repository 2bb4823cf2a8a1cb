/** RFC 4733 telephone-event codes 0–15 as keypad characters. */
const DTMF_EVENTS = '0123456789*#ABCD';

export interface DtmfEvent {
  type: 'start' | 'end';
  digit: string;
  /** RTP timestamp of the event (its start). */
  timestamp: number;
  /** Samples since the start (the end packet's duration field; 0 for start). */
  duration: number;
}

/**
 * Received RFC 4733 telephone-events. One key press is one event: every packet of it carries the
 * same RTP timestamp; it repeats with a growing duration and ends with the E bit, whose packet is
 * usually sent three times. A start is reported on the first packet seen of a new event (even if
 * its first packets were lost), an end once, on the first E packet.
 */
export class DtmfReceiver {
  private current: { timestamp: number; ended: boolean } | null = null;

  /** The events one packet's payload means (none for a continuation or a repeated end). */
  receive(payload: Buffer, timestamp: number): DtmfEvent[] {
    if (payload.length < 4) return [];
    const code = payload[0]!;
    if (code >= DTMF_EVENTS.length) return [];
    const digit = DTMF_EVENTS[code]!;
    const end = (payload[1]! & 0x80) !== 0;
    const duration = payload.readUInt16BE(2);
    const events: DtmfEvent[] = [];
    if (!this.current || this.current.timestamp !== timestamp) {
      this.current = { timestamp, ended: false };
      events.push({ type: 'start', digit, timestamp, duration: 0 });
    }
    if (end && !this.current.ended) {
      this.current.ended = true;
      events.push({ type: 'end', digit, timestamp, duration });
    }
    return events;
  }
}
