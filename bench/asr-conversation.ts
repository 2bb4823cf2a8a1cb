/**
 * The outcome of a whole exchange for each corpus utterance, not only of its first decoding: the
 * real scripted policy (SurveyPolicy) asks the utterance's question and the real recognizer hears
 * the callee, who answers with the corpus utterance, says it again (the same audio) whenever the
 * question is asked again, says "yes" to a read-back of the right answer and "no, <answer>" to a
 * wrong one, and a bare "yes" or "no" to "was that a yes or a no?" ("I'm not sure" when it gave
 * no answer), synthesised by the utterance's own synthesizer, voice and speed, with the corpus's
 * noise, through G.711. The answer the policy records is then right, wrong or empty.
 *
 * "Before" is what the same first hearing gave with the previous rule (an unsure answer asked
 * again, and the same audio heard the same way again: empty).
 *
 * An intent the agent heard with doubt is asked back ("Sorry, did you ask us to stop calling this
 * number?"): the person says "Yes." when it is what they meant (`means`, by default the intent in
 * the utterance's words), else "No.".
 *
 * A second callee, `repeat` (BENCH_ASR_CALLEE=repeat), answers every prompt with its answer again,
 * the same audio, read-backs and "was that a yes or a no?" included: a recording, or a machine
 * that does not follow the conversation. What it gets is the worst case of the read-back rules.
 */
import * as alawmulaw from 'alawmulaw';
import type { CallQuestion } from '../src/features/calls/ports';
import { expectationFor } from '../src/voice/agent/voice-agent';
import { extractAnswer } from '../src/voice/dialog/answers';
import { detectIntent } from '../src/voice/dialog/intents';
import type { DialogAction } from '../src/voice/dialog/dialog-policy';
import { ENDING_CHECK, YES_OR_NO } from '../src/voice/dialog/prompts';
import { SurveyPolicy } from '../src/voice/dialog/survey-policy';
import { recognizeWhole, type SpeechRecognizer } from '../src/voice/stt/recognizer';
import { DEFAULT_TIMING } from '../src/voice/timing';
import { corpusAudio, type CorpusUtterance } from './voice-corpus/corpus';
import { gaussian, render, seeded } from './voice-corpus/generate';
import { CORPUS_SETS } from './voice-corpus/phrases';

export type Outcome = 'right' | 'wrong' | 'empty';

/**
 * How the callee replies to what is not its question: like a person (`person`), with its answer
 * again (`repeat`), or with its answer again except that it says yes or no to the agent's check
 * of an ending heard with doubt (`insists`: one who wants the call to end and says so to everything).
 */
export type CalleeKind = 'person' | 'repeat' | 'insists';

export interface ConversationResult {
  u: CorpusUtterance;
  /** The first hearing alone, as the previous rule would have left it. */
  before: Outcome;
  after: Outcome;
  answer: unknown;
  /** What was said and heard, in order. */
  exchange: string[];
  /** The call ended on an intent heard (an opt-out suppresses the number): null when it did not. */
  ending: Ending | null;
}

/** How a call can end on what the callee said instead of an answer. */
export type Ending = 'opt_out' | 'wrong_number' | 'callback_requested';

const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** A number as a callee says it (0..1000). */
export function numberWords(n: number): string {
  if (n < 20) return UNITS[n]!;
  if (n < 100) return `${TENS[Math.floor(n / 10)]}${n % 10 ? ` ${UNITS[n % 10]}` : ''}`;
  if (n < 1000) return `${UNITS[Math.floor(n / 100)]} hundred${n % 100 ? ` and ${numberWords(n % 100)}` : ''}`;
  return 'a thousand';
}

/** The intent an utterance's words hold, as the call's ending. */
function endingIn(text: string): Ending | null {
  const intent = detectIntent(text);
  return intent === 'opt_out' || intent === 'wrong_number' ? intent : intent === 'callback' ? 'callback_requested' : null;
}

