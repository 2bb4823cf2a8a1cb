/**
 * `npm run bench:asr`: the speech corpus (bench/voice-corpus/) through a recognizer and the
 * answer extraction, as a call would: µ-law decoded to 8 kHz PCM, the question as the hint.
 * Prints accuracy by set, question type and voice, the false accepts (a wrong answer, or an
 * answer where none was said), the confusions, and the recognition time per utterance.
 *
 *   npm run bench:asr                                # the default engine, both sets
 *   BENCH_ASR_ENGINE=pocketsphinx-cli npm run bench:asr   # the Debian command line, one process per utterance
 *   BENCH_ASR_SET=tune npm run bench:asr             # one set only
 *   BENCH_ASR_JSON=out.json npm run bench:asr        # every result as JSON too
 *   BENCH_ASR_CONVERSATION=0 npm run bench:asr       # the decoder alone, without the conversations (bench/asr-conversation.ts)
 *   BENCH_ASR_CONVERSATION=only npm run bench:asr    # the conversations alone
 *   BENCH_ASR_EVERY=3 npm run bench:asr              # every third utterance only (a quicker look)
 *   BENCH_ASR_QUESTION=day,slot npm run bench:asr    # some corpus questions only (attend: yes/no, people: numbers, day and slot: options)
 *   BENCH_ASR_CALLEE=repeat npm run bench:asr        # the exchanges' callee says its answer again to every prompt (default: person)
 *   BENCH_ASR_MARGINS='{"number":600}' npm run bench:asr  # threshold margins per question type over the service's (MARGIN_AT_THRESHOLD)
 *   BENCH_ASR_SECOND=off npm run bench:asr             # without the second acoustic opinion (Debian's 16 kHz model, used when installed)
 *   BENCH_ASR_SECOND='{"types":["number"]}' npm run bench:asr  # the second opinion on those question types only
 *   BENCH_ASR_NEURAL=off npm run bench:asr             # the exchanges without the neural opinion on unsure answers (Moonshine, in the npm dependencies)
 *   BENCH_ASR_NEURAL=base npm run bench:asr            # the neural opinion of Moonshine Base instead of Tiny (the service's STT_NEURAL_MODEL)
 */
import { writeFileSync } from 'node:fs';
import type { CallQuestion } from '../src/features/calls/ports';
import { extractAnswer } from '../src/voice/dialog/answers';
import { grammarFor } from '../src/voice/stt/grammar';
import { DEFAULT_MIN_CONFIDENCE, MARGIN_AT_THRESHOLD, PocketsphinxRecognizer } from '../src/voice/stt/pocketsphinx';
import { NeuralOpinion } from '../src/voice/stt/moonshine/neural-opinion';
import { PocketsphinxCliRecognizer } from '../src/voice/stt/pocketsphinx-cli';
import { isStreaming, type SpeechRecognizer } from '../src/voice/stt/recognizer';
import { DEFAULT_SPHINX_CONFIG, SphinxDecoder, type SphinxConfig } from '../src/voice/stt/sphinx-decoder';
import { Conversations, conversationReport, type ConversationResult } from './asr-conversation';
import { loadCorpus, corpusAudio, type CorpusUtterance } from './voice-corpus/corpus';
import { CORPUS_SETS } from './voice-corpus/phrases';

let lastDetail: unknown = undefined;

export interface AsrResult {
  detail?: unknown;
  u: CorpusUtterance;
  /** What was heard, before the confidence threshold. */
  heard: string | null;
  /** The engine's confidence in it (1 for engines that give none). */
  confidence: number;
  /** What the call would get: `heard` when its confidence reaches the threshold, else nothing (asked again). */
  text: string | null;
  answer: unknown;
  ms: number;
}

/** The rejection threshold measured: the service's unless BENCH_ASR_MIN_CONFIDENCE says otherwise. */
const MIN_CONFIDENCE = process.env.BENCH_ASR_MIN_CONFIDENCE ? Number(process.env.BENCH_ASR_MIN_CONFIDENCE) : DEFAULT_MIN_CONFIDENCE;
/** The verification margins at the threshold per question type: the service's unless BENCH_ASR_MARGINS says otherwise. */
const MARGINS = process.env.BENCH_ASR_MARGINS ? (JSON.parse(process.env.BENCH_ASR_MARGINS) as Partial<typeof MARGIN_AT_THRESHOLD>) : undefined;
/** Decoder settings over the service's (BENCH_ASR_OPTIONS). */
const OPTIONS: SphinxConfig | undefined = process.env.BENCH_ASR_OPTIONS ? JSON.parse(process.env.BENCH_ASR_OPTIONS) : undefined;
/** The second acoustic opinion as the service has it (used when Debian's 16 kHz model is installed); BENCH_ASR_SECOND=off, or `{"types":["number"]}`. */
const SECOND_ENV = process.env.BENCH_ASR_SECOND;
const SECOND = SECOND_ENV === 'off' ? false : SECOND_ENV ? (JSON.parse(SECOND_ENV) as { types?: Array<'boolean' | 'choice' | 'number' | 'enum' | 'other'> }) : {};
/** The neural opinion on unsure answers as the service has it; BENCH_ASR_NEURAL=off. */
const NEURAL = process.env.BENCH_ASR_NEURAL === 'off' ? null : NeuralOpinion.create(process.env.BENCH_ASR_NEURAL === 'base' ? 'base' : 'tiny');
/**
 * The service's recognizer with this run's settings, at a confidence threshold. (At threshold 0,
 * the first-hearing figures', nothing is unsure: the neural opinion shows in the exchanges.)
 */
