import { Client } from 'pg';
import { AppError, toAppError } from '../../src/common/errors';
import { mapPgError, pgErrorKind } from '../../src/common/pg-errors';
import { createTestDatabase } from '../setup/test-db';

/**
 * The PostgreSQL error mapper against errors raised by a real server: each SQLSTATE becomes the
 * domain error the docs promise, an override gives a constraint its meaning, anything else passes.
 */
let db: { url: string; drop(): Promise<void> };
let client: Client;

beforeAll(async () => {
  db = await createTestDatabase();
  client = new Client({ connectionString: db.url });
  await client.connect();
  await client.query('create table pg_map_parent (id int primary key)');
  await client.query('create table pg_map_child (id int primary key, parent int references pg_map_parent(id), label text not null)');
  await client.query('insert into pg_map_parent values (1)');
  await client.query("insert into pg_map_child values (1, 1, 'a')");
});
afterAll(async () => {
  await client?.end();
  await db?.drop();
});

async function failure(sql: string, c: Client = client): Promise<unknown> {
  return c.query(sql).then(
    () => {
      throw new Error(`expected ${sql} to fail`);
    },
    (e: unknown) => e,
  );
}

test('constraint violations become 409, 404 and 422; an override names the conflict', async () => {
  const unique = await failure("insert into pg_map_child values (1, 1, 'b')");
  expect(pgErrorKind(unique)).toBe('unique');
  expect(toAppError(unique)).toMatchObject({ status: 409, code: 'invalid_state' });
  expect(mapPgError(unique, { unique: () => new AppError('email_taken', 'taken') })).toMatchObject({ code: 'email_taken' });

  const fk = await failure("insert into pg_map_child values (2, 99, 'b')");
  expect(toAppError(fk)).toMatchObject({ status: 404, code: 'not_found' });

  const notNull = await failure('insert into pg_map_child values (3, 1, null)');
  expect(toAppError(notNull)).toMatchObject({ status: 422, code: 'validation_error', errors: [{ field: 'label', message: 'is required' }] });
});

test('a serialization failure and a terminated connection are 503 with Retry-After', async () => {
  const other = new Client({ connectionString: db.url });
  await other.connect();
  try {
    // Write skew under SERIALIZABLE: both read the whole table, both insert; the second commit fails with 40001.
    for (const c of [client, other]) await c.query('begin isolation level serializable');
    for (const c of [client, other]) await c.query('select count(*) from pg_map_parent');
    await client.query('insert into pg_map_parent values (10)');
    await other.query('insert into pg_map_parent values (11)');
    await client.query('commit');
    const conflict = await failure('commit', other);
    expect(pgErrorKind(conflict)).toBe('serialization');
    expect(toAppError(conflict)).toMatchObject({ status: 503, code: 'service_unavailable', headers: { 'Retry-After': '1' } });

    const pid = (await other.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    other.on('error', () => undefined);
    await client.query('select pg_terminate_backend($1)', [pid]);
    const terminated = await failure('select 1', other);
    expect(toAppError(terminated)).toMatchObject({ status: 503, code: 'service_unavailable' });
  } finally {
    await other.end().catch(() => undefined);
  }
});

test('anything that is not a PostgreSQL error passes through unchanged', () => {
  const plain = new Error('boom');
  expect(mapPgError(plain)).toBe(plain);
  expect(pgErrorKind({ code: 'ECONNRESET' })).toBeUndefined();
});
