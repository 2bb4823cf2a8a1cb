import type { CallAnalysis, CallRecords, CallTurn, CarrierCall, Disposition, Recording } from '../../features/calls/ports';
import type { AnswerExtractor } from '../../voice/dialog/llm-answer-extractor';
import { SipAnalyzer } from '../sip/sip-analyzer';
import { isMachine } from './twilio-outcomes';
import { replayConversation, type ConversationOutcome } from './twilio-dialog';

/** The dispositions of a call a person answered and talked in. */
const PERSON: ReadonlySet<Disposition> = new Set(['human', 'wrong_number', 'callback_requested', 'transferred']);

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
 * become the transcript and, by the question's type, the structured answers; an opt-out ("stop
 * calling me") and a callback time ("call me back in an hour") come from the same replay that
 * chose the TwiML (twilio-dialog.ts). The recording is the
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
    let answers: Record<string, unknown> = Object.fromEntries(call.questions.map((q) => [q.key, null]));
    const said: Array<{ speaker: 'agent' | 'callee'; text: string; heardAtMs?: number }> = [];
    let outcome: ConversationOutcome | null = null;
    if (isMachine(call.answeredBy)) {
      if (call.voicemailMessage) said.push({ speaker: 'agent', text: call.voicemailMessage });
    } else if (call.disposition && PERSON.has(call.disposition)) {
      // The conversation as it was played: the same steps the callbacks took, from the same stored answers.
      const replayed = replayConversation(call, gathers);
      for (const l of replayed.lines) {
        const heardAtMs = call.startedAt && l.heardAt ? l.heardAt.getTime() - call.startedAt.getTime() : undefined;
        said.push({ speaker: l.speaker, text: l.text, ...(heardAtMs !== undefined && heardAtMs > 0 ? { heardAtMs } : {}) });
      }
      answers = replayed.answers;
      outcome = replayed.outcome;
      await this.refineFreeText(call, answers);
    }
    const transcript = said.map((l) => `${l.speaker === 'agent' ? 'Agent' : 'Callee'}: ${l.text}`).join('\n');
    return {
      transcript,
      structuredAnswers: answers,
      recordingSeconds: rec?.seconds ?? null,
      turns: estimatedTurns(said),
      ...(outcome?.optOut ? { optOut: true } : {}),
      callbackAt: outcome?.callbackAt ?? null,
    };
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
