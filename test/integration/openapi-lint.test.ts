import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The document the real app serves passes `redocly lint` with the `recommended` ruleset, as an
 * integrator would run it. @redocly/openapi-core is ESM-only, so it runs in a child process
 * (scripts/lint-openapi.mjs). The only warnings allowed are listed: the operational endpoints
 * that have no 4XX answer (docs/architecture.md explains why they are not invented).
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Problem {
  severity: 'error' | 'warn';
  ruleId: string;
  message: string;
  pointer: string;
}

const EXPLAINED_WARNINGS = ['/health', '/ready', '/metrics', '/openapi.json'].map((p) => `operation-4xx-response #/paths/${p.replace(/\//g, '~1')}/get/responses`);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

function lint(document: string): Problem[] {
  const out = execFileSync(process.execPath, [path.resolve(__dirname, '../../scripts/lint-openapi.mjs')], { input: document, encoding: 'utf8' });
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Problem);
}

test('/openapi.json has no redocly errors and only the explained warnings', async () => {
  const res = await app.http().get('/openapi.json').expect(200);
  const problems = lint(res.text);
  expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  expect(problems.map((p) => `${p.ruleId} ${p.pointer}`).sort()).toEqual([...EXPLAINED_WARNINGS].sort());
});

test('the check bites: a response header without a schema and a missing licence are reported', async () => {
  const doc = JSON.parse((await app.http().get('/openapi.json')).text);
  delete doc.info.license;
  delete doc.paths['/v1/calls'].get.responses['200'].headers['X-Request-Id'].schema;
  doc.paths['/v1/calls'].get.responses['200'].content['application/json'].example = { data: 'not a list' };
  const rules = lint(JSON.stringify(doc)).map((p) => p.ruleId);
  expect(rules).toEqual(expect.arrayContaining(['info-license', 'struct', 'no-invalid-media-type-examples']));
});

test('every operation has an operationId, security, a 4XX problem response where it can fail, and an example', async () => {
  const doc = (await app.http().get('/openapi.json')).body;
  for (const [p, ops] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(ops)) {
      const where = `${method} ${p}`;
      expect([where, typeof op.operationId]).toEqual([where, 'string']);
      expect([where, Array.isArray(op.security)]).toEqual([where, true]);
      const fourXX = Object.keys(op.responses).filter((s) => s.startsWith('4'));
      for (const s of fourXX) expect([where, s, Object.keys(op.responses[s].content)]).toEqual([where, s, ['application/problem+json']]);
      if (!EXPLAINED_WARNINGS.some((w) => w.includes(`#/paths/${p.replace(/\//g, '~1')}/`))) expect([where, fourXX.length > 0]).toEqual([where, true]);
      const media = (Object.values(op.responses) as Json[]).flatMap((r) => Object.values(r.content ?? {}) as Json[]);
      // A binary recording and a 204 No Content have no body to show.
      const hasExample = media.some((m) => m.example !== undefined) || p === '/recordings/{file}' || op.responses['204'] !== undefined;
      expect([where, hasExample]).toEqual([where, true]);
      if (op.requestBody) expect([where, (Object.values(op.requestBody.content)[0] as Json).example !== undefined]).toEqual([where, true]);
      for (const r of Object.values(op.responses) as Json[]) for (const [h, spec] of Object.entries(r.headers ?? {})) expect([where, h, (spec as Json).schema !== undefined]).toEqual([where, h, true]);
    }
  }
  for (const [event, item] of Object.entries(doc.webhooks as Record<string, Json>)) {
    const names = item.post.parameters.map((h: { name: string }) => h.name);
    expect([event, names]).toEqual([event, expect.arrayContaining(['X-Voice-Signature', 'webhook-id', 'webhook-timestamp', 'webhook-signature'])]);
  }
});
