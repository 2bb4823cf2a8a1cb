import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Ctx } from './context';
import type { AppError } from './errors';

/**
 * A REST route, described once. The Express router (src/rest/router.ts) and the OpenAPI 3.1
 * document (src/openapi/document.ts) are both built from these descriptors, so the two cannot
 * drift; see docs/architecture.md.
 *
 * Converting an Express route written today's way is mechanical:
 *   r.post('/members', async (req, res) => res.status(201).json(presentUser(await s.members.add(req.ctx, req.body))))
 * becomes, in the feature's `*.routes.ts`,
 *   route<MembersDeps>({
 *     method: 'post', path: '/dashboard/members',          // full path, OpenAPI template ({id}, not :id)
 *     auth: 'dashboard', tag: 'members', operationId: 'addMember', summary: '…',
 *     body: named('AddMemberRequest', addMemberSchema),    // the schema the service parses with
 *     responses: { 201: reply('Created.', named('User', userSchema)) },
 *     errors: [409, 422],                                  // problem statuses besides 401/403/5xx
 *     example: { request: {...}, response: {...} },
 *     handler: async ({ ctx, body }, { members }) => ({ status: 201, body: presentUser(await members.add(ctx, body)) }),
 *   })
 * and the group is listed in src/app.ts under the prefix it is mounted at. Handlers get only the
 * services their group declares (`deps`), never the whole bag.
 */
export type AuthKind = 'none' | 'dashboard' | 'apiKey' | 'platformAdmin';
export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** A zod schema with the component name it has in the OpenAPI document. */
export interface Named {
  id: string;
  schema: z.ZodType;
  /** Named schemas nested inside this one, so they become components ($refs) too. */
  uses?: Named[];
}
export const named = (id: string, schema: z.ZodType, uses?: Named[]): Named => ({ id, schema, ...(uses ? { uses } : {}) });

export interface HeaderSpec {
  description: string;
  schema: Record<string, unknown>;
}

export interface ResponseSpec {
  description: string;
  body?: Named;
  /** Default application/json; other types are a plain string (or binary) body. */
  contentType?: string;
  headers?: Record<string, HeaderSpec>;
}

export const reply = (description: string, body: Named, extra: Partial<ResponseSpec> = {}): ResponseSpec => ({ description, body, ...extra });

/** What a handler gets: raw query and body stay `unknown`; the service parses them with the schema named in the descriptor. */
export interface RouteInput {
  ctx: Ctx;
  params: Record<string, string>;
  query: unknown;
  body: unknown;
  header(name: string): string | undefined;
  /** The path and query string as the client sent them (what a URL signature such as Twilio's covers). */
  url: string;
}

export interface Reply {
  status: number;
  /** JSON unless `contentType` is given (then sent as is); omitted with `stream`. */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
  stream?: Readable;
  /** Answer with this problem (problem+json) without treating it as a failure of the request (nothing is logged). */
  problem?: AppError;
}

export interface RouteDescriptor<D = unknown> {
  method: HttpMethod;
  /** Full OpenAPI path template, e.g. /v1/calls/{call_id}. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  auth: AuthKind;
  /** Path parameters (all strings on the wire); defaults to a plain string for every {name}. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /**
   * The request body; JSON unless `contentType` says otherwise. The router parses it with the
   * mount's parser, up to `maxBytes` (default DEFAULT_MAX_BODY_BYTES); the document's 413 text
   * comes from the same number (bodyLimit).
   */
  body?: Named & { required?: boolean; contentType?: string; maxBytes?: number };
  headers?: Array<{ name: string; description: string; schema: z.ZodType }>;
  responses: Record<number, ResponseSpec>;
  /** Problem (application/problem+json) statuses besides those every route of its auth kind can answer. */
  errors: number[];
  /** A realistic request body and success response, shown in the document (checked against the schemas by the lint test). */
  example: { request?: unknown; response?: unknown };
  handler(input: RouteInput, deps: D): Promise<Reply>;
}

/** Request bodies larger than this are 413, unless a route's `body.maxBytes` says otherwise. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** The largest body a route accepts (what its parser is built with and its 413 documents). */
export const bodyLimit = (r: Pick<RouteDescriptor<never>, 'body'>): number => r.body?.maxBytes ?? DEFAULT_MAX_BODY_BYTES;

/** 65536 → "64 KiB", 8388608 → "8 MiB" (as the 413 problem and the document word a limit). */
export const formatBytes = (n: number): string => (n >= 1024 * 1024 && n % (1024 * 1024) === 0 ? `${n / (1024 * 1024)} MiB` : n % 1024 === 0 ? `${n / 1024} KiB` : `${n} bytes`);

/** A feature's routes and the narrow set of services they need. */
export type Routes<D> = ReadonlyArray<RouteDescriptor<D>>;

/** Identity helper so a handler's `deps` is typed from the group. */
export const route = <D>(r: RouteDescriptor<D>): RouteDescriptor<D> => r;
