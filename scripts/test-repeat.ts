/**
 * npm run test:repeat -- N [jest arguments…]
 *
 * Runs the whole suite (or the files/options given after N) N times in a row and prints which
 * tests failed in which runs. It goes on past a failing run, so one invocation measures how often
 * each test fails; the exit status is 1 when any run failed. Type-checking is done once, first.
 * Each run's full output is kept in .test-logs/repeat-<time>/run-<n>.log; a run whose output has
 * console.log/warn/error blocks or process warnings is reported as noisy (a green run prints none).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface JestJson {
  numFailedTests: number;
  numPassedTests: number;
  numTotalTests: number;
  testResults: Array<{ name: string; message: string; assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }> }>;
}

const root = path.resolve(__dirname, '..');
const [countArg, ...jestArgs] = process.argv.slice(2);
const runs = Number(countArg ?? '5');
if (!Number.isInteger(runs) || runs < 1) {
  console.error('usage: npm run test:repeat -- N [jest arguments…]   (N ≥ 1)');
  process.exit(2);
}

const typecheck = spawnSync('npm', ['run', '--silent', 'typecheck'], { cwd: root, stdio: 'inherit' });
if (typecheck.status !== 0) process.exit(typecheck.status ?? 1);

const outDir = path.join(root, '.test-logs', `repeat-${new Date().toISOString().replace(/[:.]/g, '-')}`);
mkdirSync(outDir, { recursive: true });
const jest = path.join(root, 'node_modules', '.bin', 'jest');
const NOISE = /^\s*console\.(log|warn|error|info|debug)$|Warning: |failed to exit gracefully/m;

const failures = new Map<string, number[]>();
const noisy: number[] = [];
let failedRuns = 0;
console.log(`${runs} runs; output in ${path.relative(root, outDir)}`);
for (let n = 1; n <= runs; n++) {
  const started = Date.now();
  const jsonFile = path.join(outDir, `run-${n}.json`);
  const res = spawnSync(jest, ['--json', `--outputFile=${jsonFile}`, ...jestArgs], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const output = `${res.stdout ?? ''}${res.stderr ?? ''}`;
  writeFileSync(path.join(outDir, `run-${n}.log`), output);
  const seconds = Math.round((Date.now() - started) / 1000);
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  let summary = `exit ${res.status}`;
  if (existsSync(jsonFile)) {
    const report = JSON.parse(readFileSync(jsonFile, 'utf8')) as JestJson;
    summary = `${report.numPassedTests}/${report.numTotalTests} passed`;
    for (const file of report.testResults) {
      const failed = file.assertionResults.filter((a) => a.status === 'failed');
      // A file that failed outside any test (a hook, a crash) has no failed assertion to name.
      const names = failed.length ? failed.map((a) => `${path.relative(root, file.name)} › ${a.fullName}`) : file.message ? [`${path.relative(root, file.name)} (suite failed to run)`] : [];
      for (const name of names) failures.set(name, [...(failures.get(name) ?? []), n]);
    }
  }
  if (res.status !== 0) failedRuns++;
  if (NOISE.test(output)) noisy.push(n);
  console.log(`run ${n}/${runs}: ${res.status === 0 ? 'green' : 'RED'}, ${summary}, ${seconds} s, load ${load}${noisy.at(-1) === n ? ', noisy output' : ''}`);
}

console.log(`\n${runs - failedRuns} of ${runs} runs green.`);
if (failures.size) {
  console.log('Failures per test (run numbers):');
  for (const [name, at] of [...failures].sort((a, b) => b[1].length - a[1].length)) console.log(`  ${at.length}× ${name}  [${at.join(', ')}]`);
}
if (noisy.length) console.log(`Runs with console or warning output: ${noisy.join(', ')} (see run-<n>.log)`);
process.exit(failedRuns ? 1 : 0);