const pocketsphinx = (minConfidence: number) =>
  new PocketsphinxRecognizer({ config: OPTIONS, minConfidence, secondOpinion: SECOND, neural: NEURAL, onNeuralError: (e) => console.error(`neural opinion: ${e.message}`), ...(MARGINS ? { margins: MARGINS } : {}) });

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : '—');
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN;
};

export async function engine(name: string): Promise<SpeechRecognizer & { close?(): Promise<void> }> {
  switch (name) {
    case 'pocketsphinx-cli': {
      return new PocketsphinxCliRecognizer(process.env.BENCH_ASR_CLI_ARGS ? (JSON.parse(process.env.BENCH_ASR_CLI_ARGS) as string[]) : undefined);
    }
    case 'pocketsphinx': {
      // Every text with its confidence: the threshold is applied here, so that other thresholds can be read off the same run.
      return pocketsphinx(0);
    }
    case 'sphinx-inproc': {
      const config = { ...DEFAULT_SPHINX_CONFIG, ...OPTIONS };
      const d = await SphinxDecoder.create(config);
      return {
        name: 'pocketsphinx' as const,
        async recognize(pcm: Int16Array, expect: { question: CallQuestion | null }) {
          const g = grammarFor(expect.question, (w) => d.knows(w));
          if (!g) return null;
          await d.begin(g);
          for (let i = 0; i < pcm.length; i += 160) d.push(pcm.subarray(i, i + 160));
          const r = d.end();
          lastDetail = r.words;
          return r.text || null;
        },
      };
    }
    default:
      throw new Error(`unknown engine ${name}`);
  }
}

export async function measure(stt: SpeechRecognizer, utterances: CorpusUtterance[], questions: ReturnType<typeof loadCorpus>['questions']): Promise<AsrResult[]> {
  const results: AsrResult[] = [];
  for (const u of utterances) {
    const q = questions[u.question]!;
    const pcm = corpusAudio(u);
    const t0 = performance.now();
    let heard: string | null;
    let confidence = 1;
    if (isStreaming(stt)) {
      const s = stt.start({ question: q });
      for (let i = 0; i < pcm.length; i += 160) s.push(pcm.subarray(i, i + 160));
      ({ text: heard, confidence } = await s.finish());
    } else heard = await stt.recognize(pcm, { question: q });
    const ms = performance.now() - t0;
    const text = heard !== null && confidence >= MIN_CONFIDENCE ? heard : null;
    results.push({ u, heard, confidence, text, answer: extractAnswer(q, text), ms, detail: lastDetail });
    lastDetail = undefined;
  }
  return results;
}

