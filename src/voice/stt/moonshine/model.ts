import { existsSync } from 'node:fs';
import path from 'node:path';
import type { InferenceSession, Tensor } from 'onnxruntime-node';
import { resample } from '../../tts/resampler';

/**
 * Moonshine (Useful Sensors, MIT): encoder–decoder speech models quantized to 8 bits, as ONNX
 * files inside the npm package `@usefulsensors/moonshine-js` (no download), run by
 * onnxruntime-node on the CPU. Tiny has 27 million parameters, Base 61 million (the package's
 * versions 0.1.10–0.1.17 ship both English models; later ones dropped Base). They hear 16 kHz
 * audio: the call's 8 kHz audio is upsampled first (the band above 4 kHz stays empty, as on any
 * phone call the models were not trained on; measured on the corpus all the same, docs/voice.md
 * "A neural second opinion").
 */
export const MOONSHINE_MODELS = {
  tiny: { numLayers: 6, numKVHeads: 8, headDim: 36 },
  base: { numLayers: 8, numKVHeads: 8, headDim: 52 },
} as const;
export type MoonshineVariant = keyof typeof MOONSHINE_MODELS;
export const BOS = 1;
export const EOS = 2;

/** Where a variant's files are; the variant names its decoder's cache shape (MOONSHINE_MODELS). */
export interface MoonshineFiles {
  dir: string;
  variant: MoonshineVariant;
}

/** The package's quantized model of that variant, or null when the package (or that model) is not installed. */
export function moonshineModelFiles(variant: MoonshineVariant): MoonshineFiles | null {
  // The package's `exports` name only its browser bundle (for `import`): its folder is looked up
  // where Node would look for it.
  for (const modules of require.resolve.paths('@usefulsensors/moonshine-js') ?? []) {
    const dir = path.join(modules, '@usefulsensors', 'moonshine-js', 'dist', 'model', variant, 'quantized');
    if (existsSync(path.join(dir, 'encoder_model.onnx')) && existsSync(path.join(dir, 'decoder_model_merged.onnx'))) return { dir, variant };
  }
  return null;
}

/** The decoder's cache of one hypothesis: keys and values of its own tokens and of the audio. */
export type PastKeyValues = Record<string, Tensor>;

/** One decoder step's outcome: log-probabilities of every next token, and the cache to go on from. */
export interface DecoderStep {
  logp: Float32Array;
  past: PastKeyValues;
}

/**
 * The two ONNX sessions, loaded once per process (about 30 MB; 0.3–0.5 s on our machines). Runs
 * are asynchronous: onnxruntime computes on its own threads, not the event loop's.
 */
export class MoonshineModel {
  /** repeat()'s tensors, by the tensor repeated and the batch size (forgotten with the tensor). */
  private readonly repeated = new WeakMap<Tensor, Map<number, Tensor>>();

  private constructor(
    private readonly ort: typeof import('onnxruntime-node'),
    private readonly encoder: InferenceSession,
    private readonly decoder: InferenceSession,
    private readonly variant: MoonshineVariant,
  ) {}

