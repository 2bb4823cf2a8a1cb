import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../src/db/embedded';

export interface ScratchDatabase {
  url: string;
  /** Where it lives, for the report. */
  kind: string;
  drop: () => Promise<void>;
}

/**
 * A database of the bench's own, dropped at the end: a fresh one on `server` (BENCH_DATABASE_URL and
 * the like) when given, else an embedded PostgreSQL in a temporary directory.
 */
export async function scratchDatabase(label: string, server: string | undefined): Promise<ScratchDatabase> {
  if (server) {
    const name = `bench_${label}_${randomBytes(4).toString('hex')}`;
    const admin = new Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(server);
    u.pathname = `/${name}`;
    return {
      url: u.toString(),
      kind: `scratch database ${name} on ${u.host}`,
      drop: async () => {
        const a = new Client({ connectionString: server });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), `voicegate-bench-${label}-`));
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), secretsFile: path.join(dir, 'secrets.json'), database: 'voicegate_bench' });
  return {
    url: pg.url,
    kind: 'embedded PostgreSQL',
    drop: async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
