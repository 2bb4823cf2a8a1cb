import { readdir, readFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import {
  AcceptInvitationDocument,
  AdminStatsDocument,
  InviteMemberDocument,
  MeDocument,
  RequestPasswordResetDocument,
  ResetPasswordDocument,
  VerifyEmailDocument,
} from '../graphql/generated';
import { bearer, eventually, recordSecret, signup, uniqueEmail } from '../helpers/factories';
import { gql } from '../helpers/graphql';
import { INVITE_SUBJECT, Mailbox, RESET_SUBJECT, VERIFY_SUBJECT, storedTokenHash } from '../helpers/mailbox';
import { logLines, startTestApp, type TestApp } from '../helpers/test-app';

/**
 * E-mail ownership (docs/accounts.md): every mail goes through a real SMTP server on loopback
 * (smtp-server), and the tests act only on what arrived there, as the holder of the address would.
 */
let app: TestApp;
let box: Mailbox;
const testAddress = (tag: string) => uniqueEmail(tag).replace('@example.com', '@example.test');
const ROOT = testAddress('root');
const ROOT_MEMBER = testAddress('root2');
const ROOT_SELF = testAddress('root3');

beforeAll(async () => {
  box = await Mailbox.start();
  app = await startTestApp({
    SMTP_URL: box.url,
    MAIL_FROM: 'voicegate tests <robot@example.test>',
    PLATFORM_ADMIN_EMAILS: `${ROOT.toUpperCase()}, ${ROOT_MEMBER}, ${ROOT_SELF}`,
  });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await box?.close();
});

const me = (token: string) => app.http().get('/auth/me').set(bearer(token));
const verify = (token: unknown, auth?: string) => {
  const req = app.http().post('/auth/verify-email');
  if (auth) req.set(bearer(auth));
  return req.send({ token });
};
const tokenRow = async (token: string) =>
  (
    await app.db.pool.query<{ purpose: string; lifetime: number; used: boolean }>(
      `select purpose, extract(epoch from expires_at - created_at)::int as lifetime, used_at is not null as used from email_tokens where token_hash = $1`,
      [storedTokenHash(token)],
    )
  ).rows[0];

describe('verification', () => {
  test('signup sends a verification mail; its link verifies once; used, garbage and missing tokens are refused', async () => {
    const org = await signup(app);
    expect((await me(org.token)).body.email_verified).toBe(false);

    const mail = await box.waitFor(org.email, VERIFY_SUBJECT);
    expect(mail.from).toContain('robot@example.test');
    expect(mail.link).toBe(`${app.config.publicBaseUrl}/verify-email?token=${mail.token}`);
    // Only the SHA-256 of the token is stored; it is bound to its purpose and lives 48 h.
    expect(await tokenRow(mail.token!)).toEqual({ purpose: 'verify_email', lifetime: 48 * 3600, used: false });
    const stored = await app.db.pool.query(`select count(*)::int as n from email_tokens where token_hash = $1`, [mail.token]);
    expect(stored.rows[0].n).toBe(0);

    const ok = await verify(mail.token);
    expect([ok.status, ok.body]).toEqual([200, { email_verified: true }]);
    expect((await me(org.token)).body.email_verified).toBe(true);

    for (const bad of [mail.token, 'garbage', 'x'.repeat(43), mail.token!.slice(0, -1) + (mail.token!.endsWith('A') ? 'B' : 'A')]) {
      const res = await verify(bad);
      expect([res.status, res.body.code, res.body.status]).toEqual([400, 'invalid_token', 400]);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    const missing = await verify(undefined);
    expect([missing.status, missing.body.code]).toEqual([422, 'validation_error']);
  });

  test('resend sends a fresh link; an expired link and a link used for another purpose are refused', async () => {
    const org = await signup(app);
    const first = await box.waitFor(org.email, VERIFY_SUBJECT);
    const resent = await app.http().post('/auth/resend-verification').set(bearer(org.token));
    expect(resent.status).toBe(202);
    const second = await box.waitFor(org.email, VERIFY_SUBJECT, { nth: 2 });
    expect(second.token).not.toBe(first.token);

    // 48 hours pass for the second link (the clock is the database's: move its expiry instead).
    await app.db.pool.query(`update email_tokens set expires_at = now() - interval '1 second' where token_hash = $1`, [storedTokenHash(second.token!)]);
    const expired = await verify(second.token);
    expect([expired.status, expired.body.code]).toEqual([400, 'invalid_token']);

    // Purpose-bound: a verification token is not a password-reset token.
    const asReset = await app.http().post('/auth/password-reset/confirm').send({ token: first.token, password: 'a brand new password' });
    expect([asReset.status, asReset.body.code]).toEqual([400, 'invalid_token']);
    expect((await app.http().post('/auth/login').send({ email: org.email, password: org.password })).status).toBe(200);

    expect((await verify(first.token)).status).toBe(200);
    // Verified: resending is accepted and sends nothing (the reset mail below arrives; no third verification).
    expect((await app.http().post('/auth/resend-verification').set(bearer(org.token))).status).toBe(202);
    await app.http().post('/auth/password-reset').send({ email: org.email }).expect(202);
    await box.waitFor(org.email, RESET_SUBJECT);
    expect(box.to(org.email).filter((m) => VERIFY_SUBJECT.test(m.subject))).toHaveLength(2);
  });
});

describe('when sending fails', () => {
  test('the request still succeeds, the failure is logged, and the user gets a working link by asking again', async () => {
    const email = uniqueEmail('unlucky');
    box.refusing.add(email);
    const org = await signup(app, { email });
    await box.waitForRefusal(email);
    await eventually(async () => (await readFile(app.config.logFile!, 'utf8')).includes('mail could not be sent'), { what: 'the failure in the log' });
    expect(box.to(email)).toEqual([]);

    box.refusing.delete(email);
    await app.http().post('/auth/resend-verification').set(bearer(org.token)).expect(202);
    const mail = await box.waitFor(email, VERIFY_SUBJECT);
    expect((await verify(mail.token)).status).toBe(200);
  });
});

describe('listed admin addresses must be proven', () => {
  test('signing up first with " ROOT@… " gives no admin rights, and the real holder takes the account over by a reset', async () => {
    const attackerPassword = 'attacker password 1';
    const res = await app.http().post('/auth/signup').send({ email: `  ${ROOT.toUpperCase()} `, password: attackerPassword });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: ROOT, email_verified: false });
    const attacker = res.body.access_token as string;
    recordSecret(attacker);

    for (const url of ['/api/admin/stats', '/api/admin/users', '/api/admin/organizations']) {
      const denied = await app.http().get(url).set(bearer(attacker));
      expect([url, denied.status, denied.body.code]).toEqual([url, 403, 'email_not_verified']);
    }
    const g = await gql(app, AdminStatsDocument, {}, attacker);
    expect(g.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'email_not_verified' });

    // The holder of the mailbox gets the verification mail. Clicking it (not signed in to the
    // attacker's account) must not hand the attacker's account admin rights.
    const mail = await box.waitFor(ROOT, VERIFY_SUBJECT);
    expect(mail.text).toContain('platform administrator rights');
    const click = await verify(mail.token);
    expect([click.status, click.body.code]).toEqual([403, 'email_not_verified']);
    expect((await me(attacker)).body.email_verified).toBe(false);
    expect((await app.http().get('/api/admin/stats').set(bearer(attacker))).body.code).toBe('email_not_verified');

    // The holder resets the password instead: the account becomes theirs, the attacker is out.
    await app.http().post('/auth/password-reset').send({ email: ROOT }).expect(202);
    const reset = await box.waitFor(ROOT, RESET_SUBJECT);
    const confirmed = await app.http().post('/auth/password-reset/confirm').send({ token: reset.token, password: 'the real holder password' });
    expect(confirmed.status).toBe(200);
    recordSecret(confirmed.body.access_token);
    const revoked = await me(attacker);
    expect([revoked.status, revoked.body.code]).toEqual([401, 'token_revoked']);
    expect((await app.http().post('/auth/login').send({ email: ROOT, password: attackerPassword })).status).toBe(401);

    const stats = await app.http().get('/api/admin/stats').set(bearer(confirmed.body.access_token));
    expect(stats.status).toBe(200);
    // E-mail-granted (verified) admins count: this is the only admin of this database.
    expect(stats.body.users.platform_admins).toBe(1);
  });

  test('an owner adding a member with a listed address grants nothing', async () => {
    const owner = await signup(app);
    const added = await app.http().post('/dashboard/members').set(bearer(owner.token)).send({ email: ROOT_MEMBER, password: 'owner chose this', role: 'member' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ email: ROOT_MEMBER, email_verified: false, role: 'member' });
    const login = await app.http().post('/auth/login').send({ email: ROOT_MEMBER, password: 'owner chose this' });
    expect(login.status).toBe(200);
    recordSecret(login.body.access_token);
    const denied = await app.http().get('/api/admin/stats').set(bearer(login.body.access_token));
    expect([denied.status, denied.body.code]).toEqual([403, 'email_not_verified']);
    // The holder's click does not verify an account whose password the owner chose.
    const mail = await box.waitFor(ROOT_MEMBER, VERIFY_SUBJECT);
    expect((await verify(mail.token)).status).toBe(403);
    expect((await app.http().get('/api/admin/stats').set(bearer(login.body.access_token))).status).toBe(403);
  });

  test('the holder who signed up themselves verifies signed in and is admin from then on', async () => {
    const self = await signup(app, { email: ROOT_SELF });
    expect((await app.http().get('/api/admin/stats').set(bearer(self.token))).body.code).toBe('email_not_verified');
    const mail = await box.waitFor(ROOT_SELF, VERIFY_SUBJECT);
    const other = await signup(app);
    // Signed in to another account is not enough either.
    expect((await verify(mail.token, other.token)).status).toBe(403);
    const ok = await verify(mail.token, self.token);
    expect(ok.status).toBe(200);
    const stats = await app.http().get('/api/admin/stats').set(bearer(self.token));
    expect(stats.status).toBe(200);
    expect(stats.body.users.platform_admins).toBe(2);
    // The admin view agrees: the owner-made member with a listed address is no admin.
    for (const [email, isAdmin] of [[ROOT_SELF, true], [ROOT_MEMBER, false]] as const) {
      const users = await app.http().get(`/api/admin/users?q=${encodeURIComponent(email)}`).set(bearer(self.token));
      expect(users.body.data.map((u: { email: string; email_verified: boolean; platform_admin: boolean }) => [u.email, u.email_verified, u.platform_admin])).toEqual([
        [email, isAdmin, isAdmin],
      ]);
    }
    // An ordinary owner stays an ordinary owner.
    expect((await app.http().get('/api/admin/stats').set(bearer(other.token))).body.code).toBe('insufficient_role');
  });
});

