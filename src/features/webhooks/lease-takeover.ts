import type { Pool } from 'pg';
import { addJobsSql } from '../../queue';

/**
 * Attempts that were in flight in worker processes that are gone (a crash): their leases are freed
 * and their deliveries queued again at once, instead of after the lease has run out (the
 * sweeper's way, up to WEBHOOK_TIMEOUT_SECONDS + 10 s later). `holders`: the dead processes'
 * lease holders (PROCESS_ID), or `'all'` for a database that no live process has used yet (the
 * embedded server, at start-up). Only scheduled deliveries (pending) are taken over; a manual
 * attempt cut short is not repeated by itself. The receiver may have got the cut attempt: it gets
 * the same bytes and webhook-id again (delivery is at least once).
 */
export async function takeOverLeases(pool: Pick<Pool, 'query'>, holders: readonly string[] | 'all'): Promise<number> {
  if (holders !== 'all' && holders.length === 0) return 0;
  const { rows } = await pool.query<{ n: number }>(
    `with freed as (
       update webhook_deliveries set lease_until = null
        where state = 'pending' and next_attempt_at <= now() and lease_until > now()
          and ($1::text[] is null or leased_by = any($1::text[]))
       returning id
     )
     -- A delivery whose scheduled attempt waits parked (a manual attempt held the lease) has it
     -- already: a job besides would make two scheduled attempts. Its lease is freed all the same.
     select count(*)::int as n from (${addJobsSql('deliver', { from: 'freed where not exists (select 1 from webhook_parked p where p.delivery_id = freed.id)', fields: { deliveryId: 'freed.id' } })}) added`,
    [holders === 'all' ? null : holders],
  );
  return rows[0]?.n ?? 0;
}
