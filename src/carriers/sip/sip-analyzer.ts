import { Readable } from 'node:stream';
import type { CallAnalysis, CallRecords, CarrierCall, Recording } from '../../features/calls/ports';

/**
 * A SIP call is understood while it happens (the agent recognises each answer), so its analysis is
 * the conversation the carrier stored with the recording (CallEvents.conversation).
 */
export class SipAnalyzer {
  constructor(private readonly records: Pick<CallRecords, 'conversationOf' | 'audioOf'>) {}

  async analyze(call: CarrierCall): Promise<CallAnalysis> {
    const stored = await this.records.conversationOf(call.id);
    if (!stored) {
      const answers = Object.fromEntries(call.questions.map((q) => [q.key, null]));
      return { transcript: '', structuredAnswers: answers, recordingSeconds: 0, turns: [] };
    }
    return {
      transcript: stored.transcript,
      structuredAnswers: stored.answers,
      recordingSeconds: stored.seconds,
      turns: stored.turns ?? [],
      ...(stored.optOut ? { optOut: true } : {}),
      callbackAt: stored.callbackAt ?? null,
      ...(stored.agentLog ? { agentLog: stored.agentLog } : {}),
    };
  }

  async recording(call: CarrierCall): Promise<Recording | null> {
    const audio = await this.records.audioOf(call.id);
    return audio ? { contentType: 'audio/wav', byteLength: audio.length, stream: Readable.from([audio]) } : null;
  }
}