describe('invitations', () => {
  test('a member added without a password is invited; accepting sets the password and verifies the address', async () => {
    const owner = await signup(app, { organizationName: 'Invitations & Co' });
    const email = uniqueEmail('invitee');
    const invited = await app.http().post('/dashboard/members').set(bearer(owner.token)).send({ email, role: 'member' });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email, role: 'member', org_id: owner.orgId, email_verified: false, active: true });
    const first = await box.waitFor(email, INVITE_SUBJECT);
    expect(first.text).toContain('Invitations & Co');
    expect(first.link).toBe(`${app.config.publicBaseUrl}/accept-invitation?token=${first.token}`);
    expect((await tokenRow(first.token!))?.lifetime).toBe(7 * 86_400);

    // No password until accepted: nothing logs in.
    expect((await app.http().post('/auth/login').send({ email, password: 'anything at all' })).status).toBe(401);

    // Inviting again while pending sends a fresh link for the same user.
    const again = await app.http().post('/dashboard/members').set(bearer(owner.token)).send({ email });
    expect([again.status, again.body.id]).toEqual([201, invited.body.id]);
    const second = await box.waitFor(email, INVITE_SUBJECT, { nth: 2 });

    const weak = await app.http().post('/auth/accept-invitation').send({ token: second.token, password: 'short' });
    expect([weak.status, weak.body.code]).toEqual([422, 'validation_error']);
    const accepted = await app.http().post('/auth/accept-invitation').send({ token: second.token, password: 'my own password' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: app.config.jwtExpireHours * 3600 });
    recordSecret(accepted.body.access_token);
    expect((await me(accepted.body.access_token)).body).toMatchObject({ email, role: 'member', org_id: owner.orgId, email_verified: true });

    for (const used of [second.token, first.token]) {
      const res = await app.http().post('/auth/accept-invitation').send({ token: used, password: 'taking it over' });
      expect([res.status, res.body.code]).toEqual([400, 'invalid_token']);
    }
    expect((await app.http().post('/auth/login').send({ email, password: 'my own password' })).status).toBe(200);
    // Accepted: the address is taken now; a member may not invite.
    expect((await app.http().post('/dashboard/members').set(bearer(owner.token)).send({ email })).body.code).toBe('email_taken');
    const byMember = await app.http().post('/dashboard/members').set(bearer(accepted.body.access_token)).send({ email: uniqueEmail() });
    expect([byMember.status, byMember.body.code]).toEqual([403, 'insufficient_role']);
  });
});

