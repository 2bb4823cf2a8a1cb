import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument } from '../src/openapi/document';
import { ALL_ROUTES } from '../src/routes';

/**
 * npm run sdk:generate: writes sdk/src/generated/openapi.ts from the OpenAPI document.
 * By default the document is built in-process exactly as the service builds it at start-up;
 * `npm run sdk:generate -- http://host:port/openapi.json` reads it from a running service instead.
 * test/sdk/generated-types.test.ts fails when the committed file differs from the served document.
 */
async function main(): Promise<void> {
  const url = process.argv[2];
  const document = url ? ((await (await fetch(url)).json()) as Record<string, unknown>) : buildOpenApiDocument({ serverUrl: 'http://localhost:8000', routes: ALL_ROUTES });
  const { renderSdkTypes } = await import('./sdk-types.mjs');
  const file = path.resolve(__dirname, '..', 'sdk', 'src', 'generated', 'openapi.ts');
  writeFileSync(file, await renderSdkTypes(document));
  console.log(`wrote ${file}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
