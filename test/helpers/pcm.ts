import { joinPcm } from '../../src/voice/pcm';

/** Pieces of 16-bit PCM (a stream's parts, in order) as one signal, for the tests to measure whole. */
export const concatPcm = joinPcm;

/**
 * The 44-byte header of a mono 16-bit PCM WAV at `rate` with `dataBytes` of samples after it;
 * null: a streamed WAV, which does not know its length (0xFFFFFFFF in both size fields).
 */
export function wavHeader(rate: number, dataBytes: number | null): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(dataBytes === null ? 0xffffffff : 36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes ?? 0xffffffff, 40);
  return header;
}
