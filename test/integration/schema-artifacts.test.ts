import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { printGraphqlSchema } from '../../src/graphql/schema';

const root = path.resolve(__dirname, '..', '..');

test('schema.graphql is what the code emits (run `npm run schema` after changing resolvers)', () => {
  expect(readFileSync(path.join(root, 'schema.graphql'), 'utf8')).toBe(printGraphqlSchema());
});

test('the generated typed documents match schema.graphql and the operations (run `npm run codegen`)', () => {
  // Codegen's plugins are ESM; run the real CLI in a child process against a copy of the config
  // that writes elsewhere, then compare with the committed file.
  const dir = mkdtempSync(path.join(tmpdir(), 'vg-codegen-'));
  try {
    const out = path.join(dir, 'generated.ts');
    const config = readFileSync(path.join(root, 'codegen.yml'), 'utf8').replace('test/graphql/generated.ts:', `${JSON.stringify(out)}:`);
    writeFileSync(path.join(dir, 'codegen.yml'), config);
    execFileSync(process.execPath, [path.join(root, 'node_modules', '.bin', 'graphql-codegen'), '--config', path.join(dir, 'codegen.yml'), '--silent'], { cwd: root, stdio: 'pipe' });
    expect(readFileSync(path.join(root, 'test/graphql/generated.ts'), 'utf8')).toBe(readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
