import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import type { CarrierReport } from '../../carriers/carrier';
import type { LiveCallSink } from '../../carriers/sip/sip-carrier';
import type { CallLifecycle } from './call-lifecycle';

/** How a live carrier's calls reach the database: reports through the lifecycle, recordings into call_recordings. */
export function liveCallSink(deps: { em: () => EntityManager; pool: Pick<Pool, 'query'>; lifecycle: CallLifecycle }): LiveCallSink {
  const { pool, lifecycle } = deps;
  return {
    async report(report: CarrierReport) {
      await lifecycle.applyReport(deps.em(), report);
    },
    async saveConversation(callId, c) {
      await pool.query(
        `insert into call_recordings (call_id, audio, seconds, transcript, structured_answers, turns, opted_out, callback_at)
         values ($1, $2, $3, $4, $5::json, $6::jsonb, $7, $8::timestamptz)
         on conflict (call_id) do nothing`,
        [callId, c.audio, c.seconds, c.transcript, JSON.stringify(c.answers), JSON.stringify(c.turns ?? []), c.optOut === true, c.callbackAt?.toISOString() ?? null],
      );
    },
    async renewLeases(callIds, leaseMs) {
      const { rows } = await pool.query<{ id: string; status: string }>(
        `update calls set live_until = case when status in ('completed', 'failed', 'canceled') then live_until
                                            else now() + ($2::int * interval '1 millisecond') end
          where id = any($1::uuid[]) returning id, status`,
        [callIds, leaseMs],
      );
      return rows.filter((r) => r.status === 'completed' || r.status === 'failed' || r.status === 'canceled').map((r) => r.id);
    },
  };
}
