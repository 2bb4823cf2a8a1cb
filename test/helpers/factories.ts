import { randomBytes } from 'node:crypto';
import type { TestApp } from './test-app';
import { WAIT_DEADLINE_MS } from './wait';

export interface TestOrg {
  email: string;
  password: string;
  token: string;
  apiKey: string;
  apiKeyId: string;
  orgId: string;
  userId: string;
  webhookSecret: string;
}

export const uniqueEmail = (tag = 'user'): string => `${tag}-${randomBytes(6).toString('hex')}@example.com`;

/** Signs up a brand-new organization through the real REST endpoint. */
export async function signup(app: Pick<TestApp, 'http'>, opts: { email?: string; password?: string; organizationName?: string } = {}): Promise<TestOrg> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? `pw-${randomBytes(8).toString('hex')}`;
  const res = await app
    .http()
    .post('/auth/signup')
    .send({ email, password, ...(opts.organizationName ? { organization_name: opts.organizationName } : {}) });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  recordSecret(password, res.body.access_token, res.body.api_key.secret, res.body.webhook_secret);
  return {
    email,
    password,
    token: res.body.access_token,
    apiKey: res.body.api_key.secret,
    apiKeyId: res.body.api_key.id,
    orgId: res.body.organization.id,
    userId: res.body.user.id,
    webhookSecret: res.body.webhook_secret,
  };
}

export const bearer = (token: string): { Authorization: string } => ({ Authorization: `Bearer ${token}` });

/**
 * Waits until `fn` returns a truthy value: for asynchronous work to reach a state (a row written by
 * the worker, a delivery logged). It checks the state itself, so it cannot miss it; the only
 * deadline is the suite's generous one (see wait.ts).
 */
export async function eventually<T>(fn: () => Promise<T | undefined | null | false>, opts: { what?: string; timeoutMs?: number; intervalMs?: number } = {}): Promise<T> {
  // A test may name a longer bound for slow work; a shorter one is raised to the suite's deadline,
  // so a busy machine never fails a wait that would have succeeded.
  const deadline = Date.now() + Math.max(opts.timeoutMs ?? 0, WAIT_DEADLINE_MS);
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 50));
  }
  throw new Error(`timed out waiting for ${opts.what ?? 'condition'}${last ? `: ${String(last)}` : ''}`);
}

/**
 * Every secret a test sees is written down, so the last suite can prove that none of them ever
 * reached a log line (see test/integration/zz-secrets-in-logs.test.ts).
 */
export function recordSecret(...secrets: Array<string | undefined | null>): void {
  const { appendFileSync } = require('node:fs') as typeof import('node:fs');
  const { readState } = require('../setup/test-db') as typeof import('../setup/test-db');
  const path = require('node:path') as typeof import('node:path');
  const values = secrets.filter((s): s is string => typeof s === 'string' && s.length >= 8);
  if (values.length) appendFileSync(path.join(readState().logDir, `secrets-${process.pid}.txt`), values.map((v) => v + '\n').join(''));
}
