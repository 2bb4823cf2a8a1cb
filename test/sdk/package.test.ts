import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { bearer, signup, type TestOrg } from '../helpers/factories';
import { Receiver } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The SDK as an integrator gets it: built (`npm run sdk:build`), installed from the repository
 * path into a fresh ESM TypeScript project, type-checked there with strict settings, and run
 * against the real service: it places and lists calls and verifies a real delivery.
 */
const run = promisify(execFile);
const root = path.resolve(__dirname, '..', '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

let app: TestApp;
let rx: Receiver;
let org: TestOrg;
let project: string;
beforeAll(async () => {
  app = await startTestApp({ SIMULATOR_SPEEDUP: '2000' }, { worker: true });
  rx = await Receiver.start();
  org = await signup(app);
  await app.http().patch('/dashboard/webhook').set(bearer(org.token)).send({ webhook_url: rx.url }).expect(200);
  project = mkdtempSync(path.join(tmpdir(), 'vg-sdk-consumer-'));
});
afterAll(async () => {
  if (project) rmSync(project, { recursive: true, force: true });
  await rx?.close();
  await app?.close();
});

const CONSUMER = `import { Voicegate, VoicegateError, verifyWebhook, type Call, type WebhookEvent } from '@voicegate/sdk';
import { readFileSync } from 'node:fs';

const [mode, baseUrl, apiKey] = process.argv.slice(2) as [string, string, string];
if (mode === 'place') {
  const vg = new Voicegate({ apiKey, baseUrl });
  const call: Call = await vg.calls.place({ to: '+14155550190', metadata: { from: 'consumer' } });
  const listed: string[] = [];
  for await (const c of vg.calls.list({ limit: 1 })) listed.push(c.call_id);
  let code = '';
  try {
    await vg.calls.get('0190a000-0000-7000-8000-000000000000');
  } catch (e) {
    if (e instanceof VoicegateError) code = e.code;
  }
  console.log(JSON.stringify({ call_id: call.call_id, listed, code }));
} else {
  const { raw, headers, secret } = JSON.parse(readFileSync(0, 'utf8')) as { raw: string; headers: Record<string, string>; secret: string };
  const event: WebhookEvent = verifyWebhook(Buffer.from(raw, 'base64'), headers, secret);
  console.log(JSON.stringify({ event: event.event, call_id: 'call_id' in event ? event.call_id : null }));
}
`;

test('a fresh TypeScript project installs the built SDK from the repository path, type-checks and uses it', async () => {
  await run(process.execPath, [tsc, '-p', path.join(root, 'sdk', 'tsconfig.json')], { cwd: root });
  const pkg = JSON.parse(readFileSync(path.join(root, 'sdk', 'package.json'), 'utf8')) as { main: string; types: string; files: string[] };
  expect(pkg.files).toContain('dist');

  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  writeFileSync(
    path.join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'nodenext', moduleResolution: 'nodenext', strict: true, outDir: 'out', typeRoots: [path.join(root, 'node_modules', '@types')], types: ['node'] },
      include: ['main.ts'],
    }),
  );
  writeFileSync(path.join(project, 'main.ts'), CONSUMER);
  const npm = path.join(path.dirname(process.execPath), 'npm');
  await run(npm, ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', path.join(root, 'sdk')], { cwd: project });
  await run(process.execPath, [tsc, '-p', project], { cwd: project });

  const placed = JSON.parse((await run(process.execPath, ['out/main.js', 'place', app.url, org.apiKey], { cwd: project })).stdout) as { call_id: string; listed: string[]; code: string };
  expect(placed).toEqual({ call_id: expect.any(String), listed: [placed.call_id], code: 'not_found' });

  await rx.waitFor(() => rx.byEvent('call.queued', placed.call_id).length > 0, 30_000, 'call.queued');
  const r = rx.byEvent('call.queued', placed.call_id)[0]!;
  const input = JSON.stringify({ raw: r.raw.toString('base64'), headers: r.headers, secret: org.webhookSecret });
  const child = execFile(process.execPath, ['out/main.js', 'verify'], { cwd: project });
  child.stdin!.end(input);
  const out = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (d: Buffer) => (text += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`verify exited ${code}`))));
  });
  expect(JSON.parse(out)).toEqual({ event: 'call.queued', call_id: placed.call_id });
}, 120_000);
