import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { buildSchema, getIntrospectionQuery, graphqlSync, isEnumType, isObjectType, isScalarType, parse, print, visit } from 'graphql';
import { changeKey, compareSchemas } from '../../scripts/schema-compat';

const root = path.resolve(__dirname, '..', '..');
const committed = readFileSync(path.join(root, 'schema.graphql'), 'utf8');
const changelog = readFileSync(path.join(root, 'docs', 'graphql-changelog.md'), 'utf8');

test('schema.graphql is clean under @graphql-eslint flat/schema-recommended (with every field, argument and enum value described)', async () => {
  // The project's config, passed in directly: jest cannot let ESLint import() a config file.
  const config = require(path.join(root, 'eslint.config.cjs')) as ESLint.Options['overrideConfig'];
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });
  const [result] = await eslint.lintFiles(['schema.graphql']);
  const problems = result!.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
  expect(problems).toEqual([]);
  // The rules really ran: the same config flags a field without a description.
  const [bad] = await eslint.lintText(committed.replace(/"""The call id \(a UUID\)\."""\n/, ''), { filePath: path.join(root, 'schema.graphql') });
  expect(bad!.messages.map((m) => m.ruleId)).toContain('@graphql-eslint/require-description');
}, 60_000);

test('closed sets are enums with upper-case values; typed scalars where they fit', () => {
  const schema = buildSchema(committed);
  const call = schema.getType('Call');
  if (!isObjectType(call)) throw new Error('Call is not an object type');
  const f = call.getFields();
  expect([f.status!.type.toString(), f.disposition!.type.toString(), f.to!.type.toString(), f.recordingUrl!.type.toString(), f.questions!.type.toString(), f.metadata!.type.toString()]).toEqual([
    'CallStatus!',
    'CallDisposition',
    'PhoneNumber!',
    'URL',
    '[Question!]!',
    'JSONObject!',
  ]);
  const status = schema.getType('CallStatus');
  expect(isEnumType(status) && status.getValues().map((v) => v.name)).toEqual(['CANCELED', 'COMPLETED', 'FAILED', 'IN_PROGRESS', 'QUEUED', 'RINGING', 'SCHEDULED']);
  expect(schema.getQueryType()!.getFields().calls!.args.find((a) => a.name === 'status')!.type.toString()).toBe('CallStatus');
  for (const name of ['Role', 'WebhookEvent', 'DeliveryState', 'AttemptTrigger', 'QuestionType', 'ApiKeyStatus', 'AuditAction', 'AuditTargetType']) expect(isEnumType(schema.getType(name))).toBe(true);
  for (const name of ['DateTime', 'URL', 'EmailAddress', 'PhoneNumber', 'JSONObject']) expect(isScalarType(schema.getType(name))).toBe(true);
  // Every enum value is upper-case and described (introspection, as a client sees it).
  const intro = graphqlSync({ schema, source: getIntrospectionQuery() }).data as { __schema: { types: Array<{ kind: string; name: string; enumValues: Array<{ name: string; description: string | null }> | null }> } };
  const values = intro.__schema.types.filter((t) => t.kind === 'ENUM' && !t.name.startsWith('__')).flatMap((t) => t.enumValues!);
  expect(values.filter((v) => !/^[A-Z][A-Z0-9_]*$/.test(v.name) || !v.description)).toEqual([]);
});

describe('schema compatibility check (npm run schema:check)', () => {
  test('the committed schema against the schema before this changelog entry: every breaking change is listed', async () => {
    const before = readFileSync(path.join(root, 'test/graphql/fixtures/schema-before-typed-enums.graphql'), 'utf8');
    const report = await compareSchemas(before, committed, changelog);
    expect(report.breaking.length).toBeGreaterThan(10); // String → enum and friends
    expect(report.unlisted.map(changeKey)).toEqual([]);
  });

  test('a removed field fails the check until the changelog lists it', async () => {
    const removed = print(
      visit(parse(committed), {
        FieldDefinition: (node, _key, _parent, _path, ancestors) => {
          const owner = ancestors[ancestors.length - 1] as { kind?: string; name?: { value: string } };
          return owner?.name?.value === 'Call' && node.name.value === 'durationSeconds' ? null : undefined;
        },
      }),
    );
    const failing = await compareSchemas(committed, removed, changelog);
    expect(failing.unlisted.map(changeKey)).toEqual(['Call.durationSeconds']);
    const accepted = await compareSchemas(committed, removed, `${changelog}\n- breaking: \`Call.durationSeconds\` removed on purpose.\n`);
    expect(accepted.unlisted).toEqual([]);
    expect(accepted.breaking.map(changeKey)).toEqual(['Call.durationSeconds']);
  });

  test('additions are not breaking', async () => {
    const added = committed.replace('type Call implements Node {', 'type Call implements Node {\n  """New."""\n  newField: Int\n');
    expect((await compareSchemas(committed, added, changelog)).breaking).toEqual([]);
  });
});