/** The agent's checks of an ending heard with doubt, and the ending each asks about. */
const CHECKED = new Map<string, Ending>([
  [ENDING_CHECK.opt_out, 'opt_out'],
  [ENDING_CHECK.wrong_number, 'wrong_number'],
  [ENDING_CHECK.callback, 'callback_requested'],
]);

/** The ending a prompt asks back (it ends with the check: "who is this?" is answered before it), if any. */
const checkIn = (prompt: string): Ending | undefined => [...CHECKED].find(([text]) => prompt.endsWith(text))?.[1];

const outcome = (expected: unknown, answer: unknown): Outcome => (answer === null || answer === undefined ? 'empty' : answer === expected ? 'right' : 'wrong');

export class Conversations {
  private readonly replies = new Map<string, Int16Array>();

  constructor(
    private readonly stt: SpeechRecognizer,
    private readonly callee: CalleeKind = 'person',
  ) {}

  /** The callee's reply to a read-back, in the utterance's voice and speed, through G.711 like the corpus. */
  private async reply(u: CorpusUtterance, text: string): Promise<Int16Array> {
    const key = `${u.voice}|${u.speed}|${text}`;
    let pcm = this.replies.get(key);
    if (!pcm) {
      const random = seeded(text.length * 7919 + u.speed);
      const gauss = gaussian(random);
      pcm = alawmulaw.mulaw.decode(alawmulaw.mulaw.encode(await render(u.voice, u.speed, text, gauss)));
      this.replies.set(key, pcm);
    }
    return pcm;
  }

  /**
   * The exchange of `u`'s question, the callee answering with `answerAudio` (by default `u`'s
   * corpus audio) and meaning `means` (by default the intent its words hold, if any).
   */
  async run(u: CorpusUtterance, q: CallQuestion, answerAudio: Int16Array = corpusAudio(u), means: Ending | null = endingIn(u.text)): Promise<ConversationResult> {
    const policy = new SurveyPolicy({ task: null, questions: [q], voicemailMessage: null }, DEFAULT_TIMING);
    const exchange: string[] = [];
    let ending: Ending | null = null;
    let before: Outcome | null = null;
    let action: DialogAction = policy.takeOver({});
    let prompt = '';
    for (let turn = 0; turn < 12; turn++) {
      if (action.type === 'say') {
        if (!action.bargeIn) {
          // The goodbye: what the call ends as.
          const end = policy.handle({ type: 'spoken' });
          if (policy.optOut) ending = 'opt_out';
          else if (end.type === 'end' && (end.disposition === 'wrong_number' || end.disposition === 'callback_requested')) ending = end.disposition;
          break;
        }
        prompt = action.text;
        exchange.push(`agent: ${prompt}`);
        action = policy.handle({ type: 'spoken' });
        continue;
      }
      if (action.type !== 'listen') break;
      // The callee: a read-back of the right answer gets a yes, of a wrong one "no, <answer>"; "yes or no?" a bare yes or
      // no; anything else the answer again.
      let audio = answerAudio;
      let said = u.text;
      // The repeating callee says the answer again, whatever was asked; the person replies to these two.
      if (this.callee === 'person' && prompt === YES_OR_NO) {
        // "Was that a yes or a no?": the answer itself, bare; a callee who gave none says so.
        said = u.expected === true ? 'Yes.' : u.expected === false ? 'No.' : "I'm not sure.";
        audio = await this.reply(u, said);
      } else if (this.callee !== 'repeat' && checkIn(prompt)) {
        // "Sorry, did you ask us to stop calling this number?" (after who is calling, too): yes when that is what was meant.
        said = checkIn(prompt) === means ? 'Yes.' : 'No.';
        audio = await this.reply(u, said);
      } else if (this.callee === 'person' && action.confirming) {
        const right = action.confirming.value === u.expected;
        said = right ? 'Yes.' : u.expected === null ? 'No.' : `No, ${typeof u.expected === 'number' ? numberWords(u.expected) : String(u.expected)}.`;
        audio = await this.reply(u, said);
      }
      const heard = await recognizeWhole(this.stt, audio, expectationFor(action));
      exchange.push(`callee: ${said} → ${heard.text ?? (heard.unsure ? `${heard.unsure} [unsure]` : '[not understood]')}${heard.text || heard.unsure ? ` (${heard.confidence.toFixed(2)})` : ''}`);
      before ??= outcome(u.expected, extractAnswer(q, heard.text));
      action = policy.handle({ type: 'utterance', text: heard.text, ...(heard.text === null && heard.unsure ? { unsure: heard.unsure } : {}), speechMs: audio.length / 8 });
    }
    const answer = policy.answers[q.key] ?? null;
    return { u, before: before ?? 'empty', after: outcome(u.expected, answer), answer, exchange, ending };
  }
}

