import { bearer, signup } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { Migration20261126000000_canonical_phone_numbers } from '../../src/db/migrations/Migration20261126000000_canonical_phone_numbers';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/**
 * Rows written before numbers were canonical (the form as sent) are rewritten by the migration;
 * a number libphonenumber finds impossible is left exactly as stored.
 */
test('the migration canonicalises stored numbers where safe: suppressions (deduplicated), recipients, calls, caller IDs', async () => {
  const org = await signup(app);
  const sql = (text: string, values: unknown[] = []) => app.db.pool.query(text, values);
  const v1 = (path: string, body: object) => app.http().post(`/v1${path}`).set(bearer(org.apiKey)).send(body);

  // As an older version stored them: suppressions in two forms of one number, one in the old form only, one impossible.
  await sql(`insert into suppressions (org_id, number, source) values ($1, '+442071234567', 'api'), ($1, '+4402071234567', 'api'), ($1, '+4402079460000', 'api'), ($1, '+999123456789', 'api')`, [org.orgId]);
  const campaign = await v1('/campaigns', { name: 'old rows', start_at: new Date(Date.now() + 3600_000).toISOString(), recipients: [{ to: '+441134960000' }] }).expect(201);
  await sql(`update campaign_recipients set to_number = '+4401134960000' where campaign_id = $1`, [campaign.body.campaign_id]);
  const call = await v1('/calls/outbound', { to: '+441134960001' }).expect(201);
  await sql(`update calls set to_number = '+4401134960001', from_number = '+4402071234567' where id = $1`, [call.body.call_id]);
  await app.http().put('/dashboard/carrier').set(bearer(org.token)).send({ type: 'twilio', account_sid: `AC${'b'.repeat(32)}`, auth_token: 'twilio-token-2', numbers: ['+442071234567'] }).expect(200);
  await sql(`update carrier_connections set numbers = '["+4402071234567", "+442071234567", "+999123456789"]'::jsonb where org_id = $1`, [org.orgId]);

  await new Migration20261126000000_canonical_phone_numbers(app.db.orm.em.getDriver(), app.db.orm.config).up();

  expect((await sql(`select number from suppressions where org_id = $1 order by number`, [org.orgId])).rows.map((r) => r.number)).toEqual(['+442071234567', '+442079460000', '+999123456789']);
  expect((await app.http().get(`/v1/campaigns/${campaign.body.campaign_id}/recipients`).set(bearer(org.apiKey)).expect(200)).body.data.map((r: { to: string }) => r.to)).toEqual(['+441134960000']);
  const got = await app.http().get(`/v1/calls/${call.body.call_id}`).set(bearer(org.apiKey)).expect(200);
  expect([got.body.to, got.body.from]).toEqual(['+441134960001', '+442071234567']);
  expect((await app.http().get('/dashboard/carrier').set(bearer(org.token)).expect(200)).body.numbers).toEqual(['+442071234567', '+999123456789']);
  // The rewritten suppression now stops the number whatever form a request uses.
  expect((await v1('/calls/outbound', { to: '+442079460000' }).expect(422)).body.code).toBe('number_suppressed');
});
