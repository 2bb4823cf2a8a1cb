import dgram from 'node:dgram';
import { bearer, eventually, signup } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The dial job of a SIP call runs again after its attempt was recorded (a retry, or a worker
 * that died between recording the dial and finishing the job): the INVITE may have been sent, so
 * the call is failed as carrier_error, and nothing reaches the trunk.
 */
describe('a SIP dial attempt already recorded is never sent again', () => {
  let app: TestApp;
  let trunk: dgram.Socket;
  const received: Buffer[] = [];

  beforeAll(async () => {
    trunk = dgram.createSocket('udp4');
    trunk.on('message', (m) => received.push(m));
    await new Promise<void>((r) => trunk.bind(0, '127.0.0.1', () => r()));
    app = await startTestApp({
      CARRIER: 'sip',
      SIP_TRUNK_URL: `sip:127.0.0.1:${trunk.address().port}`,
      SIP_BIND_ADDRESS: '127.0.0.1',
      SIP_PORT: '0',
      STT_ENGINE: 'none',
    });
  });
  afterAll(async () => {
    await app?.close();
    trunk?.close();
  });

  test('failed/carrier_error with a clear reason; no datagram sent', async () => {
    const org = await signup(app);
    const id = (await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550111' }).expect(201)).body.call_id;
    // As if an earlier run of the job had recorded the dial and then died.
    await app.db.pool.query(`update calls set carrier = 'sip', carrier_call_id = 'earlier-attempt@voicegate', live_until = now() + interval '1 hour' where id = $1`, [id]);
    await app.startWorker();
    const call = await eventually(async () => {
      const c = (await app.http().get(`/v1/calls/${id}`).set(bearer(org.apiKey))).body;
      return c.status === 'failed' ? c : undefined;
    }, { timeoutMs: 30_000, what: 'the call to fail' });
    expect(call).toMatchObject({ disposition: 'carrier_error', carrier: 'sip', carrier_call_id: 'earlier-attempt@voicegate', carrier_status: { code: null } });
    expect(call.carrier_status.reason).toMatch(/not dialed again/);
    expect(received).toHaveLength(0);
  });
});
