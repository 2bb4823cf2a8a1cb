/**
 * The recognizer's worker thread (started by PocketsphinxRecognizer): PocketSphinx 5 as
 * WebAssembly decoding utterances frame by frame as they arrive, off the main thread whose 20 ms
 * RTP clocks must not stall. One decoder per utterance in flight, kept for the next one (the
 * model is loaded once per decoder, not per utterance).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Expectation } from './recognizer';
import { grammarFor, spottingGrammar, withIntents } from './grammar';
import { SPOTTING_BEAMS, SphinxDecoder, type SphinxConfig, type SphinxResult } from './sphinx-decoder';
import { marginType, meaningOf } from './second-opinion';
import { verify } from './verification';
import { resample } from '../tts/resampler';

export interface SphinxWorkerData {
  config: SphinxConfig;
  /** The second model's decoder settings (./second-opinion.ts), when it is used, and the answer types it is asked about. */
  second?: SphinxConfig;
  secondTypes?: readonly string[];
}
export type SphinxRequest =
  | ({ op: 'start'; id: number } & Expectation)
  | { op: 'push'; id: number; pcm: Int16Array }
  | { op: 'partial'; id: number; seq: number }
  | { op: 'finish'; id: number; seq: number }
  | { op: 'cancel'; id: number }
  /** Answered once the decoders made at start are loaded and warm (the service's warm-up waits for it). */
  | { op: 'ready'; seq: number };
/**
 * An utterance's result: what was heard and the margin of its verification (./verification.ts);
 * with a second model, what it heard under the same grammar and whether that means the same.
 */
export type SphinxOutcome = SphinxResult & { margin: number; second?: { text: string; agrees: boolean } };
export type SphinxReply =
  | { op: 'partial'; id: number; seq: number; text: string }
  | { op: 'finish'; id: number; seq: number; result: SphinxOutcome | null; error?: string }
  | { op: 'ready'; seq: number };

const config = (workerData as SphinxWorkerData).config;
const secondConfig = (workerData as SphinxWorkerData).second;
const secondTypes = (workerData as SphinxWorkerData).secondTypes ?? [];
const idle: SphinxDecoder[] = [];
/** The second model's decoders (used one at a time, at the end of an utterance). */
const secondIdle: SphinxDecoder[] = [];
/** Free speech searched for phrases (a greeting) decodes with its own, narrower beams: its loop of words is far wider than an answer's grammar. */
const spotIdle: SphinxDecoder[] = [];
const owner = new WeakMap<SphinxDecoder, SphinxDecoder[]>();
/** Utterances in flight: their decoder once ready (null: nothing to recognise), in order of requests. */
const streams = new Map<number, Promise<SphinxDecoder | null>>();
/** What each utterance in flight answers (for its verification). */
const expecting = new Map<number, Expectation>();

async function decoder(spotting = false): Promise<SphinxDecoder> {
  const pool = spotting ? spotIdle : idle;
  const d = pool.pop() ?? (await SphinxDecoder.create(spotting ? { ...config, ...SPOTTING_BEAMS } : config));
  owner.set(d, pool);
  return d;
}

function release(id: number, d: SphinxDecoder | null) {
  streams.delete(id);
  expecting.delete(id);
  if (d) (owner.get(d) ?? idle).push(d);
}

/** The utterance's result, verified when it answers a question. */
async function outcome(d: SphinxDecoder, expect: Expectation | undefined): Promise<SphinxOutcome> {
  const result = d.end();
  if (!result.text || !expect?.question) return { ...result, margin: Infinity };
  const { margin } = await verify(d, expect.question, expect.intents, result, expect.confirming, expect.yesOrNo);
  // Neither an answer nor an intent (margin Infinity without a rival), or a type the rule leaves alone: nothing for a second opinion to change.
  if (!secondConfig || margin === Infinity || !secondTypes.includes(marginType(expect, result.text) ?? '')) return { ...result, margin };
  const meaning = meaningOf(expect.question, result.text, expect.confirming);
  if (meaning === null) return { ...result, margin };
  return { ...result, margin, second: await secondOpinion(d, expect as Expectation & { question: NonNullable<Expectation['question']> }, meaning) };
}

