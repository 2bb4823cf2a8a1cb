/**
 * PocketSphinx 5's decoder as WebAssembly (the npm `soundswallower` package: the FSG decoder of
 * PocketSphinx 5 with CMU's 8 kHz US English acoustic model inside the package), in the calling
 * thread. One decoder is loaded once (~0.3 s) and decodes utterance after utterance, fed frame by
 * frame. The service runs it in a worker thread (./sphinx-worker.ts); the bench calls it directly.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The parts of the package's API used here (its own types need `moduleResolution: node16` ESM). */
interface SsDecoder {
  /** The C decoder's address in the module's memory. */
  readonly cdecoder: number;
  initialize(): Promise<unknown>;
  reinitialize_audio(): Promise<void>;
  set_config(key: string, val: string | number): boolean;
  start(): void;
  stop(): void;
  process_audio(pcm: Float32Array, noSearch?: boolean, fullUtt?: boolean): number;
  get_text(): string;
  get_alignment(o?: { start?: number; align_level?: number }): { t: string; b: number; d: number; p: number; w?: Array<{ t: string; b: number; d: number; p: number }> };
  lookup_word(word: string): string | null;
  add_words(...words: Array<[string, string]>): void;
  set_grammar(jsgf: string): void;
  delete(): void;
}
interface SsModule {
  Decoder: new (config?: Record<string, string | number | boolean>) => SsDecoder;
  // The C functions the package's class does not wrap: the best path's score.
  _decoder_hyp(decoder: number, outScore: number): number;
  _malloc(bytes: number): number;
  _free(address: number): void;
  /** The module's memory as 32-bit integers (replaced when the memory grows: read it each time). */
  HEAP32: Int32Array;
}
type SsFactory = (o: object) => Promise<SsModule>;

// A real dynamic import whatever compiles this file (the package is ESM-only).
const importEsm = new Function('url', 'return import(url)') as (url: string) => Promise<{ default: SsFactory }>;

export interface SphinxWord {
  word: string;
  /** Start and duration in seconds. */
  start: number;
  duration: number;
  /** The decoder's posterior probability of the word, 0..1. */
  p: number;
}

export interface SphinxResult {
  text: string;
  words: SphinxWord[];
  /** Speech frames decoded (10 ms each). */
  frames: number;
  /** The best path's score (log-likelihood in the decoder's units: larger is likelier; 0 with no text). */
  score: number;
}

/** The best path of an utterance decoded again under another grammar. */
export interface SphinxRedecode {
  text: string;
  score: number;
}

/** Decoder settings (PocketSphinx option names without the dash), over the model's own. */
export type SphinxConfig = Record<string, string | number | boolean>;

/** The settings chosen with `npm run bench:asr` (docs/voice.md has the figures). */
export const DEFAULT_SPHINX_CONFIG: SphinxConfig = {
  samprate: 8000,
  // Wider beams than PocketSphinx's defaults (1e-48, 1e-48, 7e-29): short answers of short
  // words otherwise lose the right path early; an utterance still decodes in ~0.1 s.
  beam: 1e-60,
  pbeam: 1e-60,
  wbeam: 1e-40,
  // PocketSphinx's language weight (6.5) with a word insertion penalty far below its 0.65: with
  // the old lw 3 and the default penalty, short answers were padded with fillers and extra words
  // ("forty" heard as "forty eight", "nineteen" as "two please"). On the tune set (600 utterances,
  // 8 voices): lw 3 → 80.8 %, wip 0.05 → 82.6 %, wip 0.05 + lw 6.5 → 85.1 % (lw 5: 84.3 %, lw 8: 84.1 %).
  lw: 6.5,
  wip: 0.05,
  // Where the cepstral mean starts each utterance (it then adapts as the utterance goes): the
  // mean of 8 kHz G.711 speech as this model's front end sees it. The library's default
  // (40,3,-1) suits 16 kHz audio; starting there costs a third of the answers.
  cmninit: '50,-4.5,7,-7,-2,-7.5,-2.5,-2.5,-1.2,0,1,2,0',
  // Eight of each senone's Gaussians scored per frame instead of four: the acoustic scores are
  // closer to the model's, for about 20 % more decoding time (tune set 84.1 → 84.5 %, held-out
  // voices 72.9 → 79.2 % on half of each set).
  topn: 8,
  loglevel: 'FATAL',
};

/**
 * Beams for free speech searched for phrases (the greeting, src/voice/amd): its grammar is a loop
 * over a few hundred words and phrases, which the answers' wide beams decode at about real time
 * on a shared 2-core machine; these decode the greeting corpus at 0.3–0.45 of real time with the
 * same phrases found (`npm run bench:amd`).
 */
