import { z } from 'zod';
import { pageSchema } from '../../shared/pagination';
import { webhookUrlSchema } from '../../shared/webhook-url';
import { e164Schema, MAX_SCHEDULE_AHEAD_MS, metadataSchema, placeCallSchema } from '../calls/calls.schemas';
import { isValidTimeZone, WEEKDAYS } from './calling-window';
import { RECIPIENT_STATUSES } from './campaign.entity';

export const MAX_RECIPIENTS_PER_REQUEST = 10_000;

const timeZoneSchema = z.string().max(64).refine(isValidTimeZone, 'must be an IANA time zone, e.g. Europe/Paris');
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be HH:MM (24-hour)');
const after = z.object({ after_seconds: z.number().int('must be an integer').min(1, 'must be at least 1').max(30 * 86_400, 'must be at most 30 days') });
const rfc3339 = z.iso.datetime({ offset: true, message: 'must be an RFC 3339 date-time with an offset' });

export const recipientSchema = z.object({
  to: e164Schema,
  metadata: metadataSchema.nullish(),
  time_zone: timeZoneSchema.nullish(),
});
export type RecipientInput = z.output<typeof recipientSchema>;

/** The campaign without its recipients (validated one by one, see campaigns.service.ts). */
export const campaignSchema = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
    task: placeCallSchema.shape.task,
    questions: placeCallSchema.shape.questions,
    webhook_url: webhookUrlSchema.nullish(),
    metadata: metadataSchema.nullish(),
    start_at: rfc3339.refine((v) => Date.parse(v) <= Date.now() + MAX_SCHEDULE_AHEAD_MS, 'must be at most 90 days ahead').nullish(),
    end_at: rfc3339.nullish(),
    time_zone: timeZoneSchema.nullish(),
    calling_window: z
      .object({
        days: z.array(z.enum(WEEKDAYS)).min(1, 'must name at least one day').max(7),
        start: hhmm,
        end: hhmm,
      })
      .refine((w) => w.end > w.start, { message: 'end must be after start (windows do not cross midnight)', path: ['end'] })
      .nullish(),
    max_concurrent_calls: z.number().int('must be an integer').min(1, 'must be at least 1').max(1000, 'must be at most 1000').nullish(),
    max_calls_per_second: z.number().positive('must be positive').min(0.01, 'must be at least 0.01').max(1000, 'must be at most 1000').nullish(),
    retry: z
      .object({
        busy: after.nullish(),
        no_answer: after.nullish(),
        voicemail: after.nullish(),
        carrier_error: after.nullish(),
        max_attempts: z.number().int('must be an integer').min(1, 'must be at least 1').max(10, 'must be at most 10').nullish(),
      })
      .nullish(),
    recipients: z.array(z.unknown()).max(MAX_RECIPIENTS_PER_REQUEST, `must have at most ${MAX_RECIPIENTS_PER_REQUEST} recipients per request (append more with POST /v1/campaigns/{id}/recipients)`).default([]),
  })
  .refine((c) => !c.end_at || Date.parse(c.end_at) > Date.parse(c.start_at ?? new Date().toISOString()), { message: 'must be after start_at', path: ['end_at'] });
export type CampaignInput = z.input<typeof campaignSchema>;

export const appendSchema = z.object({
  recipients: z.array(z.unknown()).min(1, 'must not be empty').max(MAX_RECIPIENTS_PER_REQUEST, `must have at most ${MAX_RECIPIENTS_PER_REQUEST} recipients per request`),
});

export const listCampaignsSchema = pageSchema;
export const listRecipientsSchema = pageSchema.extend({ status: z.enum(RECIPIENT_STATUSES).optional() });
