import parseRange from 'range-parser';
import { Transform, type Readable } from 'node:stream';

/** What to send for a `Range` request header over a body of `size` bytes. */
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * One byte range or the whole body. Browsers ask for `bytes=N-` to seek in an <audio> element
 * (the dashboard's click-a-turn-to-play); several ranges at once (multipart/byteranges) are
 * answered with the whole body, which HTTP allows. A header that is not a byte range is ignored.
 */
export function answerRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'whole' };
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) return { kind: 'unsatisfiable' };
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return { kind: 'whole' };
  return { kind: 'part', start: ranges[0]!.start, end: ranges[0]!.end };
}

/** The bytes start..end (inclusive) of a stream, ending it as soon as they have passed. */
export function sliceStream(source: Readable, start: number, end: number): Readable {
  let offset = 0;
  const slice = new Transform({
    transform(chunk: Buffer, _enc, done) {
      const from = Math.max(0, start - offset);
      const to = Math.min(chunk.length, end + 1 - offset);
      offset += chunk.length;
      if (to > from) this.push(chunk.subarray(from, to));
      if (offset > end) {
        this.push(null);
        source.unpipe(slice);
        source.destroy();
      }
      done();
    },
  });
  source.on('error', (e) => slice.destroy(e));
  return source.pipe(slice);
}
