import type { CarrierReport } from '../../carriers/carrier';
import type { LiveCallSink } from '../../carriers/sip/sip-carrier';
import type { Database } from '../../db/database';
import type { CallLifecycle } from './call-lifecycle';

/** How a live carrier's calls reach the database: reports through the lifecycle, recordings into call_recordings. */
export function liveCallSink(db: Database, lifecycle: CallLifecycle): LiveCallSink {
  return {
    async report(report: CarrierReport) {
      await lifecycle.applyReport(db.orm.em.fork(), report);
    },
    async saveConversation(callId, c) {
      await db.pool.query(
        `insert into call_recordings (call_id, audio, seconds, transcript, structured_answers) values ($1, $2, $3, $4, $5::json)
         on conflict (call_id) do nothing`,
        [callId, c.audio, c.seconds, c.transcript, JSON.stringify(c.answers)],
      );
    },
    async renewLeases(callIds, leaseMs) {
      const { rows } = await db.pool.query<{ id: string; status: string }>(
        `update calls set live_until = case when status in ('completed', 'failed', 'canceled') then live_until
                                            else now() + ($2::int * interval '1 millisecond') end
          where id = any($1::uuid[]) returning id, status`,
        [callIds, leaseMs],
      );
      return rows.filter((r) => r.status === 'completed' || r.status === 'failed' || r.status === 'canceled').map((r) => r.id);
    },
  };
}
