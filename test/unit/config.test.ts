import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/config';

const dir = () => mkdtempSync(path.join(tmpdir(), 'vg-config-'));

test('defaults are the documented ones', () => {
  const c = loadConfig({ DATA_DIR: dir() });
  expect(c.port).toBe(8000);
  expect(c.host).toBe('0.0.0.0');
  expect(c.jwtExpireHours).toBe(72);
  expect(c.webhookTimeoutMs).toBe(15_000);
  expect(c.webhookRetryScheduleMs).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
  expect(c.webhookRetryFloorMs).toBe(60_000);
  expect(c.webhookAllowPrivateNetworks).toBe(false);
  expect(c.carrier).toBe('simulator');
  expect(c.role).toBe('all');
  expect(c.publicBaseUrl).toBe('http://localhost:8000');
  expect(c.bcryptCost).toBeGreaterThanOrEqual(10);
});

test('outside production, missing secrets are generated once and kept in DATA_DIR', () => {
  const d = dir();
  const a = loadConfig({ DATA_DIR: d });
  const b = loadConfig({ DATA_DIR: d });
  expect(a.jwtSecret).toBe(b.jwtSecret);
  expect(a.secretsEncryptionKey.equals(b.secretsEncryptionKey)).toBe(true);
  expect(a.secretsEncryptionKey).toHaveLength(32);
  const file = path.join(d, 'secrets.json');
  expect(JSON.parse(readFileSync(file, 'utf8')).JWT_SECRET).toBe(a.jwtSecret);
  expect(statSync(file).mode & 0o077).toBe(0);
});

test('production refuses missing or weak secrets with a clear message', () => {
  expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir() })).toThrow(/JWT_SECRET/);
  expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short', SECRETS_ENCRYPTION_KEY: 'a'.repeat(64), DATA_DIR: dir() })).toThrow(/JWT_SECRET/);
  expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SECRETS_ENCRYPTION_KEY: 'tooshort', DATA_DIR: dir() })).toThrow(/SECRETS_ENCRYPTION_KEY/);
  const ok = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SECRETS_ENCRYPTION_KEY: 'ab'.repeat(32), DATA_DIR: dir() });
  expect(ok.secretsEncryptionKey).toHaveLength(32);
});

test('bad values name the variable', () => {
  expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: dir() })).toThrow(ConfigError);
  expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: dir() })).toThrow(/PORT/);
  expect(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE: '5s,soon', DATA_DIR: dir() })).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
  expect(() => loadConfig({ ROLE: 'both', DATA_DIR: dir() })).toThrow(/ROLE/);
  // A call takes an even RTP port and the odd RTCP port above it.
  expect(() => loadConfig({ RTP_PORT_MIN: '20000', RTP_PORT_MAX: '20000', DATA_DIR: dir() })).toThrow(/RTCP/);
  expect(() => loadConfig({ RTP_PORT_MIN: '20001', RTP_PORT_MAX: '20002', DATA_DIR: dir() })).toThrow(/RTCP/);
  expect(loadConfig({ RTP_PORT_MIN: '20000', RTP_PORT_MAX: '20001', DATA_DIR: dir() }).sip.rtpPortMax).toBe(20001);
  expect(loadConfig({ WEBHOOK_RETRY_SCHEDULE: '1s, 2m ,3h', DATA_DIR: dir() }).webhookRetryScheduleMs).toEqual([1000, 120_000, 10_800_000]);
  expect(loadConfig({ PLATFORM_ADMIN_EMAILS: ' Root@Example.com ,ops@x.io', DATA_DIR: dir() }).platformAdminEmails).toEqual(new Set(['root@example.com', 'ops@x.io']));
});

test('mail: SMTP_URL must be an smtp:// or smtps:// URL; MAIL_FROM has a default', () => {
  const c = loadConfig({ DATA_DIR: dir() });
  expect(c.smtpUrl).toBeUndefined();
  expect(c.mailFrom).toBe('voicegate <no-reply@localhost>');
  expect(loadConfig({ DATA_DIR: dir(), SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'Ops <ops@example.com>' })).toMatchObject({
    smtpUrl: 'smtps://u:p@mail.example.com:465',
    mailFrom: 'Ops <ops@example.com>',
  });
  expect(() => loadConfig({ DATA_DIR: dir(), SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
  // Production without SMTP_URL starts (mails go to DATA_DIR/mail with a start-up warning; docs/accounts.md).
  expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SECRETS_ENCRYPTION_KEY: 'ab'.repeat(32), DATA_DIR: dir() }).smtpUrl).toBeUndefined();
});

test('SIP_DNS_SERVERS: a comma list of addresses with optional ports; the carrier test limit has a default', () => {
  const d = dir();
  expect(loadConfig({ DATA_DIR: d }).sip.dnsServers).toEqual([]);
  expect(loadConfig({ DATA_DIR: d }).rateLimit.carrierTestPer10Min).toBe(10);
  expect(loadConfig({ DATA_DIR: d, SIP_DNS_SERVERS: '10.0.0.2, 10.0.0.3:5353,[2001:db8::1]:53,2001:db8::2' }).sip.dnsServers).toEqual(['10.0.0.2', '10.0.0.3:5353', '[2001:db8::1]:53', '2001:db8::2']);
  for (const bad of ['dns.example.net', '10.0.0.2:0', '10.0.0.2:99999', '[10.0.0.2]:53', '10.0.0']) {
    expect(() => loadConfig({ DATA_DIR: d, SIP_DNS_SERVERS: bad })).toThrow(/SIP_DNS_SERVERS/);
  }
});

test('the voice agent waits: documented defaults, durations, bounds; barge-in can be turned off', () => {
  expect(loadConfig({ DATA_DIR: dir() }).voice).toEqual({ endSilenceMs: 800, quickEndSilenceMs: 300, bargeInMs: 200 });
  expect(loadConfig({ DATA_DIR: dir(), VOICE_END_SILENCE: '1s', VOICE_QUICK_END_SILENCE: '250ms', VOICE_BARGE_IN: '0' }).voice).toEqual({ endSilenceMs: 1000, quickEndSilenceMs: 250, bargeInMs: 0 });
  expect(() => loadConfig({ DATA_DIR: dir(), VOICE_END_SILENCE: '10s' })).toThrow(/VOICE_END_SILENCE/);
  expect(() => loadConfig({ DATA_DIR: dir(), VOICE_QUICK_END_SILENCE: '10ms' })).toThrow(/VOICE_QUICK_END_SILENCE/);
  expect(() => loadConfig({ DATA_DIR: dir(), VOICE_BARGE_IN: '20ms' })).toThrow(/VOICE_BARGE_IN/);
  expect(() => loadConfig({ DATA_DIR: dir(), VOICE_BARGE_IN: 'soon' })).toThrow(/VOICE_BARGE_IN/);
});
