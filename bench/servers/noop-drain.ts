import { Pool } from 'pg';
import { measureNoopDrain } from '../../src/queue';

/**
 * The delivery drain's reference: one queue runner with the worker's settings draining JOBS jobs
 * that do nothing, on the bench's database (DATABASE_URL), CONCURRENCY at once. Prints one JSON
 * line `{jobs, seconds, perSec}` and exits.
 */
async function main(): Promise<void> {
  const concurrency = Number(process.env.CONCURRENCY ?? 16);
  // The worker's queue pool (src/main.ts): concurrency + 6 connections, all opened before the work.
  const max = concurrency + 6;
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max, min: max });
  const clients = await Promise.all(Array.from({ length: max }, () => pool.connect()));
  for (const c of clients) c.release();
  const result = await measureNoopDrain(pool, { jobs: Number(process.env.JOBS ?? 4000), concurrency });
  await pool.end();
  process.stdout.write(JSON.stringify(result) + '\n');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