/** Right / wrong / empty per type and in total, before and after, for the answerable utterances; non-answers recorded as an answer. */
export function conversationReport(results: ConversationResult[], questions: Record<string, CallQuestion>): string {
  const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : '—');
  const lines: string[] = ['conversation outcome (first hearing → read-back / question again → what is recorded): right / wrong / empty, before → after'];
  const cell = (rs: ConversationResult[], k: 'before' | 'after') => {
    const a = rs.filter((r) => r.u.expected !== null);
    const n = (o: Outcome) => a.filter((r) => r[k] === o).length;
    return `${pct(n('right'), a.length)} / ${pct(n('wrong'), a.length)} / ${pct(n('empty'), a.length)}`;
  };
  for (const set of CORPUS_SETS) {
    const rs = results.filter((r) => r.u.set === set);
    if (!rs.length) continue;
    const row = (label: string, xs: ConversationResult[]) => {
      const none = xs.filter((r) => r.u.expected === null);
      lines.push(`  ${set.padEnd(8)} ${label.padEnd(8)} ${String(xs.filter((r) => r.u.expected !== null).length).padStart(4)}  before ${cell(xs, 'before').padEnd(26)} after ${cell(xs, 'after').padEnd(26)} non-answers recorded ${none.filter((r) => r.after !== 'empty').length}/${none.length}`);
    };
    row('all', rs);
    for (const type of ['boolean', 'number', 'enum']) row(type, rs.filter((r) => questions[r.u.question]!.type === type));
  }
  const turns = results.map((r) => r.exchange.filter((e) => e.startsWith('agent:')).length);
  lines.push(`agent prompts per question: mean ${(turns.reduce((a, b) => a + b, 0) / Math.max(1, turns.length)).toFixed(2)}; read-backs said: ${results.reduce((n, r) => n + r.exchange.filter((e) => e.startsWith('agent: I heard')).length, 0)}`);
  // An utterance that is itself an intent ("I'm busy.") ends the call as it should.
  const ended = results.filter((r) => r.ending && detectIntent(r.u.text) === null);
  const count = (e: Ending) => ended.filter((r) => r.ending === e).length;
  lines.push(`calls ended on an intent heard where none was said: opt-out ${count('opt_out')}, wrong number ${count('wrong_number')}, call back later ${count('callback_requested')} (of ${results.length})`);
  for (const r of ended) lines.push(`  ${r.u.set.padEnd(8)} ${r.u.voice.padEnd(18)} ${JSON.stringify(r.u.text).padEnd(28)} → ${r.ending}   ${r.exchange.join(' | ')}`);
  lines.push('recorded wrong after the exchange:');
  for (const r of results.filter((r) => r.after === 'wrong')) lines.push(`  ${r.u.set.padEnd(8)} ${r.u.voice.padEnd(18)} ${JSON.stringify(r.u.text).padEnd(28)} → ${JSON.stringify(r.answer)}   ${r.exchange.join(' | ')}`);
  return lines.join('\n');
}
