import type { LiveCarrier } from '../../carriers/sip/sip-carrier';
import type { Services } from '../../services';
import { Call, FINAL_STATUSES } from './call.entity';

/**
 * Dials a call on a live carrier (SIP), at most once. The attempt (carrier, Call-ID, lease) is
 * committed before the INVITE leaves; if this job runs again (a retry, a worker that died), the
 * recorded attempt may already have rung a phone, so the call is failed as carrier_error instead
 * of being dialed a second time. Returns once the INVITE is sent: the call then lives in this
 * process (timers and sockets) and reports its progress itself.
 */
export async function dialLiveCall(s: Services, carrier: LiveCarrier, callId: string): Promise<void> {
  const carrierCallId = carrier.newCarrierCallId();
  const { rows } = await s.db.pool.query<{ id: string }>(
    `update calls set carrier = $2, carrier_call_id = $3, live_until = now() + ($4::int * interval '1 millisecond'), updated_at = now()
      where id = $1 and status = 'queued' and carrier_call_id is null returning id`,
    [callId, carrier.name, carrierCallId, s.config.sip.callLeaseMs],
  );
  const call = await s.db.orm.em.fork().findOne(Call, { id: callId });
  if (!call || FINAL_STATUSES.has(call.status)) return;
  if (!rows.length) {
    if (!carrier.holds(callId)) await failUnsafeRedial(s, callId);
    return;
  }
  try {
    await carrier.place(call);
  } catch (err) {
    // Nothing was sent (no trunk, no port, unresolvable host): the call fails, it is not retried.
    s.log.error({ call_id: callId, err: (err as Error).message }, 'could not place the SIP call');
    await s.lifecycle.applyReport(s.db.orm.em.fork(), {
      callId,
      status: 'failed',
      disposition: 'carrier_error',
      durationSeconds: 0,
      carrierStatus: { code: null, reason: `The call could not be placed: ${(err as Error).message}` },
    });
  }
}

/** A dial attempt was recorded by a run that is gone: the INVITE may have been sent. */
export async function failUnsafeRedial(s: Services, callId: string): Promise<void> {
  await s.lifecycle.applyReport(s.db.orm.em.fork(), {
    callId,
    status: 'failed',
    disposition: 'carrier_error',
    durationSeconds: 0,
    carrierStatus: { code: null, reason: 'The worker handling the call stopped after dialing; the call was not dialed again' },
  });
}
