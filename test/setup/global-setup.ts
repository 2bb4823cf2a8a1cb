import 'reflect-metadata';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { startEmbeddedPostgres } from '../../src/db/embedded';
import { buildDashboardIfStale, findChromium } from './dashboard-build';
import { ensureDir, removeDir, urlForDatabase, withAdminClient, writeState, type TestDbState } from './test-db';

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL (or DATABASE_URL) when given, else an
 * embedded server in a temporary directory. A template database is migrated once; each test file
 * clones it, so files are isolated from each other and start in milliseconds.
 */
export default async function globalSetup(): Promise<void> {
  // The browser suites serve one dashboard build; they run side by side, so it is made here, once
  // (before the database starts: a failed build leaves nothing running).
  if (findChromium()) buildDashboardIfStale();
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  process.env.VOICEGATE_TEST_RUN = runId;
  const logDir = ensureDir(path.resolve(__dirname, '..', '..', '.test-logs', runId));
  let serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  let embeddedDir: string | undefined;
  if (!serverUrl) {
    embeddedDir = path.join(os.tmpdir(), `voicegate-test-pg-${runId}`);
    removeDir(embeddedDir);
    const embedded = await startEmbeddedPostgres({ dataDir: embeddedDir, secretsFile: `${embeddedDir}-secrets.json`, database: 'postgres' });
    serverUrl = urlForDatabase(embedded.url, 'postgres');
    (globalThis as { __VOICEGATE_EMBEDDED__?: unknown }).__VOICEGATE_EMBEDDED__ = embedded;
  } else {
    serverUrl = urlForDatabase(serverUrl, 'postgres');
  }
  const templateDb = `vg_template_${runId}`;
  await withAdminClient(serverUrl, (c) => c.query(`create database ${templateDb}`));
  // Migrations run in a child process: MikroORM initialised in jest's parent realm breaks
  // `instanceof Map` checks inside the test sandboxes (mikro-orm/mikro-orm#3783).
  execFileSync(process.execPath, ['-r', '@swc-node/register', path.resolve(__dirname, '..', '..', 'scripts', 'migrate.ts')], {
    env: { ...process.env, DATABASE_URL: urlForDatabase(serverUrl, templateDb) },
    stdio: 'inherit',
  });
  const state: TestDbState = { serverUrl, templateDb, embeddedDir, logDir };
  writeState(state);
  process.env.VOICEGATE_TEST_STATE = JSON.stringify(state);
}
