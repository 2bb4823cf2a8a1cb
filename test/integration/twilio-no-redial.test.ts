import { bearer, eventually, recordSecret, signup } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { TwilioFarEnd } from '../helpers/twilio-far-end';

/**
 * The dial job of a Twilio call runs again after its attempt was recorded but before Twilio's
 * CallSid was (a worker that died during Calls.create): Twilio may have created the call, so it
 * is failed as carrier_error and Calls.create is not sent again.
 */
describe('a Twilio dial attempt already recorded is never sent again', () => {
  let app: TestApp;
  let farEnd: TwilioFarEnd;

  beforeAll(async () => {
    farEnd = new TwilioFarEnd('https://voicegate.example.test', () => app.url);
    await farEnd.start();
    app = await startTestApp({ PUBLIC_BASE_URL: 'https://voicegate.example.test', TWILIO_API_BASE_URL: farEnd.url });
  });
  afterAll(async () => {
    await app?.close();
    await farEnd?.close();
  });

  test('failed/carrier_error; the far end never sees a second Calls.create', async () => {
    const org = await signup(app);
    const account = farEnd.addAccount();
    recordSecret(account.authToken);
    await app.http().put('/dashboard/carrier').set(bearer(org.token)).send({ type: 'twilio', account_sid: account.accountSid, auth_token: account.authToken, numbers: ['+14155550100'] }).expect(200);
    const id = (await app.http().post('/v1/calls/outbound').set(bearer(org.apiKey)).send({ to: '+14155550111' }).expect(201)).body.call_id;
    // As if an earlier run of the job had recorded the attempt and died inside Calls.create.
    await app.db.pool.query(`update calls set carrier = 'twilio', carrier_account = $2 where id = $1`, [id, account.accountSid]);
    await app.startWorker();
    const call = await eventually(async () => {
      const c = (await app.http().get(`/v1/calls/${id}`).set(bearer(org.apiKey))).body;
      return c.status === 'failed' ? c : undefined;
    }, { timeoutMs: 30_000, what: 'the call to fail' });
    expect(call).toMatchObject({ disposition: 'carrier_error', carrier: 'twilio', carrier_call_id: null });
    expect(call.carrier_status.reason).toMatch(/not dialed again/);
    expect(farEnd.calls.size).toBe(0);
  });
});
