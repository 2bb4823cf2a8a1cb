import { isoMicro, isoMicroOrNull } from '../../common/time';
import type { CallFields } from './call.entity';
import type { RecordingUrls } from './recording-url';

/** An inbound call from a number a campaign called: that campaign and recipient (null otherwise). */
export const callbackOf = (c: Pick<CallFields, 'callbackCampaignId' | 'callbackRecipientId'>): { campaign_id: string; recipient_id: string } | null =>
  c.callbackCampaignId && c.callbackRecipientId ? { campaign_id: c.callbackCampaignId, recipient_id: c.callbackRecipientId } : null;

export type CallJson = ReturnType<typeof presentCallWith>;

function presentCallWith(c: CallFields, recordingUrl: string | null) {
  return {
    call_id: c.id,
    to: c.to,
    from: c.from,
    direction: c.direction,
    status: c.status,
    disposition: c.disposition,
    duration_seconds: c.durationSeconds,
    metadata: c.metadata,
    webhook_url: c.webhookUrl,
    task: c.task,
    questions: c.questions,
    max_duration_seconds: c.maxDurationSeconds,
    ring_timeout_seconds: c.ringTimeoutSeconds,
    voicemail_message: c.voicemailMessage,
    carrier: c.carrier,
    carrier_call_id: c.carrierCallId,
    carrier_status: c.carrierStatus,
    transcript: c.transcript,
    structured_answers: c.structuredAnswers,
    recording_url: recordingUrl,
    caller_name: c.callerName,
    language: c.agent?.language ?? null,
    voice: c.agent?.voice ?? null,
    llm: c.agent?.llm ?? null,
    instructions: c.agent?.instructions ?? null,
    agent_log: c.agentLog,
    turns: c.turns,
    latency: c.latency,
    opted_out: c.optedOut,
    callback_at: isoMicroOrNull(c.callbackAt),
    transfer_to: c.transferTo,
    transfer_when: c.transferTo ? (c.transferWhen ?? { callee_asks: true }) : null,
    transfer: c.transfer,
    amd: c.amd,
    ...(c.scheduledAt ? { schedule_at: isoMicro(c.scheduledAt) } : {}),
    ...(c.campaignId ? { campaign_id: c.campaignId } : {}),
    callback_of: callbackOf(c),
    created_at: isoMicro(c.createdAt),
    started_at: isoMicroOrNull(c.startedAt),
    ended_at: isoMicroOrNull(c.endedAt),
  };
}

export const presentCall = (c: CallFields, urls: RecordingUrls) => presentCallWith(c, c.recordingSeconds !== null ? urls.sign(c.id) : null);
