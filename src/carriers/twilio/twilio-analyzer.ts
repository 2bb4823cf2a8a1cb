import type { CallAnalysis, CallRecords, CallTurn, CarrierCall, Recording } from '../../features/calls/ports';
import { GOODBYE, intro } from '../../voice/dialog/prompts';
import { answerFromDigits, extractAnswer } from '../../voice/dialog/answers';
import type { AnswerExtractor } from '../../voice/dialog/llm-answer-extractor';
import { SipAnalyzer } from '../sip/sip-analyzer';
import { isMachine } from './twilio-outcomes';
import { reaskText } from './twiml';

/** About 150 words a minute: how long a line takes to say, for turns Twilio does not time. */
const speechMs = (text: string) => 300 + text.split(/\s+/).filter(Boolean).length * 380;

/**
 * Twilio reports what was heard, not when: each utterance is placed after the one before for as
 * long as its words take to say, and a callee's answer ends no earlier than its <Gather> result
 * reached us (counted from the answer, where the recording starts). No latency: Twilio's speech
 * recognition and prompts run at Twilio, unmeasured by us.
 */
export function estimatedTurns(lines: ReadonlyArray<{ speaker: 'agent' | 'callee'; text: string; heardAtMs?: number }>): CallTurn[] {
  const turns: CallTurn[] = [];
  let t = 0;
  for (const l of lines) {
    const dur = speechMs(l.text);
    const end = l.heardAtMs !== undefined ? Math.max(t + dur, Math.round(l.heardAtMs)) : t + dur;
    turns.push({ speaker: l.speaker, text: l.text, start_ms: end - dur, end_ms: end, interrupted: false });
    t = end + 500;
  }
  return turns;
}

/**
 * A Twilio call is understood from what <Gather> heard: each question's answers (speech, or keys)
 * become the transcript and, by the question's type, the structured answers. The recording is the
 * one fetched from Twilio and stored with the call, served like a SIP recording.
 */
export class TwilioAnalyzer {
  private readonly stored: SipAnalyzer;

  constructor(
    private readonly records: Pick<CallRecords, 'conversationOf' | 'audioOf' | 'heardAnswers'>,
    /** Optional: reduces free-text answers to the answer itself; without it the callee's words are kept. */
    private readonly extractor?: AnswerExtractor,
  ) {
    this.stored = new SipAnalyzer(records);
  }

  async analyze(call: CarrierCall): Promise<CallAnalysis> {
    const [gathers, rec] = await Promise.all([this.records.heardAnswers(call.id), this.records.conversationOf(call.id)]);
    const answers: Record<string, unknown> = Object.fromEntries(call.questions.map((q) => [q.key, null]));
    const said: Array<{ speaker: 'agent' | 'callee'; text: string; heardAtMs?: number }> = [];
    const agent = (text: string) => said.push({ speaker: 'agent', text });
    if (isMachine(call.answeredBy)) {
      if (call.voicemailMessage) agent(call.voicemailMessage);
    } else if (call.disposition === 'human') {
      agent(intro(call.callerName, call.task));
      call.questions.forEach((q, index) => {
        for (const g of gathers.filter((x) => x.questionIndex === index)) {
          agent(g.attempt === 0 ? q.question : reaskText(q));
          const heard = g.speech?.trim() || (g.digits ? `(pressed ${g.digits})` : '');
          const heardAtMs = call.startedAt && g.heardAt ? g.heardAt.getTime() - call.startedAt.getTime() : undefined;
          if (heard) said.push({ speaker: 'callee', text: heard, ...(heardAtMs !== undefined && heardAtMs > 0 ? { heardAtMs } : {}) });
          const value = g.speech?.trim() ? extractAnswer(q, g.speech) : g.digits ? answerFromDigits(q, g.digits) : null;
          if (value !== null && value !== undefined && answers[q.key] === null) answers[q.key] = value;
        }
      });
      await this.refineFreeText(call, answers);
      if (gathers.length) agent(GOODBYE);
    }
    const transcript = said.map((l) => `${l.speaker === 'agent' ? 'Agent' : 'Callee'}: ${l.text}`).join('\n');
    return { transcript, structuredAnswers: answers, recordingSeconds: rec?.seconds ?? null, turns: estimatedTurns(said) };
  }

  private async refineFreeText(call: CarrierCall, answers: Record<string, unknown>): Promise<void> {
    if (!this.extractor) return;
    for (const q of call.questions) {
      const said = answers[q.key];
      if (q.type !== 'string' || typeof said !== 'string') continue;
      // A failing endpoint leaves the rule-based answer (the callee's words).
      answers[q.key] = await this.extractor.extract(q, said).catch(() => said);
    }
  }

  recording(call: CarrierCall): Promise<Recording | null> {
    return this.stored.recording(call);
  }
}