/** The utterance heard again by the second model (16 kHz, the audio upsampled) under the same grammar; `meaning`: what the first model's text means. */
async function secondOpinion(d: SphinxDecoder, expect: Expectation & { question: NonNullable<Expectation['question']> }, meaning: unknown): Promise<{ text: string; agrees: boolean }> {
  const d2 = secondIdle.pop() ?? (await SphinxDecoder.create(secondConfig!));
  try {
    const known = (w: string) => d2.knows(w);
    const grammar = withIntents(grammarFor(expect.question, known, undefined, expect.confirming, expect.yesOrNo), expect.intents, known, !expect.confirming && !expect.yesOrNo);
    if (!grammar) return { text: '', agrees: false };
    const pcm = await resample(d.samplesSoFar(), 8000, 16000);
    await d2.begin(grammar);
    d2.push(pcm);
    const heard = d2.end().text;
    return { text: heard, agrees: meaningOf(expect.question, heard, expect.confirming) === meaning };
  } finally {
    secondIdle.push(d2);
  }
}

function handle(m: SphinxRequest): void {
  const post = (r: SphinxReply) => parentPort!.postMessage(r);
  switch (m.op) {
    case 'ready':
      void warmedUp.then(() => post({ op: 'ready', seq: m.seq }));
      return;
    case 'start':
      expecting.set(m.id, m);
      streams.set(
        m.id,
        decoder(!!m.spotting).then(async (d) => {
          const known = (w: string) => d.knows(w);
          const grammar = m.spotting ? spottingGrammar(m.spotting, known) : withIntents(grammarFor(m.question, known, undefined, m.confirming, m.yesOrNo), m.intents, known, !m.confirming && !m.yesOrNo);
          if (!grammar) {
            (owner.get(d) ?? idle).push(d);
            return null;
          }
          await d.begin(grammar);
          return d;
        }),
      );
      return;
    case 'push': {
      const s = streams.get(m.id);
      // Chained on the stream's promise, so frames are decoded in order once the decoder is ready.
      if (s) streams.set(m.id, s.then((d) => (d?.push(m.pcm), d)));
      return;
    }
    case 'partial': {
      const s = streams.get(m.id);
      if (!s) return post({ op: 'partial', id: m.id, seq: m.seq, text: '' });
      void s.then((d) => post({ op: 'partial', id: m.id, seq: m.seq, text: d?.hypothesis() ?? '' }), () => post({ op: 'partial', id: m.id, seq: m.seq, text: '' }));
      return;
    }
    case 'finish': {
      const s = streams.get(m.id);
      if (!s) return post({ op: 'finish', id: m.id, seq: m.seq, result: null });
      void s
        .then(async (d) => {
          const result = d ? await outcome(d, expecting.get(m.id)) : null;
          release(m.id, d);
          post({ op: 'finish', id: m.id, seq: m.seq, result });
        })
        .catch((e: unknown) => {
          streams.delete(m.id);
          expecting.delete(m.id);
          post({ op: 'finish', id: m.id, seq: m.seq, result: null, error: String((e as Error)?.message ?? e) });
        });
      return;
    }
    case 'cancel': {
      const s = streams.get(m.id);
      if (s)
        void s.then(
          (d) => {
            d?.end();
            release(m.id, d);
          },
          () => release(m.id, null),
        );
      return;
    }
  }
}

parentPort?.on('message', handle);
// Load the model before the first call needs it: two decoders, as an utterance may be decoded
// whole at a pause (the early end of turn) while its stream goes on.
// Each decodes a moment of silence first: the first utterance ever decoded is slow (WebAssembly
// warming up), and that would be the first answer of the first call.

// And one for greetings (spotting): the first thing every call decodes.
const warming: Array<Promise<unknown>> = [];
warming.push(
  SphinxDecoder.create({ ...config, ...SPOTTING_BEAMS }).then(
    (d) => {
      owner.set(d, spotIdle);
      spotIdle.push(d);
    },
    () => undefined,
  ),
);
/** A decoder of `cfg` that has decoded `samples` of silence once, then waits in `pool`. */
function warmInto(cfg: SphinxConfig, samples: number, pool: SphinxDecoder[]): Promise<unknown> {
  return SphinxDecoder.create(cfg).then(
    async (d) => {
      const grammar = grammarFor({ key: 'warm_up', question: '', type: 'boolean' }, (w) => d.knows(w));
      if (grammar) {
        await d.begin(grammar);
        d.push(new Int16Array(samples));
        d.end();
      }
      pool.push(d);
    },
    () => undefined,
  );
}
for (let i = 0; i < 2; i++) warming.push(warmInto(config, 8000, idle));
// The second model's decoder, when it is used (its audio is at 16 kHz: the same second of silence).
if (secondConfig) warming.push(warmInto(secondConfig, 16000, secondIdle));
/** Every decoder made at start is ready (or failed: then the first utterances make their own). */
const warmedUp = Promise.all(warming);
