import type { Pool } from 'pg';
import type { Call } from '../../features/calls/call.entity';
import { GOODBYE, intro } from '../../voice/dialog/prompts';
import { answerFromDigits, extractAnswer } from '../../voice/dialog/answers';
import type { AnswerExtractor } from '../../voice/dialog/llm-answer-extractor';
import type { Analyzer, CallAnalysis, Recording } from '../carrier';
import { SipAnalyzer } from '../sip/sip-analyzer';
import { isMachine } from './twilio-outcomes';
import { reaskText } from './twiml';

interface GatherRow {
  question_index: number;
  attempt: number;
  speech_result: string | null;
  digits: string | null;
}

/**
 * A Twilio call is understood from what <Gather> heard: each question's answers (speech, or keys)
 * become the transcript and, by the question's type, the structured answers. The recording is the
 * one fetched from Twilio into call_recordings, served like a SIP recording.
 */
export class TwilioAnalyzer implements Analyzer {
  private readonly stored: SipAnalyzer;

  constructor(
    private readonly pool: Pool,
    /** Optional: reduces free-text answers to the answer itself; without it the callee's words are kept. */
    private readonly extractor?: AnswerExtractor,
  ) {
    this.stored = new SipAnalyzer(pool);
  }

  async analyze(call: Call): Promise<CallAnalysis> {
    const [{ rows: gathers }, { rows: rec }] = await Promise.all([
      this.pool.query<GatherRow>('select question_index, attempt, speech_result, digits from twilio_gathers where call_id = $1 order by question_index, attempt', [call.id]),
      this.pool.query<{ seconds: number }>('select seconds from call_recordings where call_id = $1', [call.id]),
    ]);
    const answers: Record<string, unknown> = Object.fromEntries(call.questions.map((q) => [q.key, null]));
    const lines: string[] = [];
    if (isMachine(call.answeredBy)) {
      if (call.voicemailMessage) lines.push(`Agent: ${call.voicemailMessage}`);
    } else if (call.disposition === 'human') {
      lines.push(`Agent: ${intro(call.task)}`);
      call.questions.forEach((q, index) => {
        for (const g of gathers.filter((x) => x.question_index === index)) {
          lines.push(`Agent: ${g.attempt === 0 ? q.question : reaskText(q)}`);
          const said = g.speech_result?.trim() || (g.digits ? `(pressed ${g.digits})` : '');
          if (said) lines.push(`Callee: ${said}`);
          const value = g.speech_result?.trim() ? extractAnswer(q, g.speech_result) : g.digits ? answerFromDigits(q, g.digits) : null;
          if (value !== null && value !== undefined && answers[q.key] === null) answers[q.key] = value;
        }
      });
      await this.refineFreeText(call, answers);
      if (gathers.length) lines.push(`Agent: ${GOODBYE}`);
    }
    return { transcript: lines.join('\n'), structuredAnswers: answers, recordingSeconds: rec[0]?.seconds ?? null };
  }

  private async refineFreeText(call: Call, answers: Record<string, unknown>): Promise<void> {
    if (!this.extractor) return;
    for (const q of call.questions) {
      const said = answers[q.key];
      if (q.type !== 'string' || typeof said !== 'string') continue;
      // A failing endpoint leaves the rule-based answer (the callee's words).
      answers[q.key] = await this.extractor.extract(q, said).catch(() => said);
    }
  }

  recording(call: Call): Promise<Recording | null> {
    return this.stored.recording(call);
  }
}
