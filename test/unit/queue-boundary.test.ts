import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isReleasedRunnerError, TASKS } from '../../src/queue';
import { isConnectionLoss } from '../../src/common/connection-loss';

/**
 * src/queue/ is the one place that knows graphile-worker: no other source file (service, bench or
 * script) touches its tables, imports it, uses its notification channel or names a task by the
 * string stored in the queue. Read from the files themselves, so it stays true.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const QUEUE_DIR = path.join(ROOT, 'src', 'queue') + path.sep;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'results' ? [] : sourceFiles(full);
    return /\.(ts|js|sql)$/.test(name) ? [full] : [];
  });
}

const FORBIDDEN = ['graphile_worker.', "from 'graphile-worker'", 'require("graphile-worker")', "'jobs:insert'", ...Object.values(TASKS)];

test('no file outside src/queue/ mentions the queue tables, the library, its channel or a task name', () => {
  const files = ['src', 'bench', 'scripts'].flatMap((d) => sourceFiles(path.join(ROOT, d))).filter((f) => !f.startsWith(QUEUE_DIR));
  expect(files.length).toBeGreaterThan(50);
  const offenders = files.flatMap((f) => {
    const text = readFileSync(f, 'utf8');
    return FORBIDDEN.filter((needle) => text.includes(needle)).map((needle) => `${path.relative(ROOT, f)}: ${needle}`);
  });
  expect(offenders).toEqual([]);
});

test('the queue module itself does name them (the check above looks for the right strings)', () => {
  const text = sourceFiles(QUEUE_DIR).map((f) => readFileSync(f, 'utf8')).join('\n');
  for (const needle of ['graphile_worker.', "from 'graphile-worker'", "'jobs:insert'", ...Object.values(TASKS)]) expect(text).toContain(needle);
});

test("a replaced runner's late background failure is recognised by the message the installed graphile-worker throws", () => {
  // If an upgrade rewords it, the process would exit on it again: this fails first.
  const source = readFileSync(require.resolve('graphile-worker/dist/localQueue.js'), 'utf8');
  const thrown = /throw new Error\(`(Cannot background[^`]*)`\)/.exec(source)?.[1];
  expect(thrown).toBeDefined();
  expect(isReleasedRunnerError(new Error(thrown))).toBe(true);
  expect(isReleasedRunnerError(new Error('Connection terminated unexpectedly'))).toBe(false);
  expect(isReleasedRunnerError('Cannot background something when the queue is already released')).toBe(false);
});

test('a released runner that cannot return its jobs because the connection broke is a lost connection, whatever the socket said', () => {
  // graphile-worker wraps the socket error in an Error of its own, without code or cause; the
  // process must carry on (src/main.ts), not exit on it.
  const source = readFileSync(require.resolve('graphile-worker/dist/localQueue.js'), 'utf8');
  const template = /throw new Error\(`(Error occurred whilst returning jobs from local queue to database queue: )\$\{initialError\.message\}`\)/.exec(source)?.[1];
  expect(template).toBeDefined();
  for (const inner of ['read ECONNRESET', 'write EPIPE', 'connect ECONNREFUSED 127.0.0.1:5432', 'Connection terminated unexpectedly', 'terminating connection due to administrator command']) {
    expect([inner, isConnectionLoss(new Error(template + inner))]).toEqual([inner, true]);
  }
  expect(isConnectionLoss(new Error(template + 'duplicate key value violates unique constraint'))).toBe(false);
  expect(isConnectionLoss(new Error('ECONNRESET in a sentence about something else entirely'))).toBe(false);
});
