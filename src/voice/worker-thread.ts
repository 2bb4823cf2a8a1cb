import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread (speech synthesis, recognition, the SIP media thread): its module next to the
 * caller's, compiled .js from dist/, the .ts source under jest or `npm run dev` (which then needs the same
 * on-the-fly compiler as its parent: jest's does not reach threads). Unref'd: it never keeps a
 * process alive by itself.
 */
export function startVoiceWorker(dir: string, name: string, workerData: unknown): Worker {
  const ts = path.extname(__filename) === '.ts';
  const worker = new Worker(path.join(dir, `${name}${ts ? '.ts' : '.js'}`), {
    workerData,
    execArgv: ts ? ['--require', require.resolve('@swc-node/register')] : undefined,
  });
  worker.unref();
  return worker;
}

/**
 * Whoever still waits on a worker that failed or stopped (closed, or crashed) is told so at once
 * instead of waiting forever.
 */
export function failPending(pending: Map<number, { reject: (e: Error) => void }>, err: Error): void {
  for (const p of pending.values()) p.reject(err);
  pending.clear();
}

/**
 * Wires a voice worker's end: when it fails or stops, whoever waits on it is failed at once and
 * `forget` drops it, so the next request starts a fresh worker.
 */
export function whenWorkerGone(worker: Worker, pending: Map<number, { reject: (e: Error) => void }>, stopped: string, forget: () => void): void {
  worker.on('error', (err) => {
    failPending(pending, err);
    forget();
  });
  worker.on('exit', () => {
    failPending(pending, new Error(stopped));
    forget();
  });
}
