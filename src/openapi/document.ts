import { z } from 'zod';
import { problemSchema } from '../common/api-schemas';
import { bodyLimit, formatBytes, type AuthKind, type Named, type RouteDescriptor } from '../common/route';
import { callAnalyzedEventSchema, callEndedEventSchema, callQueuedEventSchema, callTransferredEventSchema, campaignCompletedEventSchema, campaignPausedEventSchema, campaignStartedEventSchema, EVENT_EXAMPLES } from './webhook-events';

/**
 * The OpenAPI 3.1 document, generated at start-up from the route descriptors (src/routes.ts) with
 * zod 4's own z.toJSONSchema (draft 2020-12, which is OpenAPI 3.1's dialect): request schemas are
 * the very zod schemas the services parse with, response schemas those the descriptors name.
 * Linted with redocly's `recommended` rules by test/integration/openapi-lint.test.ts.
 */
type Json = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  400: 'Malformed request (bad_request), e.g. a body that is not JSON; or a mailed token that is bad, used or expired (invalid_token).',
  401: 'Missing, malformed, expired, revoked (token_revoked) or unknown credentials.',
  403: 'Inactive user or organization, a role that may not do this, or a listed admin address not verified yet (email_not_verified).',
  404: 'Not found (another organization’s resource looks exactly like a missing one).',
  409: 'Conflict: email_taken, idempotency_conflict or invalid_state.',
  415: 'Request body that is not application/json.',
  416: 'The byte range starts past the end (range_not_satisfiable); Content-Range gives the size.',
  422: 'Validation failed (validation_error), or a field the request does not have (unknown_field): `errors` names every invalid or unknown field.',
  429: 'Rate limited: see Retry-After and the RateLimit headers.',
  500: 'Internal error (never leaks details).',
  503: 'The database is not answering; retry (Retry-After).',
};

const AUTH_ERRORS: Record<AuthKind, number[]> = {
  none: [],
  dashboard: [401, 403],
  apiKey: [401, 403],
  platformAdmin: [401, 403],
};

const SECURITY: Record<AuthKind, Json[]> = {
  // An empty list: explicitly no credential.
  none: [],
  dashboard: [{ dashboardToken: [] }],
  apiKey: [{ apiKey: [] }],
  platformAdmin: [{ dashboardToken: [] }],
};

const EVENTS = [
  { name: 'call.queued', id: 'CallQueuedEvent', schema: callQueuedEventSchema, when: 'Right after an outbound call is persisted (within a fraction of a second of the commit).' },
  { name: 'call.ended', id: 'CallEndedEvent', schema: callEndedEventSchema, when: 'When a call reaches a final status: completed, failed or canceled.' },
  { name: 'call.analyzed', id: 'CallAnalyzedEvent', schema: callAnalyzedEventSchema, when: 'When transcript, structured answers and recording of a completed call are available.' },
  { name: 'call.transferred', id: 'CallTransferredEvent', schema: callTransferredEventSchema, when: 'When the agent handed a call to a person (transfer_to), or tried to: answered says whether the person took it.' },
  { name: 'campaign.started', id: 'CampaignStartedEvent', schema: campaignStartedEventSchema, when: 'When a campaign first starts calling (docs/campaigns.md).' },
  { name: 'campaign.paused', id: 'CampaignPausedEvent', schema: campaignPausedEventSchema, when: 'At every pause of a campaign.' },
  { name: 'campaign.completed', id: 'CampaignCompletedEvent', schema: campaignCompletedEventSchema, when: 'When no recipient of a campaign is pending or calling any more.' },
] as const;

const string = { type: 'string' };
const REQUEST_ID_HEADER = {
  'X-Request-Id': { description: 'The request id (echoed when the client sent a sane one); it is on every log line of the request.', schema: string },
};
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } } };
const RATE_LIMIT_HEADERS = {
  ...RETRY_AFTER,
  RateLimit: { description: 'IETF RateLimit header: the policy name, remaining requests (r) and seconds until reset (t).', schema: string },
  'RateLimit-Policy': { description: 'IETF RateLimit-Policy header: the quota (q) and window in seconds (w).', schema: string },
};
const CONTENT_RANGE = { 'Content-Range': { description: '`bytes */size`: the size of the whole resource.', schema: { type: 'string' } } };
const ERROR_HEADERS: Record<number, Json> = { 416: CONTENT_RANGE, 429: RATE_LIMIT_HEADERS, 503: RETRY_AFTER };
const WWW_AUTHENTICATE = { 'WWW-Authenticate': { description: '`Bearer`, when no usable credential was sent (missing_credentials).', schema: { type: 'string', enum: ['Bearer'] } } };

