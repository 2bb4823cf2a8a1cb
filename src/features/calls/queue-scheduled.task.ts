import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { addJobs, job, type TaskPayloads } from '../../queue';
import { Call } from './call.entity';
import type { CallLifecycle } from './call-lifecycle';

/** How long a due scheduled call waits when its organization is at its open-calls ceiling. */
const CEILING_RETRY_MS = 5000;

/**
 * A scheduled call is due: it becomes queued (call.queued) and its dial job is added, in one
 * transaction. A number suppressed since the call was scheduled is never dialed: the call ends
 * canceled (call.ended, disposition canceled). At the organization's open-calls ceiling the call
 * stays scheduled and is tried again shortly.
 */
export function queueScheduledTask(deps: { em: () => EntityManager; lifecycle: CallLifecycle; maxOpenCallsPerOrg: () => number | null }) {
  return async ({ callId }: TaskPayloads['queueScheduled']): Promise<void> => {
    await deps.em().transactional(async (em) => {
      const call = await em.findOne(Call, { id: callId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!call || call.status !== 'scheduled') return; // canceled meanwhile, or queued already
      const suppressed: unknown[] = await em.execute('select 1 from suppressions where org_id = ? and number = ?', [call.orgId, call.to]);
      if (suppressed.length > 0) {
        await deps.lifecycle.finish(em, call, 'canceled', 'canceled', 0);
        return;
      }
      const max = deps.maxOpenCallsPerOrg();
      if (max !== null) {
        const rows: Array<{ n: number }> = await em.execute(
          `select count(*)::int as n from calls where org_id = ? and status in ('queued', 'ringing', 'in_progress')`,
          [call.orgId],
        );
        if ((rows[0]?.n ?? 0) >= max) {
          await addJobs(em, job('queueScheduled', { callId }, { runAt: new Date(Date.now() + CEILING_RETRY_MS) }));
          return;
        }
      }
      await deps.lifecycle.queueScheduled(em, call);
    });
  };
}