describe('names chosen by users are plain text in mails', () => {
  test('an organization name with CR/LF, a Bcc line, markup and URLs renders as one plain, unlinked line in text and HTML', async () => {
    const hostile = 'Evil\r\nBcc: victim@evil.test\r\n\r\n<b>Urgent</b> log in at http://evil.test/login or www.evil.test\u202Egnp.exe';
    const owner = await signup(app, { organizationName: hostile });
    const email = uniqueEmail('plain-invitee');
    await app.http().post('/dashboard/members').set(bearer(owner.token)).send({ email }).expect(201);
    const mail = await box.waitFor(email, INVITE_SUBJECT);
    recordSecret(mail.token);

    // Only the invitee received it: body text never becomes a header or a recipient.
    expect(mail.envelopeTo).toEqual([email]);
    expect(mail.to).toEqual([email]);
    const name = 'Evil Bcc: victim@evil[.]test <b>Urgent</b> log in at http[:]//evil[.]test/login or www[.]evil[.]testgnp[.]exe';
    const lines = mail.text.split('\n');
    expect(lines[0]).toBe(`You have been invited to join the organization "${name}" on voicegate. Choose a password to accept:`);
    expect(lines.filter((l) => /^\s*Bcc:/i.test(l))).toEqual([]);
    expect(mail.text).not.toMatch(/evil\.test|http:\/\/evil|\u202E/);

    // The HTML part says the same, escaped; its only link is ours.
    expect(mail.html).toContain(`&quot;Evil Bcc: victim@evil[.]test &lt;b&gt;Urgent&lt;/b&gt; log in at http[:]//evil[.]test/login`);
    expect(mail.html).not.toMatch(/<b>|evil\.test|http:\/\/evil/);
    expect([...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([mail.link]);
  });
});

describe('account-mail quotas', () => {
  let limited: TestApp;
  beforeAll(async () => {
    // The documented per-address default (5 an hour); a per-organization cap small enough to reach.
    limited = await startTestApp({ SMTP_URL: box.url, RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_MAIL_ORG_PER_HOUR: '8' });
  }, 60_000);
  afterAll(() => limited?.close());

  const refusals = async (reason: string) =>
    (await logLines(limited)).filter((l) => l.msg === 'mail not sent: over its hourly limit' && l.refused === reason);
  const mailMetric = async (kind: string, outcome: string) =>
    (await limited.services.metrics.registry.getSingleMetric('voicegate_mails_total')!.get()).values.find((v) => v.labels.kind === kind && v.labels.outcome === outcome)?.value ?? 0;

  test('the 6th invitation to one address within the hour sends no mail, and neither does a reset asked for in another spelling', async () => {
    const owner = await signup(limited);
    const email = uniqueEmail('invited-often');
    for (let n = 1; n <= 5; n++) {
      const res = await limited.http().post('/dashboard/members').set(bearer(owner.token)).send({ email });
      expect(res.status).toBe(201);
      recordSecret((await box.waitFor(email, INVITE_SUBJECT, { nth: n })).token);
    }
    // The 6th: answered as usual, refused silently, and the refusal is on record.
    const sixth = await limited.http().post('/dashboard/members').set(bearer(owner.token)).send({ email });
    expect(sixth.status).toBe(201);
    await eventually(async () => (await refusals('over_address_limit')).length === 1, { what: 'the refusal of the 6th invitation' });
    expect((await refusals('over_address_limit'))[0]).toMatchObject({ mail: 'invitation' });
    expect(await mailMetric('invitation', 'over_address_limit')).toBe(1);
    expect(await mailMetric('invitation', 'sent')).toBe(5);

    // Every account mail shares the bucket, whatever the case and spaces of the address asked for.
    await limited.http().post('/auth/password-reset').send({ email: `  ${email.toUpperCase()} ` }).expect(202);
    await eventually(async () => (await refusals('over_address_limit')).length === 2, { what: 'the refusal of the reset mail' });
    expect((await refusals('over_address_limit'))[1]).toMatchObject({ mail: 'password_reset' });
    expect(box.to(email)).toHaveLength(5);
  });

  test('an organization sends at most RATE_LIMIT_MAIL_ORG_PER_HOUR account mails an hour, whoever they go to', async () => {
    const owner = await signup(limited);
    await box.waitFor(owner.email, VERIFY_SUBJECT); // 1 of 8: the owner's verification
    const invitees = Array.from({ length: 8 }, (_, i) => uniqueEmail(`org-cap-${i}`));
    for (const email of invitees) await limited.http().post('/dashboard/members').set(bearer(owner.token)).send({ email }).expect(201);
    await eventually(async () => (await refusals('over_organization_limit')).length === 1, { what: 'the refusal of the 9th mail' });
    // Which one was refused depends on the order the background sends ran; the other seven arrive.
    await eventually(async () => invitees.filter((e) => box.to(e).length > 0).length === 7, { what: 'seven invitations' });
    expect(invitees.map((e) => box.to(e).length).sort()).toEqual([0, 1, 1, 1, 1, 1, 1, 1]);
    expect((await refusals('over_organization_limit'))[0]).toMatchObject({ mail: 'invitation' });
  });
});

describe('GraphQL mirrors', () => {
  test('verifyEmail, me.emailVerified, addMember as an invitation, acceptInvitation, requestPasswordReset and resetPassword', async () => {
    const org = await signup(app);
    const before = await gql(app, MeDocument, {}, org.token);
    expect(before.data?.me.emailVerified).toBe(false);
    const mail = await box.waitFor(org.email, VERIFY_SUBJECT);
    const bad = await gql(app, VerifyEmailDocument, { token: 'not-a-token-at-all-0123456789' });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'invalid_token' });
    const ok = await gql(app, VerifyEmailDocument, { token: mail.token! });
    expect(ok.data?.verifyEmail).toEqual({ emailVerified: true });
    expect((await gql(app, MeDocument, {}, org.token)).data?.me.emailVerified).toBe(true);

    const email = uniqueEmail('gql-invitee');
    const invited = await gql(app, InviteMemberDocument, { input: { email, role: 'MEMBER' } }, org.token);
    expect(invited.data?.addMember).toMatchObject({ email, emailVerified: false });
    const invitation = await box.waitFor(email, INVITE_SUBJECT);
    const accepted = await gql(app, AcceptInvitationDocument, { token: invitation.token!, password: 'graphql member pw' });
    expect(accepted.data?.acceptInvitation).toMatchObject({ tokenType: 'bearer' });
    recordSecret(accepted.data?.acceptInvitation.accessToken);
    expect((await gql(app, MeDocument, {}, accepted.data!.acceptInvitation.accessToken)).data?.me).toMatchObject({ email, emailVerified: true });

    const unknown = await gql(app, RequestPasswordResetDocument, { email: uniqueEmail('nobody') });
    expect(unknown.data?.requestPasswordReset).toBe(true);
    const known = await gql(app, RequestPasswordResetDocument, { email });
    expect(known.data?.requestPasswordReset).toBe(true);
    const reset = await box.waitFor(email, RESET_SUBJECT);
    const done = await gql(app, ResetPasswordDocument, { token: reset.token!, password: 'graphql new password' });
    expect(done.data?.resetPassword).toMatchObject({ tokenType: 'bearer' });
    recordSecret(done.data?.resetPassword.accessToken);
    const old = await gql(app, MeDocument, {}, accepted.data!.acceptInvitation.accessToken);
    expect(old.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'token_revoked' });
  });
});