function clean(schema: unknown): Json {
  const s = { ...(schema as Json) };
  delete s.$schema;
  delete s.$id;
  return s;
}

/** Components from a set of named zod schemas; nested named schemas become $refs. */
function components(named: Named[], io: 'input' | 'output'): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const { id, schema } of named) if (!registry.has(schema)) registry.add(schema, { id });
  const out = z.toJSONSchema(registry, { io, target: 'draft-2020-12', unrepresentable: 'any', uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(Object.entries(out.schemas).map(([id, s]) => [id, clean(s)]));
}

/** One schema object per component name: two descriptors naming the same id must mean the same schema. */
function unique(named: Named[]): Named[] {
  const byId = new Map<string, Named>();
  for (const n of named) {
    const seen = byId.get(n.id);
    if (seen && seen.schema !== n.schema) throw new Error(`Two different schemas are named ${n.id}`);
    byId.set(n.id, n);
  }
  return [...byId.values()];
}

const ref = (id: string): Json => ({ $ref: `#/components/schemas/${id}` });
const toJson = (schema: z.ZodType): Json => clean(z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }));

function objectParameters(schema: z.ZodObject | undefined, where: 'query' | 'path'): Json[] {
  if (!schema) return [];
  const json = toJson(schema) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required?.includes(name) ?? false),
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
    schema: s,
  }));
}

