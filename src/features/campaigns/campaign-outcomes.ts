import type { EntityManager } from '@mikro-orm/postgresql';
import { addJobs, job } from '../../queue';
import type { Clock } from '../../common/clock';
import type { AnalyzedCall, Call, CallAnalyzedHook, CallFinishedHook, Disposition, FinishedCall } from '../calls';
import { CALLBACK_AFTER_DEFAULT, type RetryPolicy } from './campaign.entity';

const WAKE_COALESCE_MS = 100;

/** The next step for a recipient whose call ended: final status, or another attempt after a delay. */
export function outcome(disposition: Disposition, attempt: number, retry: RetryPolicy, campaignOpen: boolean): { status: 'completed' | 'failed' | 'canceled' | 'pending'; afterSeconds?: number } {
  // Reached: a person (or their voicemail) heard the call; a wrong number reached someone too, and is never called again;
  // a call handed to a person (transferred) reached the callee.
  const finalFor = (d: Disposition) =>
    d === 'human' || d === 'voicemail' || d === 'wrong_number' || d === 'callback_requested' || d === 'transferred' ? 'completed' : d === 'canceled' ? 'canceled' : 'failed';
  if (!campaignOpen || attempt >= retry.max_attempts) return { status: finalFor(disposition) };
  switch (disposition) {
    case 'busy':
      return { status: 'pending', afterSeconds: retry.busy.after_seconds };
    case 'no_answer':
      return { status: 'pending', afterSeconds: retry.no_answer.after_seconds };
    case 'voicemail':
      return { status: 'pending', afterSeconds: retry.voicemail.after_seconds };
    case 'callback_requested':
      // Moved to the time the callee gave, if any, once the call is analysed (callbackAnalyzedHook).
      return { status: 'pending', afterSeconds: (retry.callback_requested ?? CALLBACK_AFTER_DEFAULT).after_seconds };
    case 'carrier_error':
      // Exponential back-off: after, 2 × after, 4 × after...
      return { status: 'pending', afterSeconds: retry.carrier_error.after_seconds * 2 ** (attempt - 1) };
    default:
      // human, transferred: reached; wrong_number and invalid_number: never retried; canceled: someone canceled the call.
      return { status: finalFor(disposition) };
  }
}

/**
 * Registered on CallLifecycle.onFinished: in the transaction that ends a campaign call, moves its
 * recipient on by the retry policy and wakes the campaign's dispatcher. A recipient whose call
 * was withdrawn by pause or cancel has already moved on (it is no longer `calling` this call).
 */
export function campaignOutcomeHook(clock: Clock): CallFinishedHook {
  return { applies: 'c.campaign_id is not null and c.recipient_id is not null', run: (em, call) => campaignOutcome(clock, em, call) };
}

async function campaignOutcome(clock: Clock, em: EntityManager, call: FinishedCall): Promise<void> {
  if (!call.campaignId || !call.recipientId) return;
  const rows: Array<{ status: string; retry: RetryPolicy }> = await em.execute('select status, retry from campaigns where id = ?', [call.campaignId]);
  const campaign = rows[0];
  if (!campaign) return;
  const next = outcome(call.disposition ?? 'carrier_error', call.attempt ?? 1, campaign.retry, campaign.status !== 'canceled' && campaign.status !== 'completed');
  const at = next.afterSeconds !== undefined ? new Date(clock.now().getTime() + next.afterSeconds * 1000).toISOString() : null;
  await em.execute(
    `update campaign_recipients set status = ?, last_disposition = ?, next_attempt_at = ?::timestamptz, updated_at = now()
      where id = ? and last_call_id = ? and status = 'calling'`,
    [next.status, call.disposition, at, call.recipientId, call.id],
  );
  // Coalesced: calls ending together wake the campaign once, within WAKE_COALESCE_MS.
  await addJobs(em, job('dispatchCampaign', { campaignId: call.campaignId }, { runAt: new Date(Date.now() + WAKE_COALESCE_MS), keyMode: 'earliest' }));
}

/**
 * Registered on CallLifecycle.onAnalyzed: a callee who asked to be called back at a given time
 * (disposition callback_requested with callback_at, known once the call is analysed) is called
 * again then, rather than after the policy's callback_requested delay. Only while the recipient
 * still waits for that retry (the policy allowed one and nothing moved it on since).
 */
export const campaignCallbackHook: CallAnalyzedHook = {
  applies: (call) => !!(call.campaignId && call.recipientId && call.disposition === 'callback_requested' && call.callbackAt),
  run: campaignCallback,
};

async function campaignCallback(em: EntityManager, call: AnalyzedCall): Promise<void> {
  if (!call.campaignId || !call.recipientId || call.disposition !== 'callback_requested' || !call.callbackAt) return;
  const rows: Array<{ next_attempt_at: Date }> = await em.execute(
    `update campaign_recipients set next_attempt_at = greatest(?::timestamptz, now()), updated_at = now()
      where id = ? and last_call_id = ? and status = 'pending'
      returning next_attempt_at`,
    [call.callbackAt.toISOString(), call.recipientId, call.id],
  );
  const at = rows[0]?.next_attempt_at;
  if (at) await addJobs(em, job('dispatchCampaign', { campaignId: call.campaignId }, { runAt: new Date(at), keyMode: 'earliest' }));
}

/**
 * Registered on CallLifecycle.onInbound: an inbound call from a number a campaign of the
 * organization called (at least once) is a callback. It is linked to the most recent such
 * recipient with that number (callback_of), which is marked called back (called_back_at, callback_call_id). A recipient still
 * waiting to be called (pending, or failed after its attempts) has been reached: it becomes
 * completed and is not called again, and its campaign's dispatcher is woken (the campaign may now
 * be done). A recipient with a call in flight, or already final, keeps its status.
 */
export async function campaignCallbackOfHook(em: EntityManager, call: Call): Promise<{ campaignId: string; recipientId: string } | null> {
  if (!call.from) return null;
  const rows: Array<{ id: string; campaign_id: string; reached: boolean }> = await em.execute(
    `with latest as (
       select id, status from campaign_recipients where org_id = ? and to_number = ? and attempts > 0 order by created_at desc, id desc limit 1 for update
     )
     update campaign_recipients r
        set called_back_at = now(), callback_call_id = ?, updated_at = now(),
            status = case when latest.status in ('pending', 'failed') then 'completed' else r.status end,
            next_attempt_at = case when latest.status in ('pending', 'failed') then null else r.next_attempt_at end
       from latest
      where r.id = latest.id
     returning r.id, r.campaign_id, latest.status in ('pending', 'failed') as reached`,
    [call.orgId, call.from, call.id],
  );
  const recipient = rows[0];
  if (!recipient) return null;
  if (recipient.reached) await addJobs(em, job('dispatchCampaign', { campaignId: recipient.campaign_id }, { runAt: new Date(Date.now() + WAKE_COALESCE_MS), keyMode: 'earliest' }));
  return { campaignId: recipient.campaign_id, recipientId: recipient.id };
}
