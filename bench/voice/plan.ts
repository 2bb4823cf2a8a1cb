/**
 * The bench's calls, from the speech corpus (bench/voice-corpus/): call i speaks in voice
 * i mod 8 (both sets' voices, or one set's), asks the corpus's questions in order, and the callee
 * answers each with one of that voice's utterances for it that holds an answer (the k-th call in a
 * voice takes the k-th such utterance, cycling). On one question prompt in four (one per call of
 * four questions; never the introduction's) the callee cuts in CUT_IN_AFTER_MS into the agent's
 * audio, alternately with the answer itself and with "sorry, who is this?" in the call's voice.
 */
import { pathToFileURL } from 'node:url';
import * as alawmulaw from 'alawmulaw';
import { WaveFile } from 'wavefile';
import type { CallQuestion } from '../../src/features/calls/ports';
import { GOODBYE, intro, reask, whoIsCalling } from '../../src/voice/dialog/prompts';
import { EspeakSynthesizer } from '../../src/voice/tts/espeak';
import { corpusAudio, type CorpusManifest, type CorpusUtterance } from '../voice-corpus/corpus';
import { seeded } from '../voice-corpus/generate';
import { toFrames, voicedFrames, type BrainScript, type PromptLengths } from './brain';

export const ORG_NAME = 'Acme Dental';
export const TASK = 'We are confirming your appointment.';
export const WHO_IS_THIS = 'Sorry, who is this?';

export interface CallPlan {
  index: number;
  to: string;
  voice: string;
  set: 'tune' | 'holdout';
  questions: CallQuestion[];
  /** Per question, the corpus utterance the callee answers with. */
  utterances: CorpusUtterance[];
  cutIn: { question: number; kind: 'answer' | 'who' } | null;
  script: BrainScript;
}

const wire = (pcm: Int16Array) => alawmulaw.mulaw.decode(alawmulaw.mulaw.encode(pcm));

/** Voiced-frame lengths of what the agent says on such a call, from the agent's own synthesizer. */
export async function promptLengths(questions: CallQuestion[], callerName = ORG_NAME, task = TASK): Promise<PromptLengths> {
  const tts = new EspeakSynthesizer();
  try {
    const len = async (text: string) => voicedFrames(wire(await tts.synthesize(text)));
    return {
      intro: await len(intro(callerName, task)),
      question: await Promise.all(questions.map((q) => len(q.question))),
      reask: await Promise.all(questions.map((q) => len(reask(q)))),
      who: await Promise.all(questions.map((q) => len(whoIsCalling(callerName, task, q)))),
      goodbye: await len(GOODBYE),
    };
  } finally {
    await tts.close();
  }
}

type EspeakFactory = (o: object) => Promise<{ FS: { readFile(path: string): Uint8Array } }>;
const importEsm = new Function('url', 'return import(url)') as (url: string) => Promise<{ default: EspeakFactory }>;

/** A phrase in a corpus voice, rendered as the corpus is (8 kHz, 300 ms lead and tail, light noise). */
export async function renderPhrase(voice: string, text: string, speed = 160, seed = 7): Promise<Int16Array> {
  const { default: ESpeakNg } = await importEsm(pathToFileURL(require.resolve('espeak-ng')).href);
  const espeak = await ESpeakNg({ arguments: ['-v', voice, '-s', String(speed), '-w', 'out.wav', text], print: () => undefined, printErr: () => undefined });
  const wav = new WaveFile(espeak.FS.readFile('out.wav'));
  wav.toSampleRate(8000, { method: 'sinc', LPF: true });
  const speech = wav.getSamples(false, Int16Array) as unknown as Int16Array;
  let first = speech.findIndex((s) => Math.abs(s) > 200);
  let last = speech.length - 1;
  while (last > 0 && Math.abs(speech[last]!) <= 200) last--;
  if (first < 0) first = 0;
  const body = speech.subarray(first, last + 1);
  const pcm = new Int16Array(600 * 8 + body.length);
  pcm.set(body, 300 * 8);
  const random = seeded(seed);
  for (let i = 0; i < pcm.length; i++) {
    const g = Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
    pcm[i] = Math.max(-32768, Math.min(32767, Math.round(pcm[i]! + g * 90)));
  }
  return wire(pcm);
}

export async function planCalls(corpus: CorpusManifest, opts: { calls: number; questions: number; set: 'tune' | 'holdout' | 'all'; cutInEvery: number }): Promise<CallPlan[]> {
  const questionIds = Object.keys(corpus.questions).slice(0, Math.max(1, opts.questions));
  const questions = questionIds.map((id) => corpus.questions[id]!);
  const prompts = await promptLengths(questions);
  const usable = corpus.utterances.filter((u) => u.expected !== null && (opts.set === 'all' || u.set === opts.set));
  const voices = [...new Set(usable.map((u) => u.voice))];
  const who = new Map<string, Int16Array>();
  for (const v of voices) who.set(v, await renderPhrase(v, WHO_IS_THIS));
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
        answers: utterances.map((u) => toFrames(corpusAudio(u))),
        ...(cutIn ? { cutIn: { ...cutIn, utterance: toFrames(who.get(voice)!) } } : {}),
      },
    });
  }
  return plans;
}
