import { beat, releaseDeadRunners, releaseRunnersFromBeforeStart, retire, startJobTableUpkeep, startQueueRunner, type QueueRunner } from '../queue';
import type { Services } from '../services';
import { expireLiveCalls } from '../features/calls/carrier-port';
import { takeOverLeases } from '../features/webhooks/lease-takeover';
import { schedulePurge } from '../features/webhooks/purge.task';
import { taskHandlers } from './registry';
import { Sweeper } from './sweeper';

export interface WorkerHandle {
  /** The queue runner currently running (a new one after a restart). */
  readonly runner: QueueRunner;
  sweeper: Sweeper;
  /** False between an unexpected stop of the queue runner and its successful restart. */
  running(): boolean;
  stop(): Promise<void>;
}

const RESTART_FIRST_DELAY_MS = 250;
/** Capped low: the runner must be back within a couple of seconds of the database. */
const RESTART_MAX_DELAY_MS = 2000;

/**
 * The background worker: a queue runner over the same PostgreSQL, its heartbeat, and the sweeper.
 *
 * Supervised, so that the process outlives its database: graphile-worker gives its pool up when it
 * cannot write job completions back (a lost connection: "queue is in an inconsistent state;
 * aborting"). Such a stop, or any other stop we did not ask for, retires that runner and starts a
 * new one after a back-off (250 ms doubling to 2 s) until the database answers again; /ready says
 * "down" meanwhile. Jobs the retired runner still held are released as soon as it has wound down
 * and the database answers (no job runs twice at once); jobs of a runner in another process that
 * died are released by the heartbeat check, and so are the webhook attempts such a process had in
 * flight. See docs/queue-and-delivery.md.
 *
 * `privateServer`: the database is a server this process has just started and that no one else
 * uses (the embedded PostgreSQL). Whatever it shows locked, leased or held live from before its
 * start belongs to a run that is gone (the host crashed, or the service was killed), so it is
 * taken over before the first runner starts, instead of after a whole WORKER_DEAD_AFTER.
 */
export async function startWorker(s: Services, opts: { privateServer?: boolean } = {}): Promise<WorkerHandle> {
  const log = s.log.child({ component: 'worker' });
  // Metrics: every delivery attempt (scheduled or manual) and every job this process runs.
  s.deliverer.listener = s.metrics.deliveryListener;
  const handlers = taskHandlers(s);

  let stopping = false;
  let alive = false;
  let current: QueueRunner;
  let restartTimer: NodeJS.Timeout | undefined;
  /** Runners that stopped for good, whose jobs are to be released once the database answers. */
  const toRetire = new Set<string>();
  const winding = new Set<Promise<void>>();

  const launch = async (): Promise<QueueRunner> => {
    const runner = await startQueueRunner({
      pool: s.db.pool,
      concurrency: s.config.workerConcurrency,
      handlers,
      log,
      onJobFinished: (j) => s.metrics.jobFinished(j.task, j.failed ? 'failure' : 'success', j.seconds, j.willRetry),
    });
    runner.onGiveUp((reason) => onStopped(runner, reason));
    return runner;
  };

  const onStopped = (runner: QueueRunner, reason: string) => {
    if (stopping || runner !== current) return;
    alive = false;
    log.error({ reason }, 'the queue runner stopped unexpectedly; starting a new one');
    // Its jobs are released only once it has wound down: a job it is still running must not run twice at once.
    const done = runner.done.then(() => {
      toRetire.add(runner.poolId);
    });
    winding.add(done);
    void done.finally(() => winding.delete(done));
    scheduleRestart(RESTART_FIRST_DELAY_MS);
  };

  const scheduleRestart = (delayMs: number) => {
    restartTimer = setTimeout(() => {
      if (stopping) return;
      launch().then(
        (runner) => {
          if (stopping) {
            void runner.stop();
            return;
          }
          current = runner;
          alive = true;
          log.warn('the queue runner is running again');
        },
        () => scheduleRestart(Math.min(delayMs * 2, RESTART_MAX_DELAY_MS)),
      );
    }, delayMs);
  };

  // Heartbeat: prove this runner alive, release what retired runners held, and release the jobs of
  // runners (in any process) that stopped beating, and the delivery leases of processes that died
  // with them. Another process's runner is judged by its heartbeat only after our own beats have
  // succeeded for a whole WORKER_DEAD_AFTER: after a database outage every runner gets the time to
  // beat again before anyone is declared dead. A runner that has not beaten since the database
  // server started is judged once the server has been up that long (see liveness.ts).
  let connectedSince: number | undefined;
  let beating: Promise<void> | undefined;
  const heartbeat = async () => {
    try {
      if (alive) await beat(s.db.pool, [current.poolId]);
      else await s.db.pool.query('select 1'); // no runner to vouch for, but is the database there?
      connectedSince ??= Date.now();
      if (toRetire.size) {
        const ids = [...toRetire];
        await retire(s.db.pool, ids);
        for (const id of ids) toRetire.delete(id);
        log.warn({ runners: ids }, 'released the jobs of a retired queue runner');
      }
      const dead = await releaseDeadRunners(s.db.pool, {
        deadAfterMs: s.config.workerDeadAfterMs,
        staleLockMs: s.config.staleJobLockMs,
        judgeHeartbeats: Date.now() - connectedSince >= s.config.workerDeadAfterMs,
      });
      if (dead.runners.length) log.warn({ runners: dead.runners }, 'released jobs held by queue runners that stopped responding');
      const requeued = await takeOverLeases(s.db.pool, dead.processes);
      if (requeued) log.warn({ processes: dead.processes, deliveries: requeued }, 'queued again the webhook attempts of worker processes that died');
    } catch {
      connectedSince = undefined; // the database is away; /ready and the runner say so
    }
  };
  const heartbeatTimer = setInterval(() => {
    beating ??= heartbeat().finally(() => {
      beating = undefined;
    });
  }, s.config.workerHeartbeatMs);
  heartbeatTimer.unref();

  if (opts.privateServer) await recoverPrivateServer(s, log);
  // The first call after start-up must find the voice engines as every later call does: they are
  // readied before the runner takes jobs, and /ready says not_ready (worker: down) until then.
  await warmVoiceEngines(s, log);
  // The retention purge runs as a job that queues its own next run; this starts the chain (a
  // waiting one is replaced, so every worker starting does not add another).
  await schedulePurge(s.db.pool, 0).catch((err: unknown) => log.warn({ err }, 'could not queue the webhook purge; the next start will'));
  current = await launch();
  alive = true;
  await heartbeat();
  const sweeper = new Sweeper(s);
  sweeper.start();
  const upkeep = startJobTableUpkeep(s.db.pool, s.config.queueVacuumIntervalMs, (err) => log.warn({ err: (err as Error).message }, 'could not vacuum the job table; will retry'));
  const inbound = listenForInbound(s, log);
  return {
    get runner() {
      return current;
    },
    sweeper,
    running: () => alive,
    async stop() {
      stopping = true;
      inbound.stop();
      clearTimeout(restartTimer);
      clearInterval(heartbeatTimer);
      await beating;
      await sweeper.stop();
      await upkeep.stop();
      // Live calls (SIP dialogs) end with this process: hang them up and close the sockets.
      await s.carriers.close();
      if (alive) await current.stop();
      alive = false;
      // Attempts started by finished jobs may still be waiting for their receivers.
      await Promise.race([s.deliverer.drain(), new Promise((r) => setTimeout(r, s.config.webhookTimeoutMs + 1000).unref())]);
      // A graceful stop returned or finished every job: this runner holds nothing any more.
      await retire(s.db.pool, [current.poolId, ...toRetire]).catch(() => undefined);
      // Replaced runners still winding down: give them the abort timeout, then leave them.
      if (winding.size) await Promise.race([Promise.all(winding), new Promise((r) => setTimeout(r, 10_000).unref())]);
    },
  };
}

