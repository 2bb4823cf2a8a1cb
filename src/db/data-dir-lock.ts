import { createHash } from 'node:crypto';
import { statSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * One service per embedded data directory. A second `npm start` on a data directory in use must
 * refuse, and must not take the running PostgreSQL for an orphan and stop it; the PostgreSQL of a
 * service that died (SIGKILL) is an orphan and is stopped as before.
 *
 * The lock is a listening Unix socket named after the directory: the kernel closes it when the
 * process ends, however it ends, so it can never outlive its holder (no stale lock after a kill,
 * no pid that a later process may reuse, the same in a container where every service is pid 1).
 * Binding is atomic: of two services starting at once, one gets it. On Linux the socket lives in
 * the abstract namespace (no file at all); elsewhere it is a socket file in the temporary
 * directory, and one found with nobody listening is left over from a dead holder and replaced.
 * The holder answers whoever connects with its pid, for the refusal's message. The name is
 * derived from the directory's parent (device and inode) and its own name, so every path that
 * leads to one directory gives one lock.
 */
export interface DataDirLock {
  release(): Promise<void>;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | undefined,
  ) {
    super(
      `the data directory ${dataDir} is in use by ${pid ? `process ${pid}` : 'another process'} (a voicegate service or tool running on it): stop it first, or give this one another DATA_DIR`,
    );
  }
}

function lockAddress(dataDir: string): string {
  const parent = statSync(path.dirname(dataDir));
  const key = createHash('sha256').update(`${parent.dev}:${parent.ino}:${path.basename(dataDir)}`).digest('hex').slice(0, 24);
  return process.platform === 'linux' ? `\0voicegate-data-${key}` : path.join(os.tmpdir(), `voicegate-${key}.sock`);
}

/** Asks the holder for its pid: `refused` when nobody listens (a socket file left by a dead holder). */
function askHolder(address: string): Promise<{ refused: true } | { refused: false; pid: number | undefined }> {
  return new Promise((resolve) => {
    let text = '';
    const socket = net.connect(address);
    const done = (r: { refused: true } | { refused: false; pid: number | undefined }) => {
      socket.destroy();
      resolve(r);
    };
    socket.setTimeout(2000, () => done({ refused: false, pid: undefined }));
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('end', () => {
      const pid = Number((JSON.parse(text.trim() || '{}') as { pid?: unknown }).pid);
      done({ refused: false, pid: Number.isInteger(pid) && pid > 0 ? pid : undefined });
    });
    socket.on('error', (err: NodeJS.ErrnoException) => done(err.code === 'ECONNREFUSED' || err.code === 'ENOENT' ? { refused: true } : { refused: false, pid: undefined }));
  });
}

function listen(server: net.Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Takes the data directory's lock, or throws DataDirInUseError naming the live holder. */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const address = lockAddress(dataDir);
  const abstract = address.startsWith('\0');
  for (let attempt = 0; ; attempt++) {
    const server = net.createServer((socket) => {
      socket.on('error', () => undefined);
      socket.end(`${JSON.stringify({ pid: process.pid })}\n`);
    });
    try {
      await listen(server, address);
      server.unref(); // the lock never keeps the process alive
      return {
        release: () =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            if (!abstract) {
              try {
                unlinkSync(address);
              } catch {
                /* already gone */
              }
            }
          }),
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      const holder = await askHolder(address);
      if (!holder.refused) throw new DataDirInUseError(dataDir, holder.pid);
      // A socket file nobody listens on: its holder died. Replace it (once).
      if (abstract || attempt > 0) throw new DataDirInUseError(dataDir, undefined);
      try {
        unlinkSync(address);
      } catch {
        /* someone else replaced it meanwhile: the next bind decides */
      }
    }
  }
}
