import { localParts } from '../../src/features/campaigns/calling-window';
import { CampaignDispatcher } from '../../src/features/campaigns/campaign-dispatcher';
import { bearer, signup } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

// No worker: the dispatcher runs here, on the real database, with an injected clock.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const DAY = 86_400_000;
/** The first Monday 00:00 UTC at least three days from now. */
function nextMonday(): Date {
  const d = new Date(Date.now() + 3 * DAY);
  d.setUTCHours(0, 0, 0, 0);
  while (d.getUTCDay() !== 1) d.setTime(d.getTime() + DAY);
  return d;
}

test("each recipient is called inside the window of its own zone (given, from its number, or the campaign's), evaluated on the injected clock", async () => {
  const org = await signup(app);
  const monday = nextMonday();
  const res = await app
    .http()
    .post('/v1/campaigns')
    .set(bearer(org.apiKey))
    .send({
      name: 'windows',
      start_at: new Date(monday.getTime() - DAY).toISOString(),
      time_zone: 'America/Sao_Paulo',
      calling_window: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '17:00' },
      max_concurrent_calls: 50,
      max_calls_per_second: 50,
      recipients: [
        { to: '+81312345678' }, // Tokyo, from the number
        { to: '+12125550100' }, // New York, from the number
        { to: '+442071234567' }, // London, from the number
        { to: '+12125550101', time_zone: 'Australia/Sydney' }, // given zone wins over the number
        { to: '+15555550100' }, // unassigned area code: no common hours in its zones -> the campaign's zone
      ],
    })
    .expect(201);
  const id = res.body.campaign_id as string;
  expect(res.body.status).toBe('scheduled');
  const state = async (): Promise<Record<string, any>> =>
    Object.fromEntries(
      (await app.db.pool.query(`select to_number, status, next_attempt_at, time_zones, time_zone_source from campaign_recipients where campaign_id = $1`, [id])).rows.map((r) => [r.to_number, r]),
    );
  const before = await state();
  expect(before['+12125550101']).toMatchObject({ time_zones: ['Australia/Sydney'], time_zone_source: 'given' });
  expect(before['+15555550100']).toMatchObject({ time_zones: ['America/Sao_Paulo'], time_zone_source: 'campaign' });
  // Every first attempt is due at Monday 09:00 in its own zone.
  for (const [to, zone] of [['+81312345678', 'Asia/Tokyo'], ['+12125550100', 'America/New_York'], ['+442071234567', 'Europe/London'], ['+12125550101', 'Australia/Sydney'], ['+15555550100', 'America/Sao_Paulo']] as const) {
    const local = localParts(new Date(before[to].next_attempt_at), zone);
    expect([to, local.weekday, local.minutes]).toEqual([to, 'mon', 9 * 60]);
  }

  let now = new Date(monday.getTime() + 60 * 60_000); // Monday 01:00 UTC: 10:00 Tokyo, 12:00 Sydney, Sunday evening in the Americas
  const dispatcher = new CampaignDispatcher({ now: () => now }, 1000);
  const tick = () => dispatcher.tick(app.db.orm.em.fork(), id);
  const first = await tick();
  expect(first.dialed).toBe(2);
  let s = await state();
  expect(Object.entries(s).filter(([, r]) => (r as { status: string }).status === 'calling').map(([to]) => to).sort()).toEqual(['+12125550101', '+81312345678']);
  expect((await app.db.pool.query(`select status, started_at from campaigns where id = $1`, [id])).rows[0]).toMatchObject({ status: 'running' });

  // A retry that falls due at night is not dialed: it waits for the next opening in its zone.
  await app.db.pool.query(`update campaign_recipients set next_attempt_at = $2 where campaign_id = $1 and to_number = '+12125550100'`, [id, new Date(monday.getTime() + 2 * 3600_000)]);
  now = new Date(monday.getTime() + 2 * 3600_000 + 60_000); // Sunday 21:01 in New York
  const second = await tick();
  expect(second).toMatchObject({ dialed: 0, deferred: 1 });
  s = await state();
  const ny = localParts(new Date(s['+12125550100'].next_attempt_at), 'America/New_York');
  expect([ny.weekday, ny.minutes]).toEqual(['mon', 9 * 60]);

  now = new Date(new Date(s['+442071234567'].next_attempt_at).getTime() + 60_000); // 09:01 London
  expect((await tick()).dialed).toBe(1);
  expect((await state())['+442071234567'].status).toBe('calling');
});

