import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import type { LiveCarrier } from '../../carriers/sip/sip-carrier';
import type { Logger } from '../../common/logger';
import type { CallLifecycle } from './call-lifecycle';
import { Call, FINAL_STATUSES } from './call.entity';

export interface LiveDialDeps {
  em: () => EntityManager;
  pool: Pick<Pool, 'query'>;
  lifecycle: CallLifecycle;
  log: Logger;
  carrier: LiveCarrier;
  /** How long a recorded dial attempt is held by this process before the sweeper may fail it. */
  leaseMs: number;
}

/**
 * Dials a call on a live carrier (SIP), at most once. The attempt (carrier, Call-ID, lease) is
 * committed before the INVITE leaves; if this job runs again (a retry, a worker that died), the
 * recorded attempt may already have rung a phone, so the call is failed as carrier_error instead
 * of being dialed a second time. Returns once the INVITE is sent: the call then lives in this
 * process (timers and sockets) and reports its progress itself.
 */
export async function dialLiveCall(deps: LiveDialDeps, callId: string): Promise<void> {
  const { carrier } = deps;
  const carrierCallId = carrier.newCarrierCallId();
  const { rows } = await deps.pool.query<{ id: string }>(
    `update calls set carrier = $2, carrier_call_id = $3, live_until = now() + ($4::int * interval '1 millisecond'), updated_at = now()
      where id = $1 and status = 'queued' and carrier_call_id is null returning id`,
    [callId, carrier.name, carrierCallId, deps.leaseMs],
  );
  const call = await deps.em().findOne(Call, { id: callId });
  if (!call || FINAL_STATUSES.has(call.status)) return;
  if (!rows.length) {
    if (!carrier.holds(callId)) await failUnsafeRedial(deps, callId);
    return;
  }
  try {
    await carrier.place(call);
  } catch (err) {
    // Nothing was sent (no trunk, no port, unresolvable host): the call fails, it is not retried.
    deps.log.error({ call_id: callId, err: (err as Error).message }, 'could not place the SIP call');
    await deps.lifecycle.applyReport(deps.em(), {
      callId,
      status: 'failed',
      disposition: 'carrier_error',
      durationSeconds: 0,
      carrierStatus: { code: null, reason: `The call could not be placed: ${(err as Error).message}` },
    });
  }
}

/** A dial attempt was recorded by a run that is gone: the INVITE may have been sent. */
export async function failUnsafeRedial(deps: { em: () => EntityManager; lifecycle: CallLifecycle }, callId: string): Promise<void> {
  await deps.lifecycle.applyReport(deps.em(), {
    callId,
    status: 'failed',
    disposition: 'carrier_error',
    durationSeconds: 0,
    carrierStatus: { code: null, reason: 'The worker handling the call stopped after dialing; the call was not dialed again' },
  });
}

/**
 * For a database that no live process has used yet (the embedded server, at start-up): every call
 * still held live (SIP) belonged to a process that is gone, so its lease is cut short and the
 * sweeper's next pass fails it as carrier_error (never dialed again) instead of after the lease.
 */
export async function expireLiveCalls(pool: Pick<Pool, 'query'>): Promise<number> {
  const { rowCount } = await pool.query(
    `update calls set live_until = now() where live_until > now() and status in ('queued', 'ringing', 'in_progress')`,
  );
  return rowCount ?? 0;
}
