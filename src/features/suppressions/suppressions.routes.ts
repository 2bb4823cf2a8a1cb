import { z } from 'zod';
import { listOf, pageExample, timestamp } from '../../common/api-schemas';
import { named, reply, route, type Routes } from '../../common/route';
import { addSuppressionsSchema, SUPPRESSION_SOURCES, type SuppressionsService } from './suppressions.service';

export interface SuppressionsDeps {
  suppressions: SuppressionsService;
}

const suppressionSchema = z.strictObject({ number: z.string(), source: z.enum(SUPPRESSION_SOURCES), created_at: timestamp });
const EXAMPLE_ROW = { number: '+14155550999', source: 'api', created_at: '2026-11-22T10:15:30.123456+00:00' };

/** The organization's do-not-call list (docs/campaigns.md), under /v1 (API key). */
export const suppressionsRoutes: Routes<SuppressionsDeps> = [
  route<SuppressionsDeps>({
    method: 'get',
    path: '/v1/suppressions',
    operationId: 'listSuppressions',
    summary: 'Suppressed numbers, newest first',
    tag: 'suppressions',
    auth: 'apiKey',
    query: z.object({
      limit: z.coerce.number().int().min(1).max(100).optional(),
      cursor: z.string().optional(),
      search: z.string().optional().describe('Only numbers containing these digits (spaces, dashes and + ignored).'),
    }),
    responses: { 200: reply('A page of suppressed numbers.', named('SuppressionList', listOf(suppressionSchema))) },
    errors: [422, 429],
    example: { response: pageExample(EXAMPLE_ROW) },
    handler: async ({ ctx, query }, { suppressions }) => ({ status: 200, body: await suppressions.list(ctx, query) }),
  }),
  route<SuppressionsDeps>({
    method: 'post',
    path: '/v1/suppressions',
    operationId: 'addSuppressions',
    summary: 'Add numbers (up to 10,000) to the suppression list',
    tag: 'suppressions',
    auth: 'apiKey',
    body: named('AddSuppressionsRequest', addSuppressionsSchema),
    responses: { 201: reply('How many were new.', named('SuppressionsAdded', z.strictObject({ added: z.number().int(), numbers: z.number().int() }))) },
    errors: [422, 429],
    example: { request: { numbers: ['+14155550999'] }, response: { added: 1, numbers: 1 } },
    handler: async ({ ctx, body }, { suppressions }) => ({ status: 201, body: await suppressions.add(ctx, body, 'api') }),
  }),
  route<SuppressionsDeps>({
    method: 'delete',
    path: '/v1/suppressions/{number}',
    operationId: 'removeSuppression',
    summary: 'Remove a number from the suppression list',
    description: 'URL-encode the leading + as %2B. Any form of the number finds its canonical entry (+4402071234567 removes +442071234567).',
    tag: 'suppressions',
    auth: 'apiKey',
    params: z.object({ number: z.string() }),
    responses: { 204: { description: 'Removed.' } },
    errors: [404, 429],
    example: {},
    handler: async ({ ctx, params }, { suppressions }) => {
      await suppressions.remove(ctx, params.number!);
      return { status: 204 };
    },
  }),
];
