import { z } from 'zod';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { AppError } from '../common/errors';
import { named, reply, route, type Routes } from '../common/route';

export interface HealthDeps {
  db: Pick<Database, 'pool'>;
  config: Pick<Config, 'role'>;
  workerRunning: () => boolean;
}

/** Answers within ~2 s even when the database hangs. */
async function databaseAnswers(db: HealthDeps['db']): Promise<boolean> {
  const probe = db.pool.query('select 1').then(
    () => true,
    () => false,
  );
  const deadline = new Promise<boolean>((r) => setTimeout(() => r(false), 2000).unref());
  return Promise.race([probe, deadline]);
}

const healthSchema = z.strictObject({ status: z.literal('ok'), database: z.literal('ok') });
const readySchema = z.strictObject({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['ok', 'down']),
  worker: z.enum(['ok', 'down', 'not_in_this_process']),
  role: z.enum(['all', 'api', 'worker']),
});
const Readiness = named('Readiness', readySchema);

export const healthRoutes: Routes<HealthDeps> = [
  route<HealthDeps>({
    method: 'get',
    path: '/health',
    operationId: 'health',
    summary: 'Liveness: 200 only while the database answers',
    tag: 'operations',
    auth: 'none',
    responses: { 200: reply('Alive.', named('Health', healthSchema)) },
    errors: [503],
    example: { response: { status: 'ok', database: 'ok' } },
    handler: async (_input, { db }) => {
      // A failing probe is an answer, not a request failure: no error log on every poll during an outage.
      if (!(await databaseAnswers(db))) return { status: 503, problem: new AppError('service_unavailable', 'The database is not answering.', { headers: { 'Retry-After': '1' } }) };
      return { status: 200, body: { status: 'ok', database: 'ok' } };
    },
  }),
  route<HealthDeps>({
    method: 'get',
    path: '/ready',
    operationId: 'ready',
    summary: 'Readiness: database and (in processes that run it) the worker',
    tag: 'operations',
    auth: 'none',
    responses: { 200: reply('Ready.', Readiness), 503: reply('Not ready.', Readiness) },
    errors: [],
    example: { response: { status: 'ready', database: 'ok', worker: 'ok', role: 'all' } },
    handler: async (_input, { db, config, workerRunning }) => {
      const database = await databaseAnswers(db);
      const worker = config.role === 'api' ? 'not_in_this_process' : workerRunning() ? 'ok' : 'down';
      const ok = database && worker !== 'down';
      return { status: ok ? 200 : 503, body: { status: ok ? 'ready' : 'not_ready', database: database ? 'ok' : 'down', worker, role: config.role } };
    },
  }),
];
