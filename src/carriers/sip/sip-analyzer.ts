import { Readable } from 'node:stream';
import type { Pool } from 'pg';
import type { Call } from '../../features/calls/call.entity';
import type { Analyzer, CallAnalysis, Recording } from '../carrier';
import type { CallTurn } from '../../features/calls/ports';

/**
 * A SIP call is understood while it happens (the agent recognises each answer), so its analysis is
 * what the carrier stored with the recording in call_recordings.
 */
export class SipAnalyzer implements Analyzer {
  constructor(private readonly pool: Pool) {}

  async analyze(call: Call): Promise<CallAnalysis> {
    const { rows } = await this.pool.query<{ transcript: string; structured_answers: Record<string, unknown>; seconds: number; turns: CallTurn[] | null; opted_out: boolean; callback_at: Date | null }>(
      'select transcript, structured_answers, seconds, turns, opted_out, callback_at from call_recordings where call_id = $1',
      [call.id],
    );
    const row = rows[0];
    if (!row) {
      const answers = Object.fromEntries(call.questions.map((q) => [q.key, null]));
      return { transcript: '', structuredAnswers: answers, recordingSeconds: 0, turns: [] };
    }
    return {
      transcript: row.transcript,
      structuredAnswers: row.structured_answers,
      recordingSeconds: row.seconds,
      turns: row.turns ?? [],
      ...(row.opted_out ? { optOut: true } : {}),
      callbackAt: row.callback_at,
    };
  }

  async recording(call: Call): Promise<Recording | null> {
    const { rows } = await this.pool.query<{ audio: Buffer }>('select audio from call_recordings where call_id = $1', [call.id]);
    const audio = rows[0]?.audio;
    return audio ? { contentType: 'audio/wav', byteLength: audio.length, stream: Readable.from([audio]) } : null;
  }
}
