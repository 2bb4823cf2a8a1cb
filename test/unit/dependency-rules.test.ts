import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The layer rules of docs/architecture.md ("Layer rules"), checked on every import (type-only
 * imports and re-exports too) of every file under src/:
 * - infrastructure points down: common/ imports nothing of ours but common/; then queue/, db/,
 *   voice/, carriers/, each importing only the ones before it (and config.ts); voice/ (the
 *   conversation pipeline) imports only voice/, common/, config.ts and ports, and holds no
 *   database client;
 * - infrastructure reaches a feature only through that feature's ports module
 *   (features/<name>/ports.ts), and a ports module imports nothing of ours but other ports modules
 *   (plain types);
 * - a feature uses another feature only through its public module (features/<name>/index.ts);
 * - a feature imports no rest/, worker/ or db/ internals, nor the composition root (app, routes,
 *   services, main, entities); graphql/ only from its resolver and GraphQL type files;
 * - graphql/ and rest/ do not import each other; web/ (the dashboard's server) imports only
 *   common/ and config.ts;
 * - no cycle of any length between folders, features (a feature's ports module counts on its own)
 *   and root files. graphql/ counts file by file: it is both the kit features build their types
 *   with and the server that mounts their resolvers.
 * Exceptions, if ever needed, are listed below with who removes them. The list may only shrink:
 * an exception that no longer occurs fails the test too, so it is deleted when it is fixed.
 */
const SRC = path.resolve(__dirname, '../../src');

/** Known exceptions: "from -> to" (files relative to src/), or "cycle: a -> b -> a". */
const ALLOWED: Record<string, string> = {
  // None left: the carrier port ended carriers/ and voice/ importing the calls feature's internals,
  // src/entities.ts ended db/ listing the features' entities, the audit feature ended
  // admin -> calls -> carrier-connections -> admin.
};

/** Infrastructure, lowest first: each folder may import only those before it. */
const INFRA = ['common', 'queue', 'db', 'voice', 'carriers'];
const COMPOSITION_ROOT = ['app.ts', 'routes.ts', 'services.ts', 'main.ts', 'entities.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

/** Relative imports of a file, resolved to paths relative to src/ (with .ts). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/g), ...text.matchAll(/(?:require|import)\(\s*'([^']+)'\s*\)/g), ...text.matchAll(/(?:^|\n)\s*import\s+'([^']+)'/g)].map((m) => m[1]!);
  return specs
    .filter((s) => s.startsWith('.'))
    .map((s) => {
      const resolved = path.relative(SRC, path.resolve(path.dirname(file), s));
      const candidates = [`${resolved}.ts`, path.join(resolved, 'index.ts'), resolved];
      return candidates.find((c) => FILES.has(c)) ?? `${resolved}.ts`;
    });
}

const FILES = new Set(sourceFiles(SRC).map((f) => path.relative(SRC, f)));
const EDGES: Array<[string, string]> = [...FILES].flatMap((from) => importsOf(path.join(SRC, from)).map((to): [string, string] => [from, to]));

const top = (f: string) => f.split('/')[0]!;
const featureOf = (f: string) => (f.startsWith('features/') ? f.split('/')[1] : undefined);
const isPorts = (f: string) => /^features\/[^/]+\/ports\.ts$/.test(f);
const isPublic = (f: string) => /^features\/[^/]+\/index\.ts$/.test(f);
const isGraphqlFile = (f: string) => /\.(resolver|types)\.ts$/.test(f);

/** The node of the folder graph a file belongs to (see the header). */
function nodeOf(f: string): string {
  if (isPorts(f)) return f.replace(/\.ts$/, '');
  if (featureOf(f)) return `features/${featureOf(f)}`;
  if (top(f) === 'graphql') return f;
  return top(f);
}

/** Every cycle's nodes (strongly connected components of more than one node), each as "cycle: a -> b -> … -> a". */
function cycles(edges: Array<[string, string]>): string[] {
  const next = new Map<string, Set<string>>();
  for (const [f, t] of edges) {
    const [a, b] = [nodeOf(f), nodeOf(t)];
    if (a === b) continue;
    if (!next.has(a)) next.set(a, new Set());
    next.get(a)!.add(b);
  }
  // Tarjan's algorithm.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(`cycle: ${describeCycle(component, next)}`);
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/** One cycle through a component, from its first node in sort order, for a readable report. */
function describeCycle(component: string[], next: Map<string, Set<string>>): string {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  const path = [start];
  const seen = new Set([start]);
  let at = start;
  for (;;) {
    const options = [...(next.get(at) ?? [])].filter((n) => members.has(n)).sort();
    const step = options.find((n) => n === start) ?? options.find((n) => !seen.has(n)) ?? options[0]!;
    path.push(step);
    if (step === start || seen.has(step)) break;
    seen.add(step);
    at = step;
  }
  return path.join(' -> ');
}

function violations(edges: Array<[string, string]>): string[] {
  const found = new Set<string>();
  for (const [from, to] of edges) {
    const [a, b] = [top(from), top(to)];
    const edge = `${from} -> ${to}`;
    if (INFRA.includes(a)) {
      const allowed = a === b || (INFRA.includes(b) && INFRA.indexOf(b) < INFRA.indexOf(a)) || (to === 'config.ts' && a !== 'common') || (b === 'features' && isPorts(to));
      if (!allowed) found.add(edge);
    }
    if (a === 'voice' && !['voice', 'common', 'config.ts'].includes(b) && !isPorts(to)) found.add(edge);
    if (isPorts(from) && !isPorts(to)) found.add(edge);
    if ((a === 'graphql' && b === 'rest') || (a === 'rest' && b === 'graphql')) found.add(edge);
    if (a === 'web' && !['web', 'common'].includes(b) && to !== 'config.ts') found.add(edge);
    if (a === 'features') {
      if (['rest', 'worker', 'db'].includes(b)) found.add(edge);
      if (COMPOSITION_ROOT.includes(b)) found.add(edge);
      if (b === 'graphql' && !isGraphqlFile(from)) found.add(edge);
      if (b === 'features' && featureOf(from) !== featureOf(to) && !isPublic(to)) found.add(edge);
    }
  }
  for (const c of cycles(edges)) found.add(c);
  return [...found].sort();
}

test('no import runs against the layer rules, except the listed ones', () => {
  expect(EDGES.length).toBeGreaterThan(200); // the scan really read the imports
  expect([...FILES].some((f) => f.startsWith('voice/')) && [...FILES].some((f) => f.startsWith('web/'))).toBe(true);
  const unexpected = violations(EDGES).filter((v) => !(v in ALLOWED));
  expect(unexpected).toEqual([]);
});

test('every listed exception still occurs (fixed ones are removed from the list)', () => {
  const current = new Set(violations(EDGES));
  expect(Object.keys(ALLOWED).filter((v) => !current.has(v))).toEqual([]);
});

test('the check bites: each rule reports an import that breaks it', () => {
  const bad: Array<[string, string]> = [
    ['common/context.ts', 'features/users/user.entity.ts'],
    ['carriers/sip/sip-carrier.ts', 'features/calls/call.entity.ts'],
    ['voice/agent/voice-agent.ts', 'carriers/sip/rtp-session.ts'],
    ['voice/agent/voice-agent.ts', 'features/calls/call.entity.ts'],
    ['voice/dialog/prompts.ts', 'db/database.ts'],
    ['db/database.ts', 'features/calls/ports.ts'],
    ['features/calls/ports.ts', 'features/calls/call.entity.ts'],
    ['graphql/server.ts', 'rest/auth.middleware.ts'],
    ['web/web-app.routes.ts', 'features/auth/index.ts'],
    ['features/campaigns/campaigns.service.ts', 'features/calls/calls.service.ts'],
  ];
  const found = violations([...EDGES, ...bad]);
  const allowedDown = ['db/database.ts -> features/calls/ports.ts']; // infrastructure may use a port
  expect(found).toEqual(expect.arrayContaining(bad.map(([f, t]) => `${f} -> ${t}`).filter((e) => !allowedDown.includes(e))));
  expect(found).not.toContain(allowedDown[0]);
  expect(violations([...EDGES, ['voice/dialog/prompts.ts', 'features/calls/ports.ts']])).not.toContain('voice/dialog/prompts.ts -> features/calls/ports.ts');
});

test('the check bites: it reports cycles of any length, between features and between folders', () => {
  const threeFeatures: Array<[string, string]> = [
    ['features/admin/admin.service.ts', 'features/calls/index.ts'],
    ['features/calls/calls.service.ts', 'features/carrier-connections/index.ts'],
    ['features/carrier-connections/carrier-connections.service.ts', 'features/admin/index.ts'],
  ];
  expect(cycles(threeFeatures)).toEqual(['cycle: features/admin -> features/calls -> features/carrier-connections -> features/admin']);
  const folders: Array<[string, string]> = [
    ['queue/add.ts', 'db/database.ts'],
    ['db/database.ts', 'queue/index.ts'],
  ];
  expect(cycles(folders)).toEqual(['cycle: db -> queue -> db']);
  // A port is a node of its own: the feature -> carriers -> the feature's port is no cycle.
  expect(cycles([['features/calls/dial.task.ts', 'carriers/registry.ts'], ['carriers/registry.ts', 'features/calls/ports.ts'], ['features/calls/dial.task.ts', 'features/calls/ports.ts']])).toEqual([]);
});

/** The SQL markers of the carrier port's rule ("carriers/ and voice/ contain no SQL"). */
const SQL_MARKERS = /\b(?:query|execute)\(|\b(?:select|update|insert) /i;

test('carriers/ and voice/ contain no SQL: they reach the database only through the calls feature port', () => {
  const offending = [...FILES]
    .filter((f) => top(f) === 'carriers' || top(f) === 'voice')
    .flatMap((f) =>
      readFileSync(path.join(SRC, f), 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${f}:${i + 1}` }))
        .filter(({ line }) => SQL_MARKERS.test(line))
        .map(({ at }) => at),
    );
  expect(offending).toEqual([]);
  expect(SQL_MARKERS.test("await pool.query('select 1')")).toBe(true); // the check bites
});

test('voice/ holds no SQL and no database client', () => {
  const voiceFiles = [...FILES].filter((f) => top(f) === 'voice');
  expect(voiceFiles.length).toBeGreaterThan(10);
  const offenders = voiceFiles.filter((f) => /from '(pg|@mikro-orm\/[^']+|graphile-worker)'|\.query\(|\b(select|insert|update|delete)\s.+\b(from|into|set|where)\b/i.test(readFileSync(path.join(SRC, f), 'utf8')));
  expect(offenders).toEqual([]);
});

test("no 'as never' in src/: types that fit instead", () => {
  const offending = [...FILES].filter((f) => /\bas never\b/.test(readFileSync(path.join(SRC, f), 'utf8')));
  expect(offending).toEqual([]);
});
