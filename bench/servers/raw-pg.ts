import { createHash } from 'node:crypto';
import http from 'node:http';
import { Pool } from 'pg';
import { v7 } from 'uuid';
import { PLACE_CALL_SQL } from '../../src/features/calls/calls.service';
import { outboxCtes } from '../../src/features/webhooks/outbox';
import { addJobs, createJobWaker, job } from '../../src/queue';
import { NotifyBatch } from '../../src/common/notify-batch';

/**
 * "The limit": the least code that does what POST /v1/calls/outbound does in the database, on a
 * bare node:http server with pg. Auth is a SHA-256 of the bearer plus an in-memory lookup, like the
 * service's warm API-key cache. No framework, no ORM, no logging, no metrics: what is left is
 * Node, the driver and PostgreSQL.
 *   MODE=same  (default) the service's own statement, PLACE_CALL_SQL imported from the service
 *              (call row + call.queued event + its delivery job + dial job in one statement, the
 *              worker woken by one NOTIFY after commit);
 *   MODE=naive the textbook version: begin; insert the call; insert the event and add its job with
 *              the queue's add_job; add the dial job; commit (five round trips, NOTIFY inside).
 */
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 10) });
const keys = new Map([[process.env.KEY_HASH!, process.env.ORG_ID!]]);
const E164 = /^\+[1-9]\d{7,14}$/;
const MODE = process.env.MODE === 'naive' ? 'naive' : 'same';
const notifications = new NotifyBatch(pool);
const { jobsAdded } = createJobWaker((channel, payload) => notifications.push(channel, payload));
const NAIVE_EVENT_SQL = `with ${outboxCtes(
  { from: '(select 1) as one', orgId: '$2::uuid', callId: '$4::uuid', callUrl: '$1::text', deliveryId: '$3::uuid', event: "'call.queued'", payload: '$5::text' },
  { notify: true },
)}
select (select count(*) from outbox_job)::int as jobs`;

function isoMicro(ms: number): string {
  const us = Math.floor(ms * 1000);
  const iso = new Date(Math.floor(us / 1000)).toISOString();
  return `${iso.slice(0, 23)}${String(us % 1000).padStart(3, '0')}+00:00`;
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

async function place(orgId: string, input: Record<string, unknown>) {
  const id = v7();
  const now = new Date();
  const metadata = (input.metadata as Record<string, unknown> | undefined) ?? {};
  const call = {
    call_id: id,
    to: input.to as string,
    from: (input.from as string | undefined) ?? null,
    status: 'queued',
    disposition: null,
    duration_seconds: null,
    metadata,
    webhook_url: (input.webhook_url as string | undefined) ?? null,
    task: (input.task as string | undefined) ?? null,
    questions: (input.questions as unknown[] | undefined) ?? [],
    max_duration_seconds: (input.max_duration_seconds as number | undefined) ?? 600,
    transcript: null,
    structured_answers: null,
    recording_url: null,
    created_at: isoMicro(now.getTime()),
    started_at: null,
    ended_at: null,
  };
  const payload = JSON.stringify({
    event: 'call.queued',
    org_id: orgId,
    call_id: id,
    timestamp: isoMicro(performance.timeOrigin + performance.now()),
    to: call.to,
    status: 'queued',
    metadata,
  });
  if (MODE === 'same') {
    const { rows } = await pool.query<{ jobs: number }>({
      name: 'place',
      text: PLACE_CALL_SQL,
      values: [
        id,
        orgId,
        call.to,
        call.from,
        'queued',
        JSON.stringify(metadata),
        call.webhook_url,
        call.task,
        JSON.stringify(call.questions),
        call.max_duration_seconds,
        now.toISOString(),
        now.toISOString(),
        v7(),
        payload,
        (input.ring_timeout_seconds as number | undefined) ?? 30,
        (input.voicemail_message as string | undefined) ?? null,
        '{}', // the deployment's default caller IDs: none
        (input.caller_name as string | undefined) ?? null, // null: the organization's name
        null, // the call's own agent settings: none (the organization's apply)
        null, // transfer_to: none
        null, // transfer_when: none
      ],
    });
    jobsAdded(rows[0]?.jobs ?? 0);
    return call;
  }
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into calls (id, org_id, to_number, from_number, status, disposition, duration_seconds, metadata, webhook_url, task,
                          questions, max_duration_seconds, transcript, structured_answers, recording_seconds, carrier_call_id,
                          created_at, started_at, ended_at, analyzed_at, updated_at)
       values ($1, $2, $3, $4, 'queued', null, null, $5, $6, $7, $8, $9, null, null, null, null, $10, null, null, null, $10)`,
      [id, orgId, call.to, call.from, JSON.stringify(metadata), call.webhook_url, call.task, JSON.stringify(call.questions), call.max_duration_seconds, now],
    );
    await client.query(NAIVE_EVENT_SQL, [call.webhook_url, orgId, v7(), id, payload]);
    await addJobs(client, job('dial', { callId: id }));
    await client.query('commit');
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
  return call;
}

let failed = false;
const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/v1/calls/outbound') return send(res, 404, { code: 'not_found' });
  const auth = req.headers.authorization ?? '';
  const orgId = auth.startsWith('Bearer sk_live_') ? keys.get(createHash('sha256').update(auth.slice(7)).digest('hex')) : undefined;
  if (!orgId) return send(res, 401, { code: 'invalid_api_key' });
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    } catch {
      return send(res, 400, { code: 'bad_request' });
    }
    if (typeof input.to !== 'string' || !E164.test(input.to)) return send(res, 422, { code: 'validation_error' });
    place(orgId, input).then(
      (call) => send(res, 201, call, { location: `/v1/calls/${call.call_id}` }),
      (err: unknown) => {
        // The first failure is printed (the bench shows a child's output tail when a run fails).
        if (!failed) console.error('raw place failed:', err);
        failed = true;
        send(res, 500, { code: 'internal_error' });
      },
    );
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
