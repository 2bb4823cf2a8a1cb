import { Router } from 'express';
import type { Services } from '../services';
import { AppError } from '../shared/errors';
import { sendProblem } from './problem';

/** Answers within ~2 s even when the database hangs. */
async function databaseAnswers(s: Services): Promise<boolean> {
  const probe = s.db.pool.query('select 1').then(
    () => true,
    () => false,
  );
  const deadline = new Promise<boolean>((r) => setTimeout(() => r(false), 2000).unref());
  return Promise.race([probe, deadline]);
}

export function healthRoutes(s: Services, workerRunning: () => boolean): Router {
  const r = Router();
  r.get('/health', async (_req, res) => {
    if (await databaseAnswers(s)) {
      res.json({ status: 'ok', database: 'ok' });
    } else {
      sendProblem(res, new AppError('service_unavailable', 'The database is not answering.', { headers: { 'Retry-After': '1' } }));
    }
  });
  r.get('/ready', async (_req, res) => {
    const database = await databaseAnswers(s);
    const worker = s.config.role === 'api' ? 'not_in_this_process' : workerRunning() ? 'ok' : 'down';
    const ok = database && worker !== 'down';
    res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'not_ready', database: database ? 'ok' : 'down', worker, role: s.config.role });
  });
  return r;
}
