/**
 * 16-bit little-endian mono audio arriving in pieces of any size: raw PCM at a known rate, or a
 * WAV whose header (RIFF, `fmt `, then `data`) comes first and gives the rate. A sample split
 * across two pieces is kept for the next one.
 */
export class WavStreamReader {
  private head: Buffer | null = Buffer.alloc(0);
  private carry: Buffer = Buffer.alloc(0);

  constructor(public sampleRate: number) {}

  /** The whole samples of this piece (null: none yet, the header still being read). */
  push(bytes: Uint8Array): Int16Array | null {
    let data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (this.head) {
      const head = Buffer.concat([this.head, data]);
      if (head.length < 4) {
        this.head = head;
        return null;
      }
      if (head.toString('latin1', 0, 4) !== 'RIFF') {
        this.head = null;
        data = head;
      } else {
        const start = this.dataStart(head);
        if (start === null) {
          if (head.length > 4096) throw new Error('speech endpoint sent a WAV without a data chunk');
          this.head = head;
          return null;
        }
        this.head = null;
        data = head.subarray(start);
      }
    }
    if (this.carry.length) data = Buffer.concat([this.carry, data]);
    const whole = data.length & ~1;
    this.carry = Buffer.from(data.subarray(whole));
    const out = new Int16Array(whole / 2);
    for (let i = 0; i < out.length; i++) out[i] = data.readInt16LE(i * 2);
    return out.length ? out : null;
  }

  /** Where the samples start, once the header up to the `data` chunk is in; reads the rate from `fmt `. */
  private dataStart(head: Buffer): number | null {
    let at = 12;
    while (at + 8 <= head.length) {
      const id = head.toString('latin1', at, at + 4);
      const size = head.readUInt32LE(at + 4);
      if (id === 'data') return at + 8;
      if (id === 'fmt ') {
        if (at + 24 > head.length) return null;
        const channels = head.readUInt16LE(at + 10);
        const bits = head.readUInt16LE(at + 22);
        if (channels !== 1 || bits !== 16) throw new Error(`speech endpoint sent ${channels}-channel ${bits}-bit WAV audio; 16-bit mono is needed`);
        this.sampleRate = head.readUInt32LE(at + 12);
      }
      at += 8 + size + (size % 2);
    }
    return null;
  }
}
