import 'reflect-metadata';
import { migrate, openDatabase } from '../src/db/database';
import { ENTITIES } from '../src/entities';

/** npm run migrate: applies the queue's and the domain's migrations to DATABASE_URL, then exits. */
async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const db = await openDatabase({ url, entities: ENTITIES, poolSize: 2 });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error('migration failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
