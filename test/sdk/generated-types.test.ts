import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startTestApp, type TestApp } from '../helpers/test-app';

const root = path.resolve(__dirname, '..', '..');

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

test('sdk/src/generated/openapi.ts is what openapi-typescript makes of the served /openapi.json (run `npm run sdk:generate`)', async () => {
  const served = await (await fetch(`${app.url}/openapi.json`)).text();
  // openapi-typescript is ESM-only: it runs in a child process, fed the document on stdin.
  const generated = execFileSync(process.execPath, [path.join(root, 'scripts', 'sdk-types.mjs')], { input: served, cwd: root, encoding: 'utf8' });
  expect(readFileSync(path.join(root, 'sdk', 'src', 'generated', 'openapi.ts'), 'utf8')).toBe(generated);
});
