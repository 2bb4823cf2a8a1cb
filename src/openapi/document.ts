import { z } from 'zod';
import { OPERATIONS, REQUEST_ID_HEADER, RESPONSE_SCHEMAS, type Auth, type Operation } from './operations';
import { callAnalyzedEventSchema, callEndedEventSchema, callQueuedEventSchema } from './schemas';

/**
 * The OpenAPI 3.1 document, generated at start-up from the route catalogue (./operations.ts):
 * request schemas come from the services' own zod schemas (z.toJSONSchema, draft 2020-12, which is
 * OpenAPI 3.1's dialect), response and event schemas from ./schemas.ts.
 */
type Json = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  400: 'Malformed request (bad_request), e.g. a body that is not JSON; or a mailed token that is bad, used or expired (invalid_token).',
  401: 'Missing, malformed, expired, revoked (token_revoked) or unknown credentials.',
  403: 'Inactive user or organization, a role that may not do this, or a listed admin address not verified yet (email_not_verified).',
  404: 'Not found (another organization’s resource looks exactly like a missing one).',
  409: 'Conflict: email_taken, idempotency_conflict or invalid_state.',
  413: 'Request body over 64 KiB.',
  415: 'Request body that is not application/json.',
  422: 'Validation failed: `errors` names every invalid field.',
  429: 'Rate limited: see Retry-After and the RateLimit headers.',
  500: 'Internal error (never leaks details).',
  503: 'The database is not answering; retry (Retry-After).',
};

const AUTH_ERRORS: Record<Auth, number[]> = {
  none: [],
  dashboard: [401, 403],
  apiKey: [401, 403],
  platformAdmin: [401, 403],
};

const SECURITY: Record<Auth, Json[]> = {
  none: [],
  dashboard: [{ dashboardToken: [] }],
  apiKey: [{ apiKey: [] }],
  platformAdmin: [{ dashboardToken: [] }],
};

const EVENTS = [
  { name: 'call.queued', id: 'CallQueuedEvent', schema: callQueuedEventSchema, when: 'Right after an outbound call is persisted (within a fraction of a second of the commit).' },
  { name: 'call.ended', id: 'CallEndedEvent', schema: callEndedEventSchema, when: 'When a call reaches a final status: completed, failed or canceled.' },
  { name: 'call.analyzed', id: 'CallAnalyzedEvent', schema: callAnalyzedEventSchema, when: 'When transcript, structured answers and recording of a completed call are available.' },
];

function clean(schema: unknown): Json {
  const s = { ...(schema as Json) };
  delete s.$schema;
  delete s.$id;
  return s;
}

/** Components from a set of named zod schemas; nested named schemas become $refs. */
function components(named: Array<{ id: string; schema: z.ZodType }>, io: 'input' | 'output'): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const { id, schema } of named) if (!registry.has(schema)) registry.add(schema, { id });
  const out = z.toJSONSchema(registry, { io, target: 'draft-2020-12', unrepresentable: 'any', uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(Object.entries(out.schemas).map(([id, s]) => [id, clean(s)]));
}

const ref = (id: string): Json => ({ $ref: `#/components/schemas/${id}` });

function queryParameters(op: Operation): Json[] {
  if (!op.query) return [];
  const schema = clean(z.toJSONSchema(op.query, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' })) as {
    properties?: Record<string, Json>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
    schema: s,
  }));
}

