import type { CallAnalysis, CallRecords, CarrierCall, Recording } from '../../features/calls/ports';
import { GOODBYE, intro } from '../../voice/dialog/prompts';
import { answerFromDigits, extractAnswer } from '../../voice/dialog/answers';
import type { AnswerExtractor } from '../../voice/dialog/llm-answer-extractor';
import { SipAnalyzer } from '../sip/sip-analyzer';
import { isMachine } from './twilio-outcomes';
import { reaskText } from './twiml';

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
    const lines: string[] = [];
    if (isMachine(call.answeredBy)) {
      if (call.voicemailMessage) lines.push(`Agent: ${call.voicemailMessage}`);
    } else if (call.disposition === 'human') {
      lines.push(`Agent: ${intro(call.task)}`);
      call.questions.forEach((q, index) => {
        for (const g of gathers.filter((x) => x.questionIndex === index)) {
          lines.push(`Agent: ${g.attempt === 0 ? q.question : reaskText(q)}`);
          const said = g.speech?.trim() || (g.digits ? `(pressed ${g.digits})` : '');
          if (said) lines.push(`Callee: ${said}`);
          const value = g.speech?.trim() ? extractAnswer(q, g.speech) : g.digits ? answerFromDigits(q, g.digits) : null;
          if (value !== null && value !== undefined && answers[q.key] === null) answers[q.key] = value;
        }
      });
      await this.refineFreeText(call, answers);
      if (gathers.length) lines.push(`Agent: ${GOODBYE}`);
    }
    return { transcript: lines.join('\n'), structuredAnswers: answers, recordingSeconds: rec?.seconds ?? null };
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
