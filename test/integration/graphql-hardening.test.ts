import { createHash } from 'node:crypto';
import { loadConfig } from '../../src/config';
import { rawGql } from '../helpers/graphql';
import { startTestApp, type TestApp } from '../helpers/test-app';

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