/** How long the start-up waits for the voice engines; past it the worker starts anyway (a call then warms what is left). */
const WARM_UP_TIMEOUT_MS = 60_000;

/**
 * Readies the SIP calls' voice engines (recogniser, synthesizer, VAD) when SIP is in use here
 * (CARRIER=sip, or an organization has a SIP connection). A failure is logged, never fatal: the
 * first call then makes what is missing, as before.
 */
async function warmVoiceEngines(s: Services, log: Services['log']): Promise<void> {
  try {
    if (s.config.carrier !== 'sip' && !(await s.inboundIntake.sipInUse())) return;
  } catch {
    return; // the database is away: the runner's own start reports it
  }
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), WARM_UP_TIMEOUT_MS)));
  try {
    const outcome = await Promise.race([s.carriers.sip.warm().then(() => 'warm' as const), timeout]);
    if (outcome === 'timeout') log.warn({ ms: WARM_UP_TIMEOUT_MS }, 'the voice engines are still warming up; taking calls anyway');
    else log.info({ ms: Math.round(performance.now() - started) }, 'voice engines warm');
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'could not warm the voice engines; the first call will');
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Trunks send INVITEs to the workers' SIP port (docs/inbound.md): it is opened at start when SIP
 * is in use (CARRIER=sip, or an organization has a SIP connection), else as soon as an
 * organization connects one (checked every SWEEP_INTERVAL until then), or on the first SIP call.
 */
function listenForInbound(s: Services, log: Services['log']): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const check = async () => {
    if (stopped) return;
    try {
      const wanted = s.config.carrier === 'sip' || (await s.inboundIntake.sipInUse());
      // A worker stopping meanwhile must not open a socket after its carriers were closed.
      if (stopped) return;
      if (wanted) {
        const port = await s.carriers.sip.listen();
        log.info({ port }, 'SIP port open for inbound calls');
        return;
      }
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'could not open the SIP port for inbound calls; trying again in a minute');
      if (!stopped) timer = setTimeout(() => void check(), Math.max(60_000, s.config.sweepIntervalMs)).unref();
      return;
    }
    if (!stopped) timer = setTimeout(() => void check(), s.config.sweepIntervalMs).unref();
  };
  void check();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** What a run that is gone left on a private server: released before this run's first runner starts. */
async function recoverPrivateServer(s: Services, log: Services['log']): Promise<void> {
  const gone = await releaseRunnersFromBeforeStart(s.db.pool);
  const deliveries = await takeOverLeases(s.db.pool, 'all');
  const calls = await expireLiveCalls(s.db.pool);
  if (gone.runners.length || deliveries || calls) {
    log.warn({ runners: gone.runners, deliveries, live_calls: calls }, 'took over what the previous run left when it stopped without shutting down');
  }
}
