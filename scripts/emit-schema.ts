import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { printGraphqlSchema } from '../src/graphql/schema';

/** npm run schema: writes the schema the code builds into schema.graphql (committed; a test checks it). */
const file = path.resolve(__dirname, '..', 'schema.graphql');
writeFileSync(file, printGraphqlSchema());
console.log(`wrote ${file}`);
