/** One RTP packet (RFC 3550 5.1), as much of it as a voice call needs. */
export interface RtpPacket {
  payloadType: number;
  marker: boolean;
  sequence: number;
  timestamp: number;
  ssrc: number;
  payload: Buffer;
}

/** Parses a datagram; null when it is not RTP version 2 or is truncated. CSRCs, extension and padding are skipped. */
export function parseRtp(msg: Buffer): RtpPacket | null {
  if (msg.length < 12 || msg[0]! >> 6 !== 2) return null;
  const csrc = msg[0]! & 0x0f;
  let offset = 12 + 4 * csrc;
  if (msg[0]! & 0x10) {
    if (msg.length < offset + 4) return null;
    offset += 4 + 4 * msg.readUInt16BE(offset + 2);
  }
  let end = msg.length;
  if (msg[0]! & 0x20) end -= msg[msg.length - 1]!;
  if (end <= offset) return null;
  return {
    payloadType: msg[1]! & 0x7f,
    marker: (msg[1]! & 0x80) !== 0,
    sequence: msg.readUInt16BE(2),
    timestamp: msg.readUInt32BE(4),
    ssrc: msg.readUInt32BE(8),
    payload: msg.subarray(offset, end),
  };
}

/** A packet with a 12-byte header (no CSRC, no extension, no padding) followed by the payload. */
export function encodeRtp(h: Omit<RtpPacket, 'payload'>, payload: Uint8Array): Buffer {
  const packet = rtpWithHeader(h, payload.length);
  packet.set(payload, 12);
  return packet;
}

/** A packet with its header written and `payloadLength` bytes after it for the caller to fill. */
function rtpWithHeader(h: Omit<RtpPacket, 'payload'>, payloadLength: number): Buffer {
  const packet = Buffer.allocUnsafe(12 + payloadLength);
  packet[0] = 0x80; // version 2
  packet[1] = (h.marker ? 0x80 : 0) | (h.payloadType & 0x7f);
  packet.writeUInt16BE(h.sequence & 0xffff, 2);
  packet.writeUInt32BE(h.timestamp >>> 0, 4);
  packet.writeUInt32BE(h.ssrc >>> 0, 8);
  return packet;
}

/**
 * Our outgoing stream's numbering: random initial sequence number and timestamp (RFC 3550 5.1),
 * one sequence number per packet, the timestamp advancing by the samples each packet carries.
 */
export class RtpPacketizer {
  private sequence: number;
  private timestamp: number;
  packets = 0;
  octets = 0;

  constructor(
    readonly ssrc: number,
    initialSequence: number,
    initialTimestamp: number,
  ) {
    this.sequence = initialSequence & 0xffff;
    this.timestamp = initialTimestamp >>> 0;
  }

  /** The RTP timestamp the next packet will carry. */
  get nextTimestamp(): number {
    return this.timestamp;
  }

  packet(payloadType: number, payload: Uint8Array, samples: number, marker: boolean): Buffer {
    const packet = this.next(payloadType, payload.length, samples, marker);
    packet.set(payload, 12);
    return packet;
  }

  /** The next packet with its payload left to fill (bytes 12 on): the payload is coded straight into it. */
  next(payloadType: number, payloadLength: number, samples: number, marker: boolean): Buffer {
    const packet = rtpWithHeader({ payloadType, marker, sequence: this.sequence, timestamp: this.timestamp, ssrc: this.ssrc }, payloadLength);
    this.sequence = (this.sequence + 1) & 0xffff;
    this.timestamp = (this.timestamp + samples) >>> 0;
    this.packets++;
    this.octets += payloadLength;
    return packet;
  }
}
