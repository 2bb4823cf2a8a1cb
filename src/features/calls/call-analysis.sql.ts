import { outboxCtes } from '../webhooks';
import type { Call } from './call.entity';
import type { CarrierCall } from './ports';

/** A completed call as the analysis reads it: what its carrier's analyzer, its call.analyzed event and the analyzed hooks need. */
export type CallToAnalyze = CarrierCall &
  Pick<Call, 'webhookUrl' | 'metadata' | 'campaignId' | 'recipientId' | 'callbackCampaignId' | 'callbackRecipientId' | 'optedOut' | 'analyzedAt' | 'callbackAt'>;

/** $1: the call id. One row in the shape of CallToAnalyze (the driver parses json and timestamps), or none. */
export const CALL_TO_ANALYZE_SQL = `
select id, org_id as "orgId", to_number as "to", from_number as "from", direction, greeting, status, task, questions,
       voicemail_message as "voicemailMessage", ring_timeout_seconds as "ringTimeoutSeconds", max_duration_seconds as "maxDurationSeconds",
       carrier, carrier_call_id as "carrierCallId", carrier_account as "carrierAccount", answered_by as "answeredBy", amd, disposition,
       duration_seconds as "durationSeconds", recording_seconds as "recordingSeconds", caller_name as "callerName",
       transfer_to as "transferTo", transfer_when as "transferWhen", transfer, agent, started_at as "startedAt", ended_at as "endedAt",
       webhook_url as "webhookUrl", metadata, campaign_id as "campaignId", recipient_id as "recipientId",
       callback_campaign_id as "callbackCampaignId", callback_recipient_id as "callbackRecipientId", opted_out as "optedOut",
       analyzed_at as "analyzedAt", callback_at as "callbackAt"
  from calls where id = $1::uuid`;

/**
 * Stores a completed call's analysis and records call.analyzed (its body built by the caller from
 * the call as read: a completed call's other fields no longer change), once: only a completed call
 * not yet analysed is updated, so a job run twice records nothing the second time. One statement.
 * $1 call id, $2 transcript, $3 structured answers (json), $4 recording seconds (null: kept),
 * $5 turns, $6 latency, $7 opted out, $8 agent log (null: kept), $9 callback_at, $10 the
 * delivery id, $11 the event body. Returns the stored call's fields (none when nothing was stored)
 * and `jobs` (due now, to wake the workers).
 */
export const RECORD_ANALYSIS_SQL = `
with changed as (
  update calls
     set transcript = $2::text, structured_answers = $3::json, recording_seconds = coalesce($4::int, recording_seconds),
         turns = $5::jsonb, latency = $6::jsonb, opted_out = opted_out or $7::boolean, agent_log = coalesce($8::jsonb, agent_log),
         callback_at = $9::timestamptz, analyzed_at = now(), updated_at = now()
   where id = $1::uuid and status = 'completed' and analyzed_at is null
  returning id, org_id, webhook_url, status, disposition, duration_seconds, started_at, ended_at, analyzed_at, campaign_id
), ${outboxCtes(
  { from: 'changed', orgId: '(select org_id from changed)', callId: 'changed.id', callUrl: '(select webhook_url from changed)', deliveryId: '$10::uuid', event: "'call.analyzed'", payload: '$11::text' },
  { notify: false },
)}
select (select count(*) from outbox_job)::int as jobs,
       changed.id, changed.org_id as "orgId", changed.status, changed.disposition, changed.duration_seconds as "durationSeconds",
       changed.started_at as "startedAt", changed.ended_at as "endedAt", changed.analyzed_at as "analyzedAt", changed.campaign_id as "campaignId"
  from (select 1) as one left join changed on true`;
