import { mkdirSync, writeFileSync, readFileSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

/** Shared between globalSetup, test files and globalTeardown (they run in different processes). */
export interface TestDbState {
  serverUrl: string; // connection URL to the maintenance database ("postgres")
  templateDb: string;
  embeddedDir?: string;
  embeddedPid?: number;
  logDir: string;
}

export const STATE_FILE = path.join(os.tmpdir(), `voicegate-test-state-${process.env.VOICEGATE_TEST_RUN ?? 'default'}.json`);

export function writeState(state: TestDbState): void {
  writeFileSync(STATE_FILE, JSON.stringify(state));
}

export function readState(): TestDbState {
  if (process.env.VOICEGATE_TEST_STATE) return JSON.parse(process.env.VOICEGATE_TEST_STATE) as TestDbState;
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as TestDbState;
}

export function urlForDatabase(serverUrl: string, database: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function withAdminClient<T>(serverUrl: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A fresh database for one test file, cloned from the migrated template (fast: a file copy). */
export async function createTestDatabase(): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const state = readState();
  const name = `vg_t_${process.env.VOICEGATE_TEST_RUN ?? 'x'}_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`;
  await withAdminClient(state.serverUrl, (c) => c.query(`create database ${name} template ${state.templateDb}`));
  return {
    name,
    url: urlForDatabase(state.serverUrl, name),
    drop: () =>
      withAdminClient(state.serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
        () => undefined,
      ),
  };
}

export function ensureDir(dir: string): string {
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  return dir;
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
