// Lints an OpenAPI document read from stdin with redocly's `recommended` ruleset and prints the
// problems as JSON lines ({severity, ruleId, message, pointer}). ESM because @redocly/openapi-core
// is ESM-only; test/integration/openapi-lint.test.ts runs it against the real app's /openapi.json.
import { createConfig, lintFromString } from '@redocly/openapi-core';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const config = await createConfig({ extends: ['recommended'] });
const problems = await lintFromString({ source: Buffer.concat(chunks).toString('utf8'), absoluteRef: 'openapi.json', config });
for (const p of problems) {
  console.log(JSON.stringify({ severity: p.severity, ruleId: p.ruleId, message: p.message, pointer: p.location?.[0]?.pointer ?? '' }));
}