describe('without SMTP_URL', () => {
  test('each mail is written as an .eml file under DATA_DIR/mail and its subject logged, never its link', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'voicegate-mail-'));
    const local = await startTestApp({ DATA_DIR: dataDir });
    try {
      expect(local.services.mail.mailer.kind).toBe('file');
      const org = await signup(local);
      const mailDir = path.join(dataDir, 'mail');
      // The file is listed as soon as it is created, before its bytes are written; the mailer logs
      // once the write is done: wait for that line, then read the file.
      await eventually(
        async () => (await logLines(local)).some((l) => String(l.msg).startsWith('mail written to file') && String(l.mail_file).includes(org.email)),
        { what: 'the mail to be written' },
      );
      const file = await eventually(
        async () => (await readdir(mailDir).catch(() => [] as string[])).find((f) => f.endsWith('.eml') && f.includes(org.email)),
        { what: 'an .eml file' },
      );
      const parsed = await simpleParser(await readFile(path.join(mailDir, file)));
      expect(parsed.subject).toMatch(VERIFY_SUBJECT);
      expect(parsed.from?.text).toContain('no-reply@localhost');
      const token = /\?token=([A-Za-z0-9_-]+)/.exec(parsed.text ?? '')?.[1];
      expect(token).toBeDefined();
      recordSecret(token);
      expect((await local.http().post('/auth/verify-email').send({ token })).status).toBe(200);

      const log = await readFile(local.config.logFile!, 'utf8');
      expect(log).toContain('mail written to file');
      expect(log).toContain('Confirm your e-mail address for voicegate');
      expect(log).not.toContain(token!);
    } finally {
      await local.close();
    }
  });
});
