import * as alawmulaw from 'alawmulaw';

/**
 * The RTP audio pieces the test far ends share (the callee, the caller, the transfer trunk): they
 * speak PCMU in 20 ms frames, written by hand so they stay independent of our media code.
 */
export const FRAME = 160; // 20 ms at 8 kHz

/** Root mean square of samples from..to (the whole buffer by default). */
export function rms(pcm: Int16Array, from = 0, to = pcm.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += pcm[i]! * pcm[i]!;
  return Math.sqrt(sum / Math.max(1, to - from));
}

/** One PCMU packet (payload type 0, no CSRC) of a 20 ms frame. */
export function pcmuPacket(seq: number, ts: number, ssrc: number, pcm: Int16Array): Buffer {
  const header = Buffer.alloc(12);
  header[0] = 0x80;
  header[1] = 0; // PCMU
  header.writeUInt16BE(seq & 0xffff, 2);
  header.writeUInt32BE(ts >>> 0, 4);
  header.writeUInt32BE(ssrc, 8);
  return Buffer.concat([header, Buffer.from(alawmulaw.mulaw.encode(pcm))]);
}

/** Audio cut into 20 ms frames, the last one padded with silence. */
export function frames(pcm: Int16Array): Int16Array[] {
  const out: Int16Array[] = [];
  for (let i = 0; i < pcm.length; i += FRAME) {
    const frame = new Int16Array(FRAME);
    frame.set(pcm.subarray(i, Math.min(pcm.length, i + FRAME)));
    out.push(frame);
  }
  return out;
}
