import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The code in the SDK docs is the code the suite type-checks and runs (sdk/examples), byte for byte. */
const root = path.resolve(__dirname, '..', '..');
const read = (p: string): string => readFileSync(path.join(root, p), 'utf8');

test.each([
  ['docs/sdk.md', 'sdk/examples/quickstart.ts'],
  ['docs/sdk.md', 'sdk/examples/campaign-batches.ts'],
  ['docs/receiving-webhooks.md', 'sdk/examples/express-receiver.ts'],
  ['docs/receiving-webhooks.md', 'sdk/examples/node-http-receiver.ts'],
])('%s shows %s as it is', (doc, example) => {
  expect(read(doc)).toContain('```ts\n' + read(example) + '```\n');
});
