import { z } from 'zod';
import { EXAMPLE, listOf, pageExample } from '../../common/api-schemas';
import { answerRange, sliceStream } from '../../common/byte-range';
import { AppError, notFound } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { named, reply, route, type Reply, type Routes } from '../../common/route';
import { Call } from './call.entity';
import { idempotencyKeySchema } from '../../common/idempotency';
import { CALL_EXAMPLE, callSchema, listCallsSchema, placeCallSchema } from './calls.schemas';
import type { CallsService } from './calls.service';
import type { CarrierAdapters } from './ports';
import type { RecordingUrls } from './recording-url';

export interface CallsDeps {
  calls: CallsService;
}

const Call_ = named('Call', callSchema);
const CallList = named('CallList', listOf(callSchema));
const callIdParams = z.object({ call_id: z.string() });

/** The integration API, mounted under /v1 (API key). */
export const callsRoutes: Routes<CallsDeps> = [
  route<CallsDeps>({
    method: 'post',
    path: '/v1/calls/outbound',
    operationId: 'placeCall',
    summary: 'Place an outbound call',
    description:
      'The call row, its call.queued event and its jobs are committed in one transaction before the 201. ' +
      'With Idempotency-Key (kept 24 h per organization) a repeat of the same body replays the first response with `Idempotent-Replayed: true`; the same key with another body is 409.',
    tag: 'calls',
    auth: 'apiKey',
    body: named('PlaceCallRequest', placeCallSchema),
    headers: [{ name: 'Idempotency-Key', description: 'Makes retries safe.', schema: idempotencyKeySchema }],
    responses: {
      201: reply('The call, queued.', Call_, {
        headers: {
          Location: { description: '/v1/calls/{call_id}', schema: { type: 'string' } },
          'Idempotent-Replayed': { description: '`true` when this is a replay of an earlier response.', schema: { type: 'string', enum: ['true'] } },
        },
      }),
    },
    errors: [409, 422, 429],
    example: {
      request: { to: '+14155550123', task: 'Confirm the delivery window.', questions: [{ key: 'confirmed', question: 'Does Tuesday afternoon work?', type: 'boolean' }], metadata: { customer_id: 'c_42' } },
      response: CALL_EXAMPLE,
    },
    handler: async ({ ctx, body, header }, { calls }) => {
      const out = await calls.place(ctx, body, header('Idempotency-Key'));
      return {
        status: out.status,
        body: out.body,
        headers: { ...(out.replayed ? { 'Idempotent-Replayed': 'true' } : {}), Location: `/v1/calls/${out.body.call_id}` },
      };
    },
  }),
  route<CallsDeps>({
    method: 'get',
    path: '/v1/calls',
    operationId: 'listCalls',
    summary: "The organization's calls, newest first",
    tag: 'calls',
    auth: 'apiKey',
    query: listCallsSchema,
    responses: { 200: reply('A page of calls.', CallList) },
    errors: [422, 429],
    example: { response: pageExample(CALL_EXAMPLE) },
    handler: async ({ ctx, query }, { calls }) => {
      const page = await calls.list(ctx, query);
      return { status: 200, body: { data: page.data.map((c) => calls.present(c)), next_cursor: page.nextCursor } };
    },
  }),
  route<CallsDeps>({
    method: 'get',
    path: '/v1/calls/{call_id}',
    operationId: 'getCall',
    summary: 'One call',
    tag: 'calls',
    auth: 'apiKey',
    params: callIdParams,
    responses: { 200: reply('The call.', Call_) },
    errors: [404, 429],
    example: { response: CALL_EXAMPLE },
    handler: async ({ ctx, params }, { calls }) => ({ status: 200, body: calls.present(await calls.get(ctx, params.call_id!)) }),
  }),
  route<CallsDeps>({
    method: 'post',
    path: '/v1/calls/{call_id}/cancel',
    operationId: 'cancelCall',
    summary: 'Cancel a call that is queued or ringing',
    description: 'Ends the call as canceled and sends call.ended; any other status is 409 invalid_state.',
    tag: 'calls',
    auth: 'apiKey',
    params: callIdParams,
    responses: { 200: reply('The canceled call.', Call_) },
    errors: [404, 409, 429],
    example: { response: { ...CALL_EXAMPLE, status: 'canceled', disposition: 'canceled', duration_seconds: 0, ended_at: EXAMPLE.time } },
    handler: async ({ ctx, params }, { calls }) => ({ status: 200, body: calls.present(await calls.cancel(ctx, params.call_id!)) }),
  }),
];

