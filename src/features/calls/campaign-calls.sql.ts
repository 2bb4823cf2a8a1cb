/**
 * The calls of one campaign tick, as a CTE the campaigns feature puts into its dispatch statement:
 * the calls feature alone writes `calls`, and this keeps the tick one round trip. `from` names a
 * relation with `call_id uuid, recipient_id uuid, to_number text, metadata json, attempt int`; the
 * other fields are SQL expressions (parameters) shared by every call of the tick.
 *
 * `created_at` is the statement's start, not the transaction's (`now()`): the tick counts the calls
 * still open after waiting for the campaign's row, so a call it starts in a place freed by a call
 * that ended meanwhile is created after that call's `ended_at` (the ending transaction's start),
 * and a campaign's calls, read by their timestamps, are never more than max_concurrent_calls open.
 */
export function insertCampaignCallsCte(name: string, p: { from: string; orgId: string; webhookUrl: string; task: string; questions: string; maxDurationSeconds: string; campaignId: string; callerName: string }): string {
  return `${name} as (
  insert into calls (id, org_id, to_number, status, metadata, webhook_url, task, questions, max_duration_seconds, campaign_id, recipient_id, attempt, created_at, updated_at, caller_name)
  select ${p.from}.call_id, ${p.orgId}, ${p.from}.to_number, 'queued', ${p.from}.metadata, ${p.webhookUrl}, ${p.task}, ${p.questions}, ${p.maxDurationSeconds}, ${p.campaignId}, ${p.from}.recipient_id, ${p.from}.attempt, statement_timestamp(), statement_timestamp(), ${p.callerName}
    from ${p.from}
  returning id
)`;
}
