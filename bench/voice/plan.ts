/**
 * The bench's calls, from the speech corpus (bench/voice-corpus/): call i speaks in voice
 * i mod the number of voices (both sets' voices, 12 since the tune set has 8; or one set's),
 * asks the corpus's questions in order, and the callee
 * answers each with one of that voice's utterances for it that holds an answer (the k-th call in a
 * voice takes the k-th such utterance, cycling). On one question prompt in four (one per call of
 * four questions; never the introduction's) the callee cuts in CUT_IN_AFTER_MS into the agent's
 * audio, alternately with the answer itself and with "sorry, who is this?" in the call's voice.
 */
import * as alawmulaw from 'alawmulaw';
import type { CallQuestion } from '../../src/features/calls/ports';
import { confirmPrompt } from '../../src/voice/dialog/confirmation';
import { CALLBACK_AT_GOODBYE, CALLBACK_GOODBYE, GOODBYE, OPT_OUT_GOODBYE, WRONG_NUMBER_GOODBYE, YES_OR_NO, intro, reask, whoIsCalling } from '../../src/voice/dialog/prompts';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { numberWords } from '../asr-conversation';
import { EspeakSynthesizer } from '../../src/voice/tts/espeak';
import { corpusAudio, type CorpusManifest, type CorpusUtterance } from '../voice-corpus/corpus';
import { gaussian, render, seeded } from '../voice-corpus/generate';
import { programVoice } from '../voice-corpus/synth';
import { MEASURED_ONLY, type CorpusSet } from '../voice-corpus/phrases';
import { isVoiced, toFrames, voicedFrames, type BrainScript, type Frame, type PromptLengths } from './brain';

export const ORG_NAME = 'Acme Dental';
export const TASK = 'We are confirming your appointment.';
export const WHO_IS_THIS = 'Sorry, who is this?';

/** How the callee replies to a read-back or "was that a yes or a no?" (brain.ts): like a person, or with its answer again. */
export type CalleeKind = 'person' | 'repeat';

/** The values the agent may read back for a question: every number it can hear, or the options. */
function readBackValues(q: CallQuestion): string[] {
  if (q.type === 'number') return Array.from({ length: 1001 }, (_, n) => String(n));
  if (q.type === 'enum') return [...(q.options ?? [])];
  return [];
}

export interface CallPlan {
  index: number;
  to: string;
  voice: string;
  set: CorpusSet;
  questions: CallQuestion[];
  /** Per question, the corpus utterance the callee answers with. */
  utterances: CorpusUtterance[];
  cutIn: { question: number; kind: 'answer' | 'who' } | null;
  script: BrainScript;
}

const wire = (pcm: Int16Array) => alawmulaw.mulaw.decode(alawmulaw.mulaw.encode(pcm));

/** A frame's identity (a digest: the read-backs make about 150,000 distinct frames). */
const frameKey = (f: Frame) => createHash('sha1').update(Buffer.from(f.buffer, f.byteOffset, f.byteLength)).digest('base64');

/**
 * What the agent says on such a call, from the agent's own synthesizer: each prompt's length in
 * voiced frames, and a lookup from a received frame to the prompt it belongs to. The agent frames
 * a prompt from its first sample, so its frames arrive as µ-law(the synthesized 20 ms chunk):
 * voiced frames found in exactly one prompt identify it. If the agent frames or synthesizes
 * differently, nothing matches and the callee goes by lengths alone.
 */
export async function promptKnowledge(questions: CallQuestion[], callerName = ORG_NAME, task = TASK): Promise<{ lengths: PromptLengths; identify: (f: Frame) => string | null }> {
  const tts = new EspeakSynthesizer();
  try {
    const audio = async (text: string) => wire(await tts.synthesize(text));
    const named: Array<[string, Int16Array]> = [
      ['intro', await audio(intro(callerName, task))],
      ['who is calling', await audio(whoIsCalling(callerName, task, null))],
      ...(await Promise.all(questions.map(async (q, i): Promise<Array<[string, Int16Array]>> => [
        [`question ${i + 1}`, await audio(q.question)],
        [`question ${i + 1} again`, await audio(reask(q))],
        [`who is calling + question ${i + 1}`, await audio(whoIsCalling(callerName, task, q))],
      ]))).flat(),
      ...(await Promise.all([GOODBYE, OPT_OUT_GOODBYE, WRONG_NUMBER_GOODBYE, CALLBACK_GOODBYE, CALLBACK_AT_GOODBYE].map(async (t): Promise<[string, Int16Array]> => ['goodbye', await audio(t)]))),
      ['yes or no', await audio(YES_OR_NO)],
    ];
    // Every read-back the agent can say ("I heard 30. Is that right?"): about a thousand prompts, a
    // few minutes of synthesis, so their frames' digests are kept in a file for the next runs.
    const readBacks = questions.flatMap((q, i) => readBackValues(q).map((v) => ({ name: `read-back ${i + 1}: ${v}`, text: confirmPrompt(q.type === 'number' ? Number(v) : v) })));
    const readBackDigests = await cachedDigests(readBacks, audio);
    const owners = new Map<string, Set<string>>();
    const own = (name: string, k: string) => {
      if (!owners.has(k)) owners.set(k, new Set());
      owners.get(k)!.add(name);
    };
    for (const [name, pcm] of named) for (const k of voicedDigests(pcm)) own(name, k);
    for (const [name, keys] of readBackDigests) for (const k of keys) own(name, k);
    const unique = new Map<string, string>();
    for (const [k, names] of owners) if (names.size === 1) unique.set(k, [...names][0]!);
    const get = (name: string) => voicedFrames(named.find(([n]) => n === name)![1]);
    return {
      lengths: {
        intro: get('intro'),
        question: questions.map((_, i) => get(`question ${i + 1}`)),
        reask: questions.map((_, i) => get(`question ${i + 1} again`)),
        who: questions.map((_, i) => get(`who is calling + question ${i + 1}`)),
        goodbye: voicedFrames(named.find(([n]) => n === 'goodbye')![1]),
      },
      identify: (f) => unique.get(frameKey(f)) ?? null,
    };
  } finally {
    await tts.close();
  }
}

