import { isoMicro, isoMicroOrNull } from '../../common/time';
import { CALLBACK_AFTER_DEFAULT, type Campaign } from './campaign.entity';

export type CampaignCounts = Record<'total' | 'pending' | 'calling' | 'completed' | 'failed' | 'suppressed' | 'canceled', number>;

export const emptyCounts = (): CampaignCounts => ({ total: 0, pending: 0, calling: 0, completed: 0, failed: 0, suppressed: 0, canceled: 0 });

export function presentCampaign(c: Campaign, counts: CampaignCounts) {
  return {
    campaign_id: c.id,
    name: c.name,
    status: c.status,
    counts,
    task: c.task,
    questions: c.questions,
    webhook_url: c.webhookUrl,
    metadata: c.metadata,
    start_at: isoMicro(c.startAt),
    end_at: isoMicroOrNull(c.endAt),
    time_zone: c.timeZone,
    calling_window: c.callingWindow,
    max_concurrent_calls: c.maxConcurrentCalls,
    max_calls_per_second: c.maxCallsPerSecond,
    retry: { ...c.retry, callback_requested: c.retry.callback_requested ?? CALLBACK_AFTER_DEFAULT },
    created_at: isoMicro(c.createdAt),
    started_at: isoMicroOrNull(c.startedAt),
    completed_at: isoMicroOrNull(c.completedAt),
  };
}
export type CampaignJson = ReturnType<typeof presentCampaign>;

export interface RecipientRow {
  id: string;
  to_number: string;
  metadata: Record<string, unknown> | null;
  time_zone: string | null;
  time_zones: string[];
  time_zone_source: string;
  status: string;
  attempts: number;
  last_call_id: string | null;
  last_disposition: string | null;
  next_attempt_at: Date | null;
  created_at: Date;
  /** Of its latest call (null before one is analyzed). */
  answers: Record<string, unknown> | null;
  opted_out: boolean | null;
  called_back_at: Date | null;
  callback_call_id: string | null;
}

export function presentRecipient(r: RecipientRow) {
  return {
    recipient_id: r.id,
    to: r.to_number,
    time_zone: r.time_zone ?? (r.time_zones.length === 1 ? r.time_zones[0]! : null),
    time_zones: r.time_zones,
    time_zone_source: r.time_zone_source,
    status: r.status,
    attempts: r.attempts,
    last_call_id: r.last_call_id,
    last_disposition: r.last_disposition,
    next_attempt_at: isoMicroOrNull(r.status === 'pending' ? r.next_attempt_at : null),
    metadata: r.metadata,
    answers: r.answers,
    opted_out: r.opted_out === true,
    called_back_at: isoMicroOrNull(r.called_back_at),
    callback_call_id: r.callback_call_id,
    created_at: isoMicro(r.created_at),
  };
}
