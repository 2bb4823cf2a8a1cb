import { Readable } from 'node:stream';
import type { Pool } from 'pg';
import type { Call } from '../../features/calls/call.entity';
import type { Analyzer, CallAnalysis, Recording } from '../carrier';

/**
 * A SIP call is understood while it happens (the agent recognises each answer), so its analysis is
 * what the carrier stored with the recording in call_recordings.
 */
export class SipAnalyzer implements Analyzer {
  constructor(private readonly pool: Pool) {}

  async analyze(call: Call): Promise<CallAnalysis> {
    const { rows } = await this.pool.query<{ transcript: string; structured_answers: Record<string, unknown>; seconds: number }>(
      'select transcript, structured_answers, seconds from call_recordings where call_id = $1',
      [call.id],
    );
    const row = rows[0];
    if (!row) {
      const answers = Object.fromEntries(call.questions.map((q) => [q.key, null]));
      return { transcript: '', structuredAnswers: answers, recordingSeconds: 0 };
    }
    return { transcript: row.transcript, structuredAnswers: row.structured_answers, recordingSeconds: row.seconds };
  }

  async recording(call: Call): Promise<Recording | null> {
    const { rows } = await this.pool.query<{ audio: Buffer }>('select audio from call_recordings where call_id = $1', [call.id]);
    const audio = rows[0]?.audio;
    return audio ? { contentType: 'audio/wav', byteLength: audio.length, stream: Readable.from([audio]) } : null;
  }
}