function pathParameters(r: RouteDescriptor): Json[] {
  const names = [...r.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const declared = objectParameters(r.params, 'path');
  return names.map((name) => declared.find((p) => p.name === name) ?? { name, in: 'path', required: true, schema: { type: 'string' } });
}

function operationObject(r: RouteDescriptor): Json {
  const headerParams = (r.headers ?? []).map((h) => ({ name: h.name, in: 'header', required: false, description: h.description, schema: toJson(h.schema) }));
  const responses: Record<string, Json> = {};
  const successes = Object.keys(r.responses).map(Number);
  for (const [status, spec] of Object.entries(r.responses)) {
    const contentType = spec.contentType ?? 'application/json';
    const schema = spec.body ? ref(spec.body.id) : contentType === 'application/json' ? { type: 'object' } : { type: 'string', ...(contentType === 'audio/wav' ? { format: 'binary' } : {}) };
    // The example goes on the first (success) response; binary bodies have none.
    const example = Number(status) === successes[0] && r.example.response !== undefined ? { example: r.example.response } : {};
    responses[status] = {
      description: spec.description,
      headers: { ...REQUEST_ID_HEADER, ...(spec.headers ?? {}) },
      // 204 No Content has no body at all.
      ...(status === '204' ? {} : { content: { [contentType]: { schema, ...example } } }),
    };
  }
  const errorStatuses = new Set([...r.errors, ...AUTH_ERRORS[r.auth], ...(r.body ? [400, 413, 415] : []), 500, 503]);
  for (const status of [...errorStatuses].sort()) {
    if (responses[status]) continue;
    responses[status] = {
      // 413's limit is the route's own, the one its parser is built with (router.ts).
      description: status === 413 ? `Request body over ${formatBytes(bodyLimit(r))}.` : (STATUS_TEXT[status] ?? 'Error.'),
      headers: { ...REQUEST_ID_HEADER, ...(ERROR_HEADERS[status] ?? {}), ...(status === 401 && r.auth !== 'none' ? WWW_AUTHENTICATE : {}) },
      content: { 'application/problem+json': { schema: ref('Problem') } },
    };
  }
  return {
    operationId: r.operationId,
    summary: r.summary,
    ...(r.description ? { description: r.description } : {}),
    tags: [r.tag],
    security: SECURITY[r.auth],
    ...(r.auth === 'platformAdmin' ? { 'x-required-role': 'platform_admin (or a verified e-mail listed in PLATFORM_ADMIN_EMAILS; listed but unverified: 403 email_not_verified)' } : {}),
    parameters: [...pathParameters(r), ...objectParameters(r.query, 'query'), ...headerParams],
    ...(r.body
      ? {
          requestBody: {
            required: r.body.required ?? true,
            content: { [r.body.contentType ?? 'application/json']: { schema: ref(r.body.id), ...(r.example.request !== undefined ? { example: r.example.request } : {}) } },
          },
        }
      : {}),
    responses,
  };
}

function webhookObject(e: (typeof EVENTS)[number]): Json {
  const header = (name: string, description: string, schema: Json = string) => ({ name, in: 'header', required: true, description, schema });
  return {
    post: {
      operationId: `webhook_${e.name.replace('.', '_')}`,
      summary: e.name,
      description: e.name.startsWith('campaign.')
        ? `${e.when} Sent to the campaign's webhook_url, else the organization's. At-least-once: dedupe on campaign_id + event (+ timestamp for campaign.paused).`
        : `${e.when} Sent to the call's webhook_url, else the organization's. At-least-once: dedupe on call_id + event.`,
      tags: ['events'],
      // Webhooks carry no credential of ours: the receiver checks the signature headers below.
      security: [],
      parameters: [
        header('X-Voice-Signature', 'sha256=<lowercase hex HMAC-SHA256 of the raw body, keyed with the UTF-8 bytes of the whsec_ secret>', { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' }),
        header('X-Voice-Event', 'The event name.', { type: 'string', enum: [e.name] }),
        header('X-Voice-Delivery', 'Delivery id, stable across retries.'),
        header('webhook-id', 'Standard Webhooks: the delivery id.'),
        header('webhook-timestamp', 'Standard Webhooks: seconds since the epoch.', { type: 'string', pattern: '^[0-9]+$' }),
        header('webhook-signature', 'Standard Webhooks: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`; two entries for 24 h after a secret rotation.'),
      ],
      requestBody: { required: true, content: { 'application/json': { schema: ref(e.id), example: EVENT_EXAMPLES[e.name] } } },
      responses: {
        '2XX': { description: 'Acknowledged. Anything else, a redirect or no answer within 15 s is retried (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; ±20 % jitter).' },
        '4XX': { description: 'Refused by the receiver: retried like any other failure, then recorded as failed in the delivery log.' },
      },
    },
  };
}

export function buildOpenApiDocument(opts: { serverUrl: string; routes: readonly RouteDescriptor[]; version?: string }): Json {
  const requestSchemas = unique(opts.routes.flatMap((r) => (r.body ? [{ id: r.body.id, schema: r.body.schema }] : [])));
  const withNested = (n: Named): Named[] => [n, ...(n.uses ?? []).flatMap(withNested)];
  const responseSchemas = unique(opts.routes.flatMap((r) => Object.values(r.responses).flatMap((spec) => (spec.body ? withNested(spec.body) : []))));
  const schemas = {
    ...components(requestSchemas, 'input'),
    ...components([...responseSchemas, { id: 'Problem', schema: problemSchema }, ...EVENTS.map((e) => ({ id: e.id, schema: e.schema }))], 'output'),
  };
  const paths: Record<string, Record<string, Json>> = {};
  for (const r of opts.routes) {
    const item = (paths[r.path] ??= {});
    if (item[r.method]) throw new Error(`${r.method} ${r.path} is described twice`);
    item[r.method] = operationObject(r);
  }
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
      // The package is private (not published); the document itself may be shared with integrators.
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: opts.serverUrl }],
    tags: [
      { name: 'auth', description: 'Sign-up, login and the current user (dashboard JWT).' },
      { name: 'api-keys', description: 'Organization API keys (dashboard JWT).' },
      { name: 'webhooks', description: 'Webhook settings and the delivery log (dashboard JWT).' },
      { name: 'members', description: 'Users of the organization (dashboard JWT).' },
      { name: 'carriers', description: "The organization's carrier connection (dashboard JWT) and Twilio's signed webhooks." },
      { name: 'calls', description: 'Integration API (API key).' },
      { name: 'campaigns', description: 'Campaigns: many calls, in calling windows, paced and retried (API key).' },
      { name: 'suppressions', description: 'The do-not-call list (API key).' },
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