export function report(results: AsrResult[], questions: ReturnType<typeof loadCorpus>['questions']): string {
  const lines: string[] = [];
  const row = (label: string, rs: AsrResult[]) => {
    const answerable = rs.filter((r) => r.u.expected !== null);
    const right = answerable.filter((r) => r.answer === r.u.expected).length;
    const wrong = answerable.filter((r) => r.answer !== null && r.answer !== r.u.expected).length;
    const none = rs.filter((r) => r.u.expected === null);
    const noneAccepted = none.filter((r) => r.answer !== null).length;
    lines.push(
      `${label.padEnd(26)} ${String(rs.length).padStart(4)}  right ${pct(right, answerable.length).padStart(7)}  ` +
        `not understood ${pct(answerable.length - right - wrong, answerable.length).padStart(7)}  wrong ${pct(wrong, answerable.length).padStart(7)}  ` +
        `non-answers accepted ${noneAccepted}/${none.length}`,
    );
  };
  for (const set of [...CORPUS_SETS, 'all' as const]) {
    const rs = results.filter((r) => set === 'all' || r.u.set === set);
    if (!rs.length) continue;
    lines.push(`== ${set}`);
    row('all', rs);
    for (const type of ['boolean', 'number', 'enum']) row(`type ${type}`, rs.filter((r) => questions[r.u.question]!.type === type));
    for (const voice of [...new Set(rs.map((r) => r.u.voice))]) row(`voice ${voice}`, rs.filter((r) => r.u.voice === voice));
  }
  const answerable = results.filter((r) => r.u.expected !== null);
  const falseAccepts = results.filter((r) => r.answer !== null && r.answer !== r.u.expected).length;
  lines.push(`false accepts (a wrong answer, or one where none was said): ${falseAccepts}/${results.length} = ${pct(falseAccepts, results.length)}`);
  lines.push(`typed answers right: ${answerable.filter((r) => r.answer === r.u.expected).length}/${answerable.length} = ${pct(answerable.filter((r) => r.answer === r.u.expected).length, answerable.length)}`);
  lines.push(`at the confidence threshold ${MIN_CONFIDENCE}; other thresholds (answers right on the first try / wrong / asked again, and right of those answered):`);
  for (const set of CORPUS_SETS) {
    const rs = results.filter((r) => r.u.set === set);
    if (!rs.length) continue;
    const cells = [0, 0.2, 0.35, 0.5, 0.65, 0.8].map((t) => {
      const answerable = rs.filter((r) => r.u.expected !== null);
      const answer = (r: AsrResult) => (r.heard !== null && r.confidence >= t ? extractAnswer(questions[r.u.question]!, r.heard) : null);
      const right = answerable.filter((r) => answer(r) === r.u.expected).length;
      const wrong = rs.filter((r) => answer(r) !== null && answer(r) !== r.u.expected).length;
      const wrongOfAnswerable = answerable.filter((r) => answer(r) !== null && answer(r) !== r.u.expected).length;
      return `≥${t}: ${pct(right, answerable.length)} / ${pct(wrongOfAnswerable, answerable.length)} / ${pct(answerable.length - right - wrongOfAnswerable, answerable.length)} (${pct(right, right + wrong)})`;
    });
    lines.push(`  ${set.padEnd(8)} ${cells.join('   ')}`);
  }
  const ms = results.map((r) => r.ms);
  lines.push(`recognition time per utterance: p50 ${quantile(ms, 0.5).toFixed(0)} ms, p95 ${quantile(ms, 0.95).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms`);
  lines.push('confusions (said → heard → answer):');
  for (const r of results.filter((r) => r.answer !== r.u.expected)) {
    lines.push(`  ${r.u.set.padEnd(8)} ${r.u.voice.padEnd(18)} ${JSON.stringify(r.u.text).padEnd(30)} → ${JSON.stringify(r.heard).padEnd(30)} ${r.confidence.toFixed(2)} → ${JSON.stringify(r.answer)}`);
  }
  return lines.join('\n');
}

async function main() {
  const corpus = loadCorpus();
  const set = process.env.BENCH_ASR_SET;
  const every = Number(process.env.BENCH_ASR_EVERY ?? 1);
  const questions = process.env.BENCH_ASR_QUESTION?.split(',');
  const utterances = corpus.utterances.filter((u) => (!set || u.set === set) && (!questions || questions.includes(u.question))).filter((_, i) => i % every === 0);
  const name = process.env.BENCH_ASR_ENGINE ?? 'pocketsphinx';
  const stt = await engine(name);
  console.log(`engine ${name}, ${utterances.length} utterances, second opinion ${SECOND && new PocketsphinxRecognizer({ secondOpinion: SECOND }).secondOpinion ? JSON.stringify(SECOND) : 'off'}, neural opinion ${NEURAL ? 'on' : 'off'}`);
  // BENCH_ASR_CONVERSATION=only: the exchanges alone (their first hearing is the decoder's figure, with the intents a call expects).
  const results = process.env.BENCH_ASR_CONVERSATION === 'only' ? [] : await measure(stt, utterances, corpus.questions);
  await stt.close?.();
  if (results.length) console.log(report(results, corpus.questions));
  let conversations: ConversationResult[] = [];
  if (name === 'pocketsphinx' && process.env.BENCH_ASR_CONVERSATION !== '0') {
    // The service's recognizer as a call has it: the threshold applied, the unsure text given to the policy.
    const live = pocketsphinx(MIN_CONFIDENCE);
    // As the service's worker does at its start: the models loaded before the first answer.
    await live.warm();
    const callee = process.env.BENCH_ASR_CALLEE === 'repeat' ? 'repeat' : 'person';
    console.log(`exchanges with the ${callee} callee`);
    const talk = new Conversations(live, callee);
    for (const u of utterances) conversations.push(await talk.run(u, corpus.questions[u.question]!));
    await live.close();
    console.log(conversationReport(conversations, corpus.questions));
  }
  if (process.env.BENCH_ASR_JSON) {
    const talked = new Map(conversations.map((c) => [c.u.id, c]));
    const json = results.map((r) => ({ ...r.u, heard: r.heard, confidence: r.confidence, answer: r.answer, ms: r.ms, detail: r.detail, conversation: talked.get(r.u.id) && { before: talked.get(r.u.id)!.before, after: talked.get(r.u.id)!.after, answer: talked.get(r.u.id)!.answer, exchange: talked.get(r.u.id)!.exchange, ending: talked.get(r.u.id)!.ending } }));
    const alone = conversations.map((c) => ({ ...c.u, conversation: { before: c.before, after: c.after, answer: c.answer, exchange: c.exchange, ending: c.ending } }));
    writeFileSync(process.env.BENCH_ASR_JSON, JSON.stringify(results.length ? json : alone, null, 1));
  }
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
