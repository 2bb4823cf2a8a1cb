import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { webAppRoutes } from '../../src/web/web-app.routes';
import { startTestApp } from '../helpers/test-app';

const root = path.resolve(__dirname, '..', '..');
const web = path.join(root, 'web');
let dist: string;
let server: Server;
let url: string;

/** A real production build of the dashboard (NODE_ENV=production, not jest's test), into a directory of this test's own. */
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'vg-web-'));
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: web, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } });
  const app = express();
  app.use(webAppRoutes({ publicBaseUrl: 'https://calls.example.com', atRoot: true, distDir: dist }));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  rmSync(dist, { recursive: true, force: true });
});

function entryScripts(html: string): string[] {
  return [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/app\/([^"]+\.js)"/g)].map((m) => m[1]!);
}

test('the JavaScript loaded first is under 250 KB gzipped (the figure is written to test-artifacts)', () => {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const scripts = entryScripts(html);
  expect(scripts.length).toBeGreaterThan(0);
  const gzipped = scripts.map((s) => ({ file: s, bytes: readFileSync(path.join(dist, s)).length, gzip: gzipSync(readFileSync(path.join(dist, s)), { level: 9 }).length }));
  const total = gzipped.reduce((n, s) => n + s.gzip, 0);
  const lazy = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js') && !scripts.includes(`assets/${f}`));
  const dir = path.join(root, 'test-artifacts', 'dashboard');
  require('node:fs').mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'bundle-size.json'), JSON.stringify({ initial: gzipped, initialGzipBytes: total, lazyChunks: lazy }, null, 2));
  expect(total).toBeLessThan(250 * 1024);
  // Pages other than calls and sign-in are split off.
  expect(lazy.length).toBeGreaterThan(0);
});

test('index.html is revalidated, hashed assets are immutable, and the CSP is strict', async () => {
  const index = await request(url).get('/app/');
  expect(index.status).toBe(200);
  expect(index.headers['cache-control']).toBe('no-cache');
  const csp = index.headers['content-security-policy'];
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain('media-src \'self\' https://calls.example.com');
  expect(csp).not.toMatch(/unsafe-(inline|eval)/);
  // Nothing inline for the policy to refuse.
  expect(index.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  expect(index.text).not.toMatch(/\sstyle=/);

  const [script] = entryScripts(index.text);
  const asset = await request(url).get(`/app/${script}`);
  expect(asset.status).toBe(200);
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers['content-type']).toMatch(/javascript/);

  const icon = await request(url).get('/app/favicon.svg');
  expect(icon.status).toBe(200);
  expect(icon.headers['cache-control']).toBe('no-cache');
});

test('client-side routes get the page; a missing asset is a 404, never the page', async () => {
  for (const p of ['/app', '/app/calls', '/app/calls/0b8c6a9e-1c1e-4c3c-9c55-3f4f1f1d1c1a', '/app/admin/audit?page=abc']) {
    const res = await request(url).get(p);
    expect([p, res.status, res.type]).toEqual([p, 200, 'text/html']);
    expect(res.text).toContain('<div id="root">');
  }
  const missing = await request(url).get('/app/assets/index-deadbeef.js');
  expect(missing.status).toBe(404);
  expect(missing.text).not.toContain('<div id="root">');
  expect((await request(url).post('/app/calls')).status).toBe(404);
});

test('mailed links and / lead into the app, keeping the token', async () => {
  for (const p of ['/verify-email', '/reset-password', '/accept-invitation']) {
    const res = await request(url).get(`${p}?token=abc_DEF-123`);
    expect([p, res.status, res.headers.location]).toEqual([p, 302, `/app${p}?token=abc_DEF-123`]);
  }
  const rootRes = await request(url).get('/');
  expect([rootRes.status, rootRes.headers.location]).toEqual([302, '/app/']);
});

test('the real app: / redirects outside production only unless DASHBOARD_AT_ROOT says otherwise; /graphql and /v1 are untouched by the CSP', async () => {
  const dev = await startTestApp();
  try {
    const res = await dev.http().get('/');
    expect([res.status, res.headers.location]).toEqual([302, '/app/']);
    const gql = await dev.http().post('/graphql').send({ query: '{ __typename }' });
    expect(gql.status).toBe(200);
    expect(gql.headers['content-security-policy']).toBeUndefined();
    expect((await dev.http().get('/verify-email?token=x')).headers.location).toBe('/app/verify-email?token=x');
  } finally {
    await dev.close();
  }
  const off = await startTestApp({ DASHBOARD_AT_ROOT: 'false' });
  try {
    expect((await off.http().get('/')).status).toBe(404);
  } finally {
    await off.close();
  }
});

test('the dashboard\'s generated GraphQL types match schema.graphql and its documents (run `npm run codegen`)', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'vg-webgql-'));
  try {
    const config = readFileSync(path.join(web, 'codegen.yml'), 'utf8').replace('src/gql/:', `${JSON.stringify(tmp + '/')}:`);
    writeFileSync(path.join(tmp, 'codegen.yml'), config);
    execFileSync(process.execPath, [path.join(root, 'node_modules', '.bin', 'graphql-codegen'), '--config', path.join(tmp, 'codegen.yml'), '--silent'], { cwd: web, stdio: 'pipe' });
    for (const f of ['gql.ts', 'graphql.ts', 'index.ts']) {
      expect([f, readFileSync(path.join(web, 'src', 'gql', f), 'utf8')]).toEqual([f, readFileSync(path.join(tmp, f), 'utf8')]);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}, 60_000);
