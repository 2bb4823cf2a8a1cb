import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import jwt from 'jsonwebtoken';
import { ChangePasswordDocument, LogoutAllDocument, MeDocument } from '../graphql/generated';
import { bearer, recordSecret, signup, uniqueEmail, type TestOrg } from '../helpers/factories';
import { gql } from '../helpers/graphql';
import { Mailbox, RESET_SUBJECT, storedTokenHash, verifyByMail } from '../helpers/mailbox';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The account lifecycle (docs/accounts.md): password reset, password change, signing out
 * everywhere, the token lifetime cap, lockout recovery and admin:promote, over real HTTP and a
 * real SMTP server.
 */
const run = promisify(execFile);
let app: TestApp;
let box: Mailbox;

beforeAll(async () => {
  box = await Mailbox.start();
  // Rate limits on, with a small login quota per address: the lockout is part of what is tested.
  app = await startTestApp({ SMTP_URL: box.url, RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_LOGIN_EMAIL_PER_15_MIN: '3' });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await box?.close();
});

const me = (token: string) => app.http().get('/auth/me').set(bearer(token));
const login = (email: string, password: string) => app.http().post('/auth/login').send({ email, password });
const expectRevoked = async (token: string) => {
  const res = await me(token);
  expect([res.status, res.body.code]).toEqual([401, 'token_revoked']);
};

async function resetTokenFor(email: string, nth = 1): Promise<string> {
  await app.http().post('/auth/password-reset').send({ email }).expect(202);
  return (await box.waitFor(email, RESET_SUBJECT, { nth })).token!;
}

describe('password reset', () => {
  test('202 for every address, a mail only for an account; the reset ends earlier tokens and works once', async () => {
    const org = await signup(app);
    const nobody = uniqueEmail('nobody');
    for (const email of [nobody, 'not even an address', org.email.toUpperCase()]) {
      const res = await app.http().post('/auth/password-reset').send({ email });
      expect([email, res.status, res.body]).toEqual([email, 202, { status: 'accepted' }]);
    }
    const mail = await box.waitFor(org.email, RESET_SUBJECT);
    expect(mail.link).toBe(`${app.config.publicBaseUrl}/reset-password?token=${mail.token}`);
    expect(box.to(nobody)).toEqual([]);
    const row = await app.db.pool.query(`select extract(epoch from expires_at - created_at)::int as lifetime from email_tokens where token_hash = $1`, [storedTokenHash(mail.token!)]);
    expect(row.rows[0].lifetime).toBe(3600);

    // Asking is not acting: the old password and token still work until the link is used.
    await me(org.token).expect(200);
    const weak = await app.http().post('/auth/password-reset/confirm').send({ token: mail.token, password: 'short' });
    expect([weak.status, weak.body.code]).toEqual([422, 'validation_error']);
    const done = await app.http().post('/auth/password-reset/confirm').send({ token: mail.token, password: 'a new password here' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: app.config.jwtExpireHours * 3600 });
    recordSecret(done.body.access_token);

    await expectRevoked(org.token);
    expect((await login(org.email, org.password)).status).toBe(401);
    expect((await me(done.body.access_token)).body).toMatchObject({ email: org.email, email_verified: true });
    const again = await app.http().post('/auth/password-reset/confirm').send({ token: mail.token, password: 'another new password' });
    expect([again.status, again.body.code]).toEqual([400, 'invalid_token']);
    const relogin = await login(org.email, 'a new password here');
    expect(relogin.status).toBe(200);
  });

  test('ten wrong guesses do not lock the owner out for good: a completed reset lifts the lockout', async () => {
    const org = await signup(app);
    for (let i = 0; i < 3; i++) expect((await login(org.email, `wrong guess ${i}`)).status).toBe(401);
    const locked = await login(org.email, org.password);
    expect([locked.status, locked.body.code]).toEqual([429, 'rate_limited']);

    const token = await resetTokenFor(org.email);
    const done = await app.http().post('/auth/password-reset/confirm').send({ token, password: 'unlocked password' });
    expect(done.status).toBe(200);
    recordSecret(done.body.access_token);
    const back = await login(org.email, 'unlocked password');
    expect(back.status).toBe(200);
    recordSecret(back.body.access_token);
  });
});

