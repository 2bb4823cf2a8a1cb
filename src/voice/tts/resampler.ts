import { ConverterType, create } from '@alexanderolsen/libsamplerate-js';

/**
 * Sample-rate conversion of a stream of 16-bit mono audio, chunk by chunk, with libsamplerate's
 * band-limited sinc converter (its low-pass keeps what lies above the new Nyquist frequency from
 * folding back into the band: a 24 kHz voice going to the 8 kHz phone line has 4–12 kHz to lose).
 * The filter's state carries across chunks, so chunk boundaries leave no clicks; `end()` flushes
 * the last few milliseconds still inside the filter.
 */
export class StreamResampler {
  private inSamples = 0;
  private outSamples = 0;

  private constructor(
    private readonly src: Awaited<ReturnType<typeof create>>,
    private readonly ratio: number,
  ) {}

  static async open(fromRate: number, toRate: number): Promise<StreamResampler> {
    const src = await create(1, fromRate, toRate, { converterType: ConverterType.SRC_SINC_MEDIUM_QUALITY });
    return new StreamResampler(src, toRate / fromRate);
  }

  push(pcm: Int16Array): Int16Array {
    if (pcm.length === 0) return new Int16Array(0);
    this.inSamples += pcm.length;
    return this.emit(this.src.full(toFloat(pcm)));
  }

  /** What is left in the filter (its delay line), then the converter is freed. */
  end(): Int16Array {
    const due = Math.round(this.inSamples * this.ratio) - this.outSamples;
    const tail = due > 0 ? this.emit(this.src.full(new Float32Array(Math.ceil(due / this.ratio) + 512)).subarray(0, due)) : new Int16Array(0);
    this.close();
    return tail;
  }

  close(): void {
    if (!this.src.isDestroyed) this.src.destroy();
  }

  private emit(out: Float32Array): Int16Array {
    this.outSamples += out.length;
    return toInt16(out);
  }
}

function toFloat(pcm: Int16Array): Float32Array {
  const f = new Float32Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) f[i] = pcm[i]! / 32768;
  return f;
}

function toInt16(f: Float32Array): Int16Array {
  const out = new Int16Array(f.length);
  for (let i = 0; i < f.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(f[i]! * 32768)));
  return out;
}

/**
 * One converter per pair of rates, kept: opening one instantiates the WebAssembly module (30–70 ms
 * of CPU on a loaded machine, on the main thread), which was most of a short prompt's synthesis
 * time. `simple` converts a whole buffer with no state carried to the next call.
 */
const converters = new Map<string, ReturnType<typeof create>>();

/** A whole buffer at once (a local engine's WAV). */
export async function resample(pcm: Int16Array, fromRate: number, toRate: number): Promise<Int16Array> {
  if (fromRate === toRate) return pcm;
  const key = `${fromRate}:${toRate}`;
  let converter = converters.get(key);
  if (!converter) {
    converter = create(1, fromRate, toRate, { converterType: ConverterType.SRC_SINC_MEDIUM_QUALITY });
    converters.set(key, converter);
    converter.catch(() => converters.delete(key));
  }
  return toInt16((await converter).simple(toFloat(pcm)));
}