export interface RecordingsDeps {
  recordingUrls: RecordingUrls;
  carriers: CarrierAdapters;
}

/** Public, credential-free recording links: the signed, expiring query string is the credential. */
export const recordingsRoutes: Routes<RecordingsDeps> = [
  route<RecordingsDeps>({
    method: 'get',
    path: '/recordings/{file}',
    operationId: 'getRecording',
    summary: 'A call recording (signed link, no credential)',
    description:
      'The link in `recording_url`: its `expires` and `signature` query parameters are the credential. A single byte range (`Range: bytes=start-end`) is answered 206 with `Content-Range`, so players can seek; a range past the end is answered 416 `range_not_satisfiable`; several ranges at once get the whole file.',
    tag: 'calls',
    auth: 'none',
    params: z.object({ file: z.string() }),
    query: z.object({ expires: z.string().regex(/^\d{1,12}$/), signature: z.string() }),
    headers: [{ name: 'Range', description: 'One byte range, e.g. `bytes=32000-`.', schema: z.string() }],
    responses: {
      200: {
        description: 'The recording.',
        contentType: 'audio/wav',
        headers: {
          'Content-Length': { description: 'Size of the WAV file in bytes.', schema: { type: 'integer' } },
          'Accept-Ranges': { description: '`bytes`: a Range header is honoured.', schema: { type: 'string' } },
        },
      },
      206: {
        description: 'The requested byte range of the recording.',
        contentType: 'audio/wav',
        headers: {
          'Content-Range': { description: '`bytes start-end/size`.', schema: { type: 'string' } },
          'Content-Length': { description: 'Size of the range in bytes.', schema: { type: 'integer' } },
        },
      },
    },
    errors: [401, 404, 416],
    example: {},
    handler: async ({ ctx, params, query, header }, { recordingUrls, carriers }): Promise<Reply> => {
      const match = /^([0-9a-f-]{36})\.wav$/i.exec(params.file ?? '');
      const callId = match?.[1];
      if (!callId || !isUuid(callId)) throw notFound('Recording');
      const q = (query ?? {}) as Record<string, unknown>;
      const verdict = recordingUrls.verify(callId, typeof q.expires === 'string' ? q.expires : undefined, typeof q.signature === 'string' ? q.signature : undefined);
      if (verdict === 'invalid') throw new AppError('invalid_token', 'The recording link is invalid.');
      if (verdict === 'expired') throw new AppError('token_expired', 'The recording link has expired.');
      const call = await ctx.em.findOne(Call, { id: callId });
      if (!call || call.recordingSeconds === null) throw notFound('Recording');
      const audio = await carriers.get(call.carrier).recording(call);
      if (!audio) throw notFound('Recording');
      const common: Record<string, string> = { 'Content-Type': audio.contentType, 'Accept-Ranges': 'bytes', 'Cache-Control': 'private, max-age=300' };
      const range = answerRange(header('range'), audio.byteLength);
      if (range.kind === 'unsatisfiable') {
        audio.stream.destroy();
        throw new AppError('range_not_satisfiable', 'The range starts past the end of the recording.', { headers: { 'Content-Range': `bytes */${audio.byteLength}` } });
      }
      if (range.kind === 'part') {
        return {
          status: 206,
          headers: { ...common, 'Content-Range': `bytes ${range.start}-${range.end}/${audio.byteLength}`, 'Content-Length': String(range.end - range.start + 1) },
          stream: sliceStream(audio.stream, range.start, range.end),
        };
      }
      return { status: 200, headers: { ...common, 'Content-Length': String(audio.byteLength) }, stream: audio.stream };
    },
  }),
];
