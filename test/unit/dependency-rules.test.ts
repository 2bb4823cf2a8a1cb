import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The layer rules of docs/architecture.md, checked on every import (type-only imports and
 * re-exports too) of every file under src/:
 * - common/ imports nothing of ours but common/;
 * - graphql/ and rest/ do not import each other;
 * - a feature imports no rest/, worker/ or db/ internals, nor the composition root (app, routes,
 *   services); graphql/ only from its resolver and GraphQL type files;
 * - no two features import each other;
 * - voice/ (the conversation pipeline) imports only voice/, common/, config.ts and a feature's
 *   ports.ts (its plain types), and holds no database client.
 * Exceptions, if ever needed, are listed below with who removes them. The list may only shrink:
 * an exception that no longer occurs fails the test too, so it is deleted when it is fixed.
 */
const SRC = path.resolve(__dirname, '../../src');

/** Known exceptions: "from -> to" (files relative to src/, or features for the mutual rule). */
const ALLOWED: Record<string, string> = {
  // None left: the queue/outbox work removed features naming worker/ and db/ internals and
  // calls <-> webhooks; mail tokens and account mail moved from auth to features/mail, which ended
  // auth <-> users. An entry reads 'features/x/y.ts -> db/z.ts' or 'features a <-> b'.
};

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
const isGraphqlFile = (f: string) => /\.(resolver|types)\.ts$/.test(f);

function violations(): string[] {
  const found = new Set<string>();
  for (const [from, to] of EDGES) {
    const [a, b] = [top(from), top(to)];
    if (a === 'common' && b !== 'common') found.add(`${from} -> ${to}`);
    if ((a === 'graphql' && b === 'rest') || (a === 'rest' && b === 'graphql')) found.add(`${from} -> ${to}`);
    if (a === 'features') {
      if (['rest', 'worker', 'db'].includes(b)) found.add(`${from} -> ${to}`);
      if (['app.ts', 'routes.ts', 'services.ts', 'main.ts'].includes(b)) found.add(`${from} -> ${to}`);
      if (b === 'graphql' && !isGraphqlFile(from)) found.add(`${from} -> ${to}`);
    }
    if (a === 'voice' && !['voice', 'common', 'config.ts'].includes(b) && !/^features\/[^/]+\/ports\.ts$/.test(to)) found.add(`${from} -> ${to}`);
  }
  const featureEdges = new Set(EDGES.filter(([f, t]) => featureOf(f) && featureOf(t) && featureOf(f) !== featureOf(t)).map(([f, t]) => `${featureOf(f)}>${featureOf(t)}`));
  for (const e of featureEdges) {
    const [x, y] = e.split('>') as [string, string];
    if (x < y && featureEdges.has(`${y}>${x}`)) found.add(`features ${x} <-> ${y}`);
  }
  return [...found].sort();
}

test('no import runs against the layer rules, except the listed ones', () => {
  expect(EDGES.length).toBeGreaterThan(200); // the scan really read the imports
  const unexpected = violations().filter((v) => !(v in ALLOWED));
  expect(unexpected).toEqual([]);
});

test('voice/ holds no SQL and no database client', () => {
  const voiceFiles = [...FILES].filter((f) => top(f) === 'voice');
  expect(voiceFiles.length).toBeGreaterThan(10);
  const offenders = voiceFiles.filter((f) => /from '(pg|@mikro-orm\/[^']+|graphile-worker)'|\.query\(|\b(select|insert|update|delete)\s.+\b(from|into|set|where)\b/i.test(readFileSync(path.join(SRC, f), 'utf8')));
  expect(offenders).toEqual([]);
});

test('every listed exception still occurs (fixed ones are removed from the list)', () => {
  const current = new Set(violations());
  expect(Object.keys(ALLOWED).filter((v) => !current.has(v))).toEqual([]);
});

test('the check bites: it reports a lower layer importing a higher one and two features importing each other', () => {
  const saved = EDGES.length;
  EDGES.push(
    ['common/context.ts', 'features/users/user.entity.ts'],
    ['graphql/server.ts', 'rest/auth.middleware.ts'],
    ['features/orgs/orgs.resolver.ts', 'features/users/users.types.ts'],
    ['voice/agent/voice-agent.ts', 'features/calls/call.entity.ts'],
    ['voice/dialog/prompts.ts', 'features/calls/ports.ts'],
  );
  try {
    const found = violations();
    expect(found).toEqual(expect.arrayContaining(['common/context.ts -> features/users/user.entity.ts', 'graphql/server.ts -> rest/auth.middleware.ts', 'features orgs <-> users', 'voice/agent/voice-agent.ts -> features/calls/call.entity.ts']));
    expect(found).not.toContain('voice/dialog/prompts.ts -> features/calls/ports.ts');
  } finally {
    EDGES.length = saved;
  }
});