const voicedDigests = (pcm: Int16Array): string[] => toFrames(pcm).filter(isVoiced).map(frameKey);

/**
 * The digests of the voiced frames of each prompt, synthesized by `synthesize`, kept in
 * bench/results/ (not committed) under a name that changes with the prompts and the eSpeak NG
 * package: a later run with the same prompts reads them instead of synthesizing them again.
 */
async function cachedDigests(prompts: Array<{ name: string; text: string }>, synthesize: (text: string) => Promise<Int16Array>): Promise<Array<[string, string[]]>> {
  let version = 'unknown';
  try {
    version = (JSON.parse(readFileSync(require.resolve('espeak-ng/package.json'), 'utf8')) as { version: string }).version;
  } catch {
    // The digests then last as long as the prompts do.
  }
  const key = createHash('sha1').update(JSON.stringify([version, prompts])).digest('hex').slice(0, 16);
  const file = path.join(__dirname, '..', 'results', `read-back-frames-${key}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Array<[string, string[]]>;
  const out: Array<[string, string[]]> = [];
  for (const p of prompts) out.push([p.name, voicedDigests(await synthesize(p.text))]);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(out));
  return out;
}

/** A phrase in a corpus voice, rendered as the corpus is (8 kHz, 300 ms lead and tail, light noise). */
export async function renderPhrase(voice: string, text: string, speed = programVoice(voice) ? 100 : 160, seed = 7): Promise<Int16Array> {
  return wire(await render(voice, speed, text, gaussian(seeded(seed))));
}

export async function planCalls(corpus: CorpusManifest, opts: { calls: number; questions: number; set: CorpusSet | 'all'; cutInEvery: number; callee?: CalleeKind }): Promise<CallPlan[]> {
  const questionIds = Object.keys(corpus.questions).slice(0, Math.max(1, opts.questions));
  const questions = questionIds.map((id) => corpus.questions[id]!);
  const { lengths: prompts, identify } = await promptKnowledge(questions);
  // 'all' leaves out the sets only measured as a whole (holdout3's Flite and Festival voices, the held-out sets added later): the rotation of voices stays what earlier runs had; BENCH_VOICE_SET=holdout3 calls in one of those.
  const usable = corpus.utterances.filter((u) => u.expected !== null && (opts.set === 'all' ? !MEASURED_ONLY.includes(u.set) : u.set === opts.set));
  const voices = [...new Set(usable.map((u) => u.voice))];
  const who = new Map<string, Int16Array>();
  for (const v of voices) who.set(v, await renderPhrase(v, WHO_IS_THIS));
  const phrase = async (voice: string, text: string) => toFrames(await renderPhrase(voice, text));
  const plans: CallPlan[] = [];
  let promptsSoFar = 0;
  let cutIns = 0;
  for (let i = 0; i < opts.calls; i++) {
    const voice = voices[i % voices.length]!;
    const round = Math.floor(i / voices.length);
    const utterances = questionIds.map((id) => {
      const mine = usable.filter((u) => u.voice === voice && u.question === id);
      return mine[round % mine.length]!;
    });
    // One question prompt in `cutInEvery` is cut into, spread over the calls; never the first question
    // (it follows the introduction, which is answered by what is said over it).
    promptsSoFar += questions.length;
    let cutIn: CallPlan['cutIn'] = null;
    if (questions.length > 1 && opts.cutInEvery > 0 && cutIns < Math.floor(promptsSoFar / opts.cutInEvery)) {
      cutIn = { question: 1 + (cutIns % (questions.length - 1)), kind: cutIns % 2 === 0 ? 'answer' : 'who' };
      cutIns++;
    }
    plans.push({
      index: i,
      to: `+1415${String(5500000 + i).padStart(7, '0')}`,
      voice,
      set: utterances[0]!.set,
      questions,
      utterances,
      cutIn,
      script: {
        prompts,
        ...(process.env.BENCH_VOICE_IDENTIFY === '0' ? {} : { identify }),
        answers: utterances.map((u) => toFrames(corpusAudio(u))),
        ...(cutIn ? { cutIn: { ...cutIn, utterance: toFrames(who.get(voice)!) } } : {}),
        ...((opts.callee ?? 'person') === 'person'
          ? {
              replies: {
                expected: utterances.map((u) => u.expected),
                yes: await phrase(voice, 'Yes.'),
                no: await phrase(voice, 'No.'),
                notSure: await phrase(voice, "I'm not sure."),
                correction: await Promise.all(
                  utterances.map((u) => (u.expected === null || typeof u.expected === 'boolean' ? null : phrase(voice, `No, ${typeof u.expected === 'number' ? numberWords(u.expected) : String(u.expected)}.`))),
                ),
              },
            }
          : {}),
      },
    });
  }
  return plans;
}
