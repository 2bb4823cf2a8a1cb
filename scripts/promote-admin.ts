import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { migrate, openDatabase, type Database } from '../src/db/database';
import { ENTITIES } from '../src/entities';
import { runningEmbeddedPostgres, startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded';
import { ADMIN_ORGANIZATION_NAME, promoteToPlatformAdmin } from '../src/features/admin/promote';
import { AppError } from '../src/common/errors';

const USAGE = `usage: npm run admin:promote -- <email> [--password-stdin]

Makes <email> a platform administrator (role platform_admin).
- An existing user is promoted only when their e-mail address is verified (an organization owner
  stops being that organization's owner); an unverified account is refused, unchanged.
- An unknown e-mail gets a new user in a "${ADMIN_ORGANIZATION_NAME}" organization. Its password is
  read from stdin with --password-stdin, else from VOICEGATE_ADMIN_PASSWORD, else generated and
  printed once.
The database is DATABASE_URL, or the embedded PostgreSQL under DATA_DIR (default ./.data), which
is reused when the service is running and started for the occasion otherwise.`;

/** npm run admin:promote -- <email>: the first platform admin of a fresh install. */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('-h') || args.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const email = args.find((a) => !a.startsWith('--'));
  if (!email) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const password = args.includes('--password-stdin') ? readFileSync(0, 'utf8').replace(/\r?\n$/, '') : process.env.VOICEGATE_ADMIN_PASSWORD || undefined;

  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    const dataDir = path.join(config.dataDir, 'pg');
    // The service may hold the cluster right now: connect to it rather than stop it.
    const secretsFile = path.join(config.dataDir, 'secrets.json');
    url = runningEmbeddedPostgres(dataDir, 'voicegate', secretsFile)?.url;
    if (!url) {
      embedded = await startEmbeddedPostgres({ dataDir, secretsFile, database: 'voicegate' });
      url = embedded.url;
    }
  }

  let db: Database | undefined;
  try {
    db = await openDatabase({ url, entities: ENTITIES, poolSize: 2, queuePoolSize: 2 });
    await migrate(db);
    const result = await promoteToPlatformAdmin(db.orm.em.fork(), config, { email, password });
    const u = result.user;
    if (result.created) {
      console.log(`Created platform admin ${u.email} (user ${u.id}) in organization "${ADMIN_ORGANIZATION_NAME}" (${u.orgId}).`);
      if (result.generatedPassword) console.log(`Generated password (shown only this once):\n${result.generatedPassword}`);
    } else if (result.previousRole === 'platform_admin') {
      console.log(`${u.email} (user ${u.id}) already was a platform admin.`);
    } else {
      console.log(`Promoted ${u.email} (user ${u.id}) from ${result.previousRole} to platform_admin.`);
      if (result.previousRole === 'owner') console.log('Note: platform admins are not organization owners; add another owner to that organization if it needs one.');
    }
    if (!u.active) console.log('Warning: this user is deactivated; activate it before logging in.');
  } finally {
    await db?.close();
    await embedded?.stop();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err: unknown) => {
    if (err instanceof ConfigError) console.error(err.message);
    else if (err instanceof AppError) console.error(`${err.message}${err.errors ? ' ' + err.errors.map((e) => `${e.field} ${e.message}`).join('; ') : ''}`);
    else console.error('admin:promote failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