describe('password change and signing out everywhere', () => {
  test('change-password needs the current password, returns a new token and ends the others', async () => {
    const org = await signup(app);
    const second = (await login(org.email, org.password)).body.access_token as string;
    recordSecret(second);
    const wrong = await app.http().post('/auth/change-password').set(bearer(org.token)).send({ current_password: 'not it at all', new_password: 'changed password 1' });
    expect([wrong.status, wrong.body.code, wrong.body.errors]).toEqual([422, 'validation_error', [{ field: 'current_password', message: 'is incorrect' }]]);
    await me(org.token).expect(200);

    const ok = await app.http().post('/auth/change-password').set(bearer(org.token)).send({ current_password: org.password, new_password: 'changed password 1' });
    expect(ok.status).toBe(200);
    recordSecret(ok.body.access_token);
    await expectRevoked(org.token);
    await expectRevoked(second);
    await me(ok.body.access_token).expect(200);
    expect((await login(org.email, org.password)).status).toBe(401);
    expect((await login(org.email, 'changed password 1')).status).toBe(200);

    // GraphQL mirror.
    const g = await gql(app, ChangePasswordDocument, { currentPassword: 'changed password 1', newPassword: 'changed password 2' }, ok.body.access_token);
    expect(g.data?.changePassword).toMatchObject({ tokenType: 'bearer' });
    recordSecret(g.data?.changePassword.accessToken);
    await expectRevoked(ok.body.access_token);
    await me(g.data!.changePassword.accessToken).expect(200);
  });

  test('logout-all ends every token of the user (and only of that user)', async () => {
    const org = await signup(app);
    const other = await signup(app);
    const second = (await login(org.email, org.password)).body.access_token as string;
    recordSecret(second);
    const out = await app.http().post('/auth/logout-all').set(bearer(second));
    expect([out.status, out.text]).toEqual([204, '']);
    await expectRevoked(org.token);
    await expectRevoked(second);
    const dashboard = await app.http().get('/dashboard/api-keys').set(bearer(org.token));
    expect([dashboard.status, dashboard.body.code]).toEqual([401, 'token_revoked']);
    await me(other.token).expect(200);
    // API keys are not sessions: they keep working.
    await app.http().get('/v1/calls').set(bearer(org.apiKey)).expect(200);

    const fresh = (await login(org.email, org.password)).body.access_token as string;
    recordSecret(fresh);
    const g = await gql(app, LogoutAllDocument, {}, fresh);
    expect(g.data?.logoutAll).toBe(true);
    const after = await gql(app, MeDocument, {}, fresh);
    expect(after.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'token_revoked' });
  });
});

describe('token lifetime', () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await signup(app);
  });
  // jsonwebtoken keeps a given iat; noTimestamp only when there is none (it would add the current time).
  const forge = (claims: Record<string, unknown>) =>
    jwt.sign({ sub: org.userId, org_id: org.orgId, role: 'owner', type: 'dashboard', sv: 0, ...claims }, app.config.jwtSecret, { algorithm: 'HS256', noTimestamp: !('iat' in claims) });
  const now = () => Math.floor(Date.now() / 1000);
  const THIRTY_YEARS = 30 * 365 * 86_400;

  test('a correctly signed token lives at most JWT_EXPIRE_HOURS after iat, whatever exp says', async () => {
    const lifetime = app.config.jwtExpireHours * 3600;
    const fresh = forge({ iat: now() - 60, exp: now() + THIRTY_YEARS });
    const within = await me(fresh);
    expect([within.status, within.body.code]).toEqual([200, undefined]); // within the cap: fine
    for (const [what, token, code] of [
      ['iat past the cap', forge({ iat: now() - lifetime - 60, exp: now() + THIRTY_YEARS }), 'token_expired'],
      ['no iat', forge({ exp: now() + THIRTY_YEARS }), 'invalid_token'],
      ['iat in the future', forge({ iat: now() + THIRTY_YEARS - 10, exp: now() + THIRTY_YEARS }), 'invalid_token'],
      ['sv not a number', forge({ iat: now(), exp: now() + 3600, sv: 'x' }), 'invalid_token'],
      ['an older session version', forge({ iat: now(), exp: now() + 3600, sv: -1 }), 'token_revoked'],
    ] as const) {
      recordSecret(token);
      const res = await me(token);
      expect([what, res.status, res.body.code]).toEqual([what, 401, code]);
    }
  });
});

describe('npm run admin:promote', () => {
  const promote = (email: string) =>
    run(process.execPath, ['-r', '@swc-node/register', path.resolve(__dirname, '../../scripts/promote-admin.ts'), email], {
      cwd: path.resolve(__dirname, '../..'),
      env: {
        ...process.env,
        DATABASE_URL: app.db.url,
        DATA_DIR: app.config.dataDir,
        NODE_ENV: 'test',
        JWT_SECRET: app.config.jwtSecret,
        SECRETS_ENCRYPTION_KEY: app.config.secretsEncryptionKey.toString('base64'),
        VOICEGATE_ADMIN_PASSWORD: '',
      },
    });

  test('refuses an existing account whose address is not verified, promotes it once verified, creates a verified one', async () => {
    const squatter = await signup(app);
    const refused = await promote(squatter.email).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('not verified');
    expect((await me(squatter.token)).body.role).toBe('owner');
    expect((await app.http().get('/api/admin/stats').set(bearer(squatter.token))).status).toBe(403);

    await verifyByMail(app, box, squatter);
    const { stdout } = await promote(squatter.email);
    expect(stdout).toContain(`Promoted ${squatter.email} `);
    expect((await app.http().get('/api/admin/stats').set(bearer(squatter.token))).status).toBe(200);

    const fresh = uniqueEmail('operator');
    const created = await promote(fresh);
    const password = /shown only this once\):\n(\S+)/.exec(created.stdout)?.[1];
    expect(password).toBeDefined();
    recordSecret(password);
    const session = await login(fresh, password!);
    expect(session.status).toBe(200);
    recordSecret(session.body.access_token);
    expect((await me(session.body.access_token)).body).toMatchObject({ email: fresh, role: 'platform_admin', email_verified: true });
  }, 120_000);
});