function operationObject(op: Operation): Json {
  const pathParams = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  const headerParams = (op.headers ?? []).map((h) => ({
    name: h.name,
    in: 'header',
    required: false,
    description: h.description,
    schema: clean(z.toJSONSchema(h.schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' })),
  }));
  const responses: Record<string, Json> = {};
  for (const [status, r] of Object.entries(op.responses)) {
    const contentType = r.contentType ?? 'application/json';
    const schema = r.body ? ref(r.body.id) : contentType === 'application/json' ? { type: 'object' } : { type: 'string', ...(contentType === 'audio/wav' ? { format: 'binary' } : {}) };
    responses[status] = {
      description: r.description,
      headers: { ...REQUEST_ID_HEADER, ...(r.headers ?? {}) },
      // 204 No Content has no body at all.
      ...(status === '204' ? {} : { content: { [contentType]: { schema } } }),
    };
  }
  const errorStatuses = new Set([...op.errors, ...AUTH_ERRORS[op.auth], ...(op.body ? [400, 413, 415] : []), 500, 503]);
  for (const status of [...errorStatuses].sort()) {
    if (responses[status]) continue;
    responses[status] = { description: STATUS_TEXT[status] ?? 'Error.', headers: REQUEST_ID_HEADER, content: { 'application/problem+json': { schema: ref('Problem') } } };
  }
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    security: SECURITY[op.auth],
    ...(op.auth === 'platformAdmin' ? { 'x-required-role': 'platform_admin (or a verified e-mail listed in PLATFORM_ADMIN_EMAILS; listed but unverified: 403 email_not_verified)' } : {}),
    parameters: [...pathParams, ...queryParameters(op), ...headerParams],
    ...(op.body
      ? { requestBody: { required: op.body.required, content: { 'application/json': { schema: ref(op.body.id) } } } }
      : {}),
    responses,
  };
}

function webhookObject(e: (typeof EVENTS)[number]): Json {
  const header = (name: string, description: string) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } });
  return {
    post: {
      operationId: `webhook_${e.name.replace('.', '_')}`,
      summary: e.name,
      description: `${e.when} Sent to the call's webhook_url, else the organization's. At-least-once: dedupe on call_id + event.`,
      tags: ['events'],
      parameters: [
        header('X-Voice-Signature', 'sha256=<lowercase hex HMAC-SHA256 of the raw body, keyed with the UTF-8 bytes of the whsec_ secret>'),
        header('X-Voice-Event', 'The event name.'),
        header('X-Voice-Delivery', 'Delivery id, stable across retries.'),
        header('webhook-id', 'Standard Webhooks: the delivery id.'),
        header('webhook-timestamp', 'Standard Webhooks: seconds since the epoch.'),
        header('webhook-signature', 'Standard Webhooks: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`; two entries for 24 h after a secret rotation.'),
      ],
      requestBody: { required: true, content: { 'application/json': { schema: ref(e.id) } } },
      responses: {
        '2XX': { description: 'Acknowledged. Anything else, a redirect or no answer within 15 s is retried (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; ±20 % jitter).' },
      },
    },
  };
}

export function buildOpenApiDocument(opts: { serverUrl: string; version?: string }): Json {
  const requestSchemas = OPERATIONS.flatMap((op) => (op.body ? [{ id: op.body.id, schema: op.body.schema }] : []));
  const schemas = {
    ...components(requestSchemas, 'input'),
    ...components([...RESPONSE_SCHEMAS, ...EVENTS.map((e) => ({ id: e.id, schema: e.schema }))], 'output'),
  };
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operationObject(op);
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'voicegate',
      version: opts.version ?? '0.1.0',
      summary: 'Multi-tenant voice calling: outbound calls, signed webhooks, dashboard and admin API.',
      description:
        'REST bodies are snake_case JSON; every timestamp is ISO 8601 UTC with six fractional digits and +00:00. Errors are application/problem+json with a stable `code`. ' +
        'Lists are `{data, next_cursor}` with ?limit= (1..100, default 20) and ?cursor=. The same dashboard operations exist in GraphQL at /graphql.',
    },
    servers: [{ url: opts.serverUrl }],
    tags: [
      { name: 'auth', description: 'Sign-up, login and the current user (dashboard JWT).' },
      { name: 'api-keys', description: 'Organization API keys (dashboard JWT).' },
      { name: 'webhooks', description: 'Webhook settings and the delivery log (dashboard JWT).' },
      { name: 'members', description: 'Users of the organization (dashboard JWT).' },
      { name: 'calls', description: 'Integration API (API key).' },
      { name: 'admin', description: 'Cross-tenant operations (platform administrators).' },
      { name: 'operations', description: 'Health, readiness, metrics and this document.' },
      { name: 'events', description: 'Webhook events the service sends.' },
    ],
    paths,
    webhooks: Object.fromEntries(EVENTS.map((e) => [e.name, webhookObject(e)])),
    components: {
      schemas,
      securitySchemes: {
        dashboardToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'From POST /auth/login or /auth/signup. Used on /auth/me, /dashboard/*, /api/admin/* and /graphql.' },
        apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'sk_live_…', description: 'An organization API key, server-to-server only. Used on /v1/*.' },
      },
    },
  };
}

/** Path templates of every documented REST operation, for route labels (metrics). */
export const DOCUMENTED_PATHS: readonly string[] = [...new Set(OPERATIONS.map((o) => o.path))];