export const SPOTTING_BEAMS: SphinxConfig = { beam: 1e-36, pbeam: 1e-36, wbeam: 1e-24 };

let loaded: Promise<SsModule> | undefined;
function loadModule(): Promise<SsModule> {
  loaded ??= (async () => {
    const main = require.resolve('soundswallower');
    const { default: create } = await importEsm(pathToFileURL(main).href);
    return create({ modelBase: `${path.join(path.dirname(main), 'model')}/`, print: () => undefined, printErr: () => undefined });
  })();
  return loaded;
}

/** Whether the package is installed (it is a dependency; a trimmed install may lack it). */
export function sphinxAvailable(): boolean {
  try {
    require.resolve('soundswallower');
    return true;
  } catch {
    return false;
  }
}

export class SphinxDecoder {
  private grammar: string | null = null;
  private samples = 0;
  /** The utterance's audio as decoded, kept for decoding it again under another grammar. */
  private audio: Float32Array[] = [];
  /** Four bytes of the module's memory where the C decoder writes a score. */
  private readonly scoreCell: number;

  private constructor(
    private readonly module: SsModule,
    private readonly decoder: SsDecoder,
  ) {
    this.scoreCell = module._malloc(4);
  }

  static async create(config: SphinxConfig = DEFAULT_SPHINX_CONFIG): Promise<SphinxDecoder> {
    const m = await loadModule();
    const d = new m.Decoder({ ...config });
    await d.initialize();
    return new SphinxDecoder(m, d);
  }

  /** Whether the dictionary has the word (a grammar with an unknown word does not load). */
  knows(word: string): boolean {
    return !!this.decoder.lookup_word(word);
  }

  /**
   * Starts an utterance constrained by a JSGF grammar. The front end is reset first (its cepstral
   * mean adapts during an utterance): each utterance is decoded alike whatever came before it,
   * so a result never depends on which pooled decoder took it.
   */
  async begin(grammar: string): Promise<void> {
    await this.decoder.reinitialize_audio();
    this.useGrammar(grammar);
    this.samples = 0;
    this.audio = [];
    this.decoder.start();
  }

  /** Decodes 8 kHz 16-bit samples as they come. */
  push(pcm: Int16Array): void {
    if (!pcm.length) return;
    const f = new Float32Array(pcm.length);
    for (let i = 0; i < pcm.length; i++) f[i] = pcm[i]! / 32768;
    this.decoder.process_audio(f, false, false);
    this.audio.push(f);
    this.samples += pcm.length;
  }

  /** The best path so far ("" before any word). */
  hypothesis(): string {
    return this.decoder.get_text().trim();
  }

  end(): SphinxResult {
    this.decoder.stop();
    const text = this.decoder.get_text().trim();
    const words: SphinxWord[] = [];
    if (text) {
      for (const w of this.decoder.get_alignment().w ?? []) {
        if (w.t.startsWith('<') || w.t.startsWith('[') || w.t === '(NULL)') continue;
        words.push({ word: w.t.replace(/\(\d+\)$/, ''), start: w.b, duration: w.d, p: w.p });
      }
    }
    return { text, words, frames: Math.round(this.samples / 80), score: text ? this.bestScore() : 0 };
  }

  /**
   * The utterance just ended (by end()), decoded again whole under another grammar: its best
   * path there and that path's score, comparable with end()'s (same audio, same front end).
   */
  async decodeAgain(grammar: string): Promise<SphinxRedecode> {
    await this.decoder.reinitialize_audio();
    this.useGrammar(grammar);
    const all = new Float32Array(this.samples);
    let at = 0;
    for (const f of this.audio) {
      all.set(f, at);
      at += f.length;
    }
    this.decoder.start();
    this.decoder.process_audio(all, false, false);
    this.decoder.stop();
    const text = this.decoder.get_text().trim();
    return { text, score: text ? this.bestScore() : 0 };
  }

  /** The utterance last begun, as 16-bit samples (for a second model to hear it too). */
  samplesSoFar(): Int16Array {
    const all = new Int16Array(this.samples);
    let at = 0;
    for (const f of this.audio) {
      for (let i = 0; i < f.length; i++) all[at + i] = Math.max(-32768, Math.min(32767, Math.round(f[i]! * 32768)));
      at += f.length;
    }
    return all;
  }

  close(): void {
    this.module._free(this.scoreCell);
    this.decoder.delete();
  }

  private useGrammar(grammar: string): void {
    if (grammar === this.grammar) return;
    this.decoder.set_grammar(grammar);
    this.grammar = grammar;
  }

  /** The score of the best path of the utterance last ended. */
  private bestScore(): number {
    this.module._decoder_hyp(this.decoder.cdecoder, this.scoreCell);
    return this.module.HEAP32[this.scoreCell >> 2]!;
  }
}
