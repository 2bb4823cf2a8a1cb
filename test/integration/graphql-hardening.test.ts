import { createHash } from 'node:crypto';
import { loadConfig } from '../../src/config';
import { eventually, signup } from '../helpers/factories';
import { rawGql } from '../helpers/graphql';
import { connectWs, subscribe } from '../helpers/graphql-ws';
import { logLines, startTestApp, type TestApp } from '../helpers/test-app';

/** Introspection, "Did you mean" hints and persisted-query errors (docs/security.md). */
let production: TestApp;
let productionOptIn: TestApp;
beforeAll(async () => {
  production = await startTestApp({ NODE_ENV: 'production' });
  productionOptIn = await startTestApp({ NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true' });
});
afterAll(async () => {
  await production?.close();
  await productionOptIn?.close();
});

const INTROSPECTION = '{ __schema { queryType { name } } }';
const MISSPELLED_FIELD = '{ mee { id } }';
const MISSPELLED_INPUT = 'mutation($i: SignupInput!) { signup(input: $i) { accessToken } }';
const misspelledInput = { i: { emial: 'a@b.test', password: 'long enough password', organizationName: 'x' } };

test('GRAPHQL_INTROSPECTION defaults to on outside production and off in production', () => {
  const base = { JWT_SECRET: 'x'.repeat(40), SECRETS_ENCRYPTION_KEY: 'a'.repeat(64) };
  expect(loadConfig({ ...base, NODE_ENV: 'development' }).graphqlIntrospection).toBe(true);
  expect(loadConfig({ ...base, NODE_ENV: 'test' }).graphqlIntrospection).toBe(true);
  expect(loadConfig({ ...base, NODE_ENV: 'production' }).graphqlIntrospection).toBe(false);
  expect(loadConfig({ ...base, NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true' }).graphqlIntrospection).toBe(true);
  expect(loadConfig({ ...base, NODE_ENV: 'development', GRAPHQL_INTROSPECTION: 'false' }).graphqlIntrospection).toBe(false);
});

test('in production introspection is refused and no error message suggests a schema name', async () => {
  const intro = await rawGql(production, INTROSPECTION);
  expect(intro.status).toBe(400);
  expect(intro.data).toBeUndefined();
  expect(intro.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');

  const field = await rawGql(production, MISSPELLED_FIELD);
  expect(field.status).toBe(400);
  expect(field.errors?.[0]?.message).toBe('Cannot query field "mee" on type "Query".');

  const input = await rawGql(production, MISSPELLED_INPUT, misspelledInput);
  expect(input.status).toBe(400);
  expect(input.errors?.length).toBeGreaterThan(0);
  for (const e of input.errors ?? []) expect(e.message).not.toMatch(/Did you mean/);
  expect(input.errors?.map((e) => e.message)).toContain(
    'Variable "$i" got invalid value { emial: "a@b.test", password: "long enough password", organizationName: "x" }; Field "emial" is not defined by type "SignupInput".',
  );

  // An ordinary query still works.
  expect((await rawGql(production, '{ __typename }')).data).toEqual({ __typename: 'Query' });
});

test('GRAPHQL_INTROSPECTION=true in production brings both back', async () => {
  const intro = await rawGql(productionOptIn, INTROSPECTION);
  expect(intro.status).toBe(200);
  expect(intro.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  const field = await rawGql(productionOptIn, MISSPELLED_FIELD);
  expect(field.errors?.[0]?.message).toMatch(/^Cannot query field "mee" on type "Query"\. Did you mean "me"/);
  const input = await rawGql(productionOptIn, MISSPELLED_INPUT, misspelledInput);
  expect(input.errors?.some((e) => /Did you mean "email"\?/.test(e.message))).toBe(true);
});

describe('automatic persisted queries', () => {
  const query = '{ __typename }';
  const sha = createHash('sha256').update(query).digest('hex');
  const post = (body: object) => production.http().post('/graphql').set('Content-Type', 'application/json').send(body);

  test('a hash that does not match the query is a 400 BAD_REQUEST, not an internal error', async () => {
    const res = await post({ query, extensions: { persistedQuery: { version: 1, sha256Hash: 'f'.repeat(64) } } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ message: 'provided sha does not match query', extensions: { code: 'BAD_REQUEST', reason: 'bad_request' } }] });
  });

  test('an unsupported version or a malformed extension is a 400 BAD_REQUEST', async () => {
    for (const persistedQuery of [{ version: 2, sha256Hash: sha }, 'not an object']) {
      const res = await post({ query, extensions: { persistedQuery } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].extensions).toEqual({ code: 'BAD_REQUEST', reason: 'bad_request' });
    }
  });

  test('an unknown hash keeps the APQ protocol (200 PERSISTED_QUERY_NOT_FOUND); registering then using it works', async () => {
    const unknown = await post({ extensions: { persistedQuery: { version: 1, sha256Hash: sha } } });
    expect(unknown.status).toBe(200);
    expect(unknown.body.errors).toEqual([{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }]);

    const register = await post({ query, extensions: { persistedQuery: { version: 1, sha256Hash: sha } } });
    expect([register.status, register.body]).toEqual([200, { data: { __typename: 'Query' } }]);
    const byHash = await post({ extensions: { persistedQuery: { version: 1, sha256Hash: sha } } });
    expect([byHash.status, byHash.body]).toEqual([200, { data: { __typename: 'Query' } }]);
  });
});

describe('operations refused over the WebSocket', () => {
  // Production (introspection and hints off) with a depth bound our schema can exceed.
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ NODE_ENV: 'production', GRAPHQL_MAX_DEPTH: '3' });
  });
  afterAll(() => app?.close());

  const refused: Array<[string, string, string, { variables?: Record<string, unknown>; operationName?: string }?]> = [
    ['depth', '{ calls(first: 5) { edges { node { id } } } }', 'GRAPHQL_VALIDATION_FAILED'],
    ['aliases', `{ ${Array.from({ length: 20 }, (_, i) => `k${i}: apiKeys { id }`).join(' ')} }`, 'GRAPHQL_VALIDATION_FAILED'],
    ['cost', `{ ${Array.from({ length: 14 }, (_, i) => `c${i}: calls(first: 100) { nodes { id to status metadata structuredAnswers transcript } }`).join(' ')} }`, 'GRAPHQL_VALIDATION_FAILED'],
    ['unknown field', MISSPELLED_FIELD, 'GRAPHQL_VALIDATION_FAILED'],
    ['unknown subscription field', 'subscription { callUpdatd { id } }', 'GRAPHQL_VALIDATION_FAILED'],
    ['introspection', INTROSPECTION, 'GRAPHQL_VALIDATION_FAILED'],
    ['syntax', '{ me { id ', 'GRAPHQL_PARSE_FAILED'],
    ['variables', MISSPELLED_INPUT, 'BAD_USER_INPUT', { variables: misspelledInput }],
    ['operation name', 'query A { __typename } query B { __typename }', 'OPERATION_RESOLUTION_FAILURE', { operationName: 'C' }],
  ];

  test.each(refused)('%s: the same errors as over HTTP, and logged like an HTTP 4xx', async (_what, query, code, opts = {}) => {
    const org = await signup(app);
    const http = await app.http().post('/graphql').set('Authorization', `Bearer ${org.token}`).set('Content-Type', 'application/json').send({ query, variables: opts.variables ?? {}, operationName: opts.operationName });
    expect(http.status).toBe(400);
    expect(http.body.errors[0].extensions.code).toBe(code);

    const conn = connectWs(app, { authorization: `Bearer ${org.token}` });
    try {
      const op = subscribe(conn, query, opts.variables ?? {}, opts.operationName);
      await op.ended;
      expect(op.errors).toEqual(http.body.errors);
      expect(op.events).toEqual([]);
      for (const e of op.errors as Array<{ message: string }>) expect(e.message).not.toMatch(/Did you mean/);
    } finally {
      await conn.client.dispose();
    }
    // Log writes are asynchronous: wait for this organization's line.
    const line = await eventually(async () => (await logLines(app)).find((l) => l.msg === 'graphql operation refused' && l.org_id === org.orgId), { what: 'the refusal to be logged' });
    expect(line).toMatchObject({ level: 'info', statusCode: 400, codes: [code] });
    expect((await logLines(app)).filter((l) => l.level === 'error')).toEqual([]);
  });
});
