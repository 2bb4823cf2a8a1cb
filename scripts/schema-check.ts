import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { changeKey, compareSchemas } from './schema-compat';

/**
 * npm run schema:check — breaking changes of schema.graphql against the schema on the previous
 * commit of main (HEAD~1 on main; elsewhere the merge base with main; or SCHEMA_BASE=<git ref>).
 * Fails (exit 1) on a breaking change the changelog (docs/graphql-changelog.md) does not list.
 * Without git history to compare with (no git, a shallow clone) it says so and passes.
 */
const root = path.resolve(__dirname, '..');
const git = (...args: string[]): string => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

function baseRef(): string | null {
  if (process.env.SCHEMA_BASE) return process.env.SCHEMA_BASE;
  try {
    const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
    if (branch === 'main') return 'HEAD~1';
    for (const main of ['main', 'origin/main']) {
      try {
        return git('merge-base', 'HEAD', main);
      } catch {
        // try the next name
      }
    }
    return null;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const ref = baseRef();
  let base: string | undefined;
  if (ref) {
    try {
      base = git('show', `${ref}:schema.graphql`);
    } catch {
      base = undefined;
    }
  }
  if (base === undefined) {
    console.log(`schema:check skipped: no earlier schema.graphql to compare with (${ref ? `nothing at ${ref}` : 'no git history or no main branch'}; a shallow clone needs more history, or set SCHEMA_BASE=<ref>).`);
    return;
  }
  const current = readFileSync(path.join(root, 'schema.graphql'), 'utf8');
  const changelog = readFileSync(path.join(root, 'docs', 'graphql-changelog.md'), 'utf8');
  const report = await compareSchemas(base, current, changelog);
  console.log(`schema:check against ${ref}: ${report.breaking.length} breaking change(s), ${report.unlisted.length} not in docs/graphql-changelog.md`);
  for (const c of report.unlisted) console.log(`  - breaking: \`${changeKey(c)}\` ${c.message}`);
  if (report.unlisted.length > 0) {
    console.log('Each breaking change needs a line "- breaking: `<path>` <why and what clients do>" in docs/graphql-changelog.md.');
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error('schema:check failed:', err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
