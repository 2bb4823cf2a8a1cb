import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const WEB = path.join(ROOT, 'web');
const DIST = path.join(WEB, 'dist');
/** Written after a build; its time says which sources the build has seen. */
const STAMP = path.join(DIST, '.built');
/** What a build reads: the dashboard's sources and the versions of what it bundles. */
const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'].map((p) => path.join(WEB, p)).concat(path.join(ROOT, 'package-lock.json'));

/** A system Chromium (Debian's `chromium` package); Playwright cannot download browsers here. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((p): p is string => !!p && existsSync(p));
}

function newestChange(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((newest, name) => Math.max(newest, newestChange(path.join(p, name))), st.mtimeMs);
}

/**
 * Builds the dashboard into web/dist, which the app under test serves at /app, once per run and
 * only when a source changed since the last build. It runs in jest's global setup, before any test
 * file: the browser suites run side by side, and each building into the same directory made one
 * suite's build empty the directory under the other's (ENOTEMPTY) or its served pages vanish.
 * NODE_ENV=production: jest's NODE_ENV=test would bundle React's development build.
 */
export function buildDashboardIfStale(): 'built' | 'up to date' {
  if (existsSync(STAMP) && statSync(STAMP).mtimeMs >= Math.max(...INPUTS.map(newestChange))) return 'up to date';
  // The stamp carries the time the build started: a source saved during the build is newer.
  const started = new Date();
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: WEB, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } });
  writeFileSync(STAMP, `${started.toISOString()}\n`);
  utimesSync(STAMP, started, started);
  return 'built';
}

/** For the browser suites: the global setup's build is there (a clear failure instead of a blank page). */
export function expectDashboardBuilt(): void {
  if (!existsSync(STAMP)) throw new Error(`the dashboard was not built into ${DIST} (jest's global setup builds it when Chromium is found)`);
}