  static async load({ dir, variant }: MoonshineFiles): Promise<MoonshineModel> {
    const ort = await import('onnxruntime-node');
    // One thread per run: a worker hears several calls at once, and the SIP media thread and
    // PostgreSQL share the cores; one utterance's decoding is small steps that threads barely help.
    const options: InferenceSession.SessionOptions = { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all' };
    const [encoder, decoder] = await Promise.all([
      ort.InferenceSession.create(path.join(dir, 'encoder_model.onnx'), options),
      ort.InferenceSession.create(path.join(dir, 'decoder_model_merged.onnx'), options),
    ]);
    return new MoonshineModel(ort, encoder, decoder, variant);
  }

  /** The audio's encoding (8 kHz 16-bit PCM in), which every decoder step attends to. */
  async encode(pcm8k: Int16Array): Promise<Tensor> {
    const pcm = await resample(pcm8k, 8000, 16000);
    const audio = new Float32Array(pcm.length);
    for (let i = 0; i < pcm.length; i++) audio[i] = pcm[i]! / 32768;
    const out = await this.encoder.run({ input_values: new this.ort.Tensor('float32', audio, [1, audio.length]) });
    return out.last_hidden_state!;
  }

  /** The cache before the first token: empty, which makes the first step compute the audio's keys and values. */
  emptyPast(): PastKeyValues {
    const past: PastKeyValues = {};
    const { numLayers, numKVHeads, headDim } = MOONSHINE_MODELS[this.variant];
    for (let i = 0; i < numLayers; i++) {
      for (const part of ['decoder', 'encoder']) {
        for (const kv of ['key', 'value']) past[`past_key_values.${i}.${part}.${kv}`] = new this.ort.Tensor('float32', new Float32Array(0), [0, numKVHeads, 1, headDim]);
      }
    }
    return past;
  }

  /**
   * One step of several hypotheses at once: each `token` follows the hypothesis whose cache is
   * `past` (BOS with an empty cache, alone, for the first step, which computes the audio's keys
   * and values, kept from then on). Hypotheses of a beam search advance in step, so their caches
   * are the same length and run as one batch: the decoder's weights are read once per step
   * instead of once per hypothesis (measured: most of a step's time).
   */
  async steps(hidden: Tensor, items: ReadonlyArray<{ past: PastKeyValues; token: number }>, first: boolean): Promise<DecoderStep[]> {
    const n = items.length;
    const inputs: Record<string, Tensor> = {
      input_ids: new this.ort.Tensor('int64', BigInt64Array.from(items, (i) => BigInt(i.token)), [n, 1]),
      encoder_hidden_states: n === 1 ? hidden : this.repeat(hidden, n),
      use_cache_branch: new this.ort.Tensor('bool', [!first]),
    };
    for (const name of Object.keys(items[0]!.past)) {
      const parts = items.map((i) => i.past[name]!);
      inputs[name] = n === 1 ? parts[0]! : parts.every((p) => p === parts[0]) ? this.repeat(parts[0]!, n) : this.stack(parts);
    }
    const out = await this.decoder.run(inputs);
    const logits = out.logits!.data as Float32Array;
    const vocab = logits.length / n;
    return items.map((item, row) => {
      const next: PastKeyValues = { ...item.past };
      for (const [name, value] of Object.entries(out)) {
        if (!name.startsWith('present')) continue;
        const key = name.replace('present', 'past_key_values');
        if (first || key.includes('.decoder.')) next[key] = n === 1 ? value : this.row(value, row, n);
      }
      return { logp: logSoftmax(logits.subarray(row * vocab, (row + 1) * vocab)), past: next };
    });
  }

  /**
   * One batch-1 tensor `n` times along the batch dimension, made once per tensor and size: the
   * audio's encoding and its keys and values are the same for every hypothesis of a search, and
   * copying them for each at every step was most of a step's time in JavaScript.
   */
  private repeat(t: Tensor, n: number): Tensor {
    let bySize = this.repeated.get(t);
    if (!bySize) this.repeated.set(t, (bySize = new Map()));
    let out = bySize.get(n);
    if (!out) bySize.set(n, (out = this.stack(Array.from({ length: n }, () => t))));
    return out;
  }

  /** Batch-1 tensors of the same shape, one after the other along the batch dimension. */
  private stack(ts: readonly Tensor[]): Tensor {
    const size = (ts[0]!.data as Float32Array).length;
    const data = new Float32Array(size * ts.length);
    ts.forEach((t, i) => data.set(t.data as Float32Array, i * size));
    return new this.ort.Tensor('float32', data, [ts.length, ...ts[0]!.dims.slice(1)]);
  }

  /** Row `row` of an `n`-row batch, as a batch-1 tensor (its own copy). */
  private row(t: Tensor, row: number, n: number): Tensor {
    const data = t.data as Float32Array;
    const size = data.length / n;
    return new this.ort.Tensor('float32', data.slice(row * size, (row + 1) * size), [1, ...t.dims.slice(1)]);
  }
}

function logSoftmax(logits: Float32Array): Float32Array {
  let max = -Infinity;
  for (let i = 0; i < logits.length; i++) if (logits[i]! > max) max = logits[i]!;
  let sum = 0;
  for (let i = 0; i < logits.length; i++) sum += Math.exp(logits[i]! - max);
  const norm = max + Math.log(sum);
  const out = new Float32Array(logits.length);
  for (let i = 0; i < logits.length; i++) out[i] = logits[i]! - norm;
  return out;
}
