import { z } from 'zod';
import { jsonObject, nullable, timestamp, uuidString } from '../../common/api-schemas';
import { pageSchema } from '../../common/pagination';
import { webhookUrlSchema } from '../../common/webhook-url';
import { e164Schema, MAX_SCHEDULE_AHEAD_MS, metadataSchema, placeCallSchema } from '../calls';
import { isValidTimeZone, WEEKDAYS } from './calling-window';
import { CAMPAIGN_STATUSES, RECIPIENT_STATUSES } from './campaign.entity';

export const MAX_RECIPIENTS_PER_REQUEST = 10_000;
/** Campaign creation and appends carry up to 10,000 recipients: their own body limit (docs/campaigns.md). */
export const MAX_CAMPAIGN_BODY_BYTES = 8 * 1024 * 1024;

const timeZoneSchema = z.string().max(64).refine(isValidTimeZone, 'must be an IANA time zone, e.g. Europe/Paris');
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be HH:MM (24-hour)');
const after = z.strictObject({ after_seconds: z.number().int('must be an integer').min(1, 'must be at least 1').max(30 * 86_400, 'must be at most 30 days') });
// abort: a malformed date-time is one error; the range checks below only see well-formed ones.
const rfc3339 = z.iso.datetime({ offset: true, message: 'must be an RFC 3339 date-time with an offset', abort: true });

export const recipientSchema = z.strictObject({
  to: e164Schema,
  metadata: metadataSchema.nullish(),
  time_zone: timeZoneSchema.nullish(),
});
export type RecipientInput = z.output<typeof recipientSchema>;

/** The campaign without its recipients (validated one by one, see campaigns.service.ts). */
const campaignFields = z
  .strictObject({
    name: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
    task: placeCallSchema.shape.task,
    questions: placeCallSchema.shape.questions,
    webhook_url: webhookUrlSchema.nullish(),
    metadata: metadataSchema.nullish(),
    start_at: rfc3339.refine((v) => Date.parse(v) <= Date.now() + MAX_SCHEDULE_AHEAD_MS, 'must be at most 90 days ahead').nullish(),
    end_at: rfc3339.nullish(),
    time_zone: timeZoneSchema.nullish(),
    calling_window: z
      .strictObject({
        days: z.array(z.enum(WEEKDAYS)).min(1, 'must name at least one day').max(7),
        start: hhmm,
        end: hhmm,
      })
      .refine((w) => w.end > w.start, { message: 'end must be after start (windows do not cross midnight)', path: ['end'] })
      .nullish(),
    max_concurrent_calls: z.number().int('must be an integer').min(1, 'must be at least 1').max(1000, 'must be at most 1000').nullish(),
    max_calls_per_second: z.number().positive('must be positive').min(0.01, 'must be at least 0.01').max(1000, 'must be at most 1000').nullish(),
    retry: z
      .strictObject({
        busy: after.nullish(),
        no_answer: after.nullish(),
        voicemail: after.nullish(),
        carrier_error: after.nullish(),
        callback_requested: after.nullish(),
        max_attempts: z.number().int('must be an integer').min(1, 'must be at least 1').max(10, 'must be at most 10').nullish(),
      })
      .nullish(),
    recipients: z.array(z.unknown()).max(MAX_RECIPIENTS_PER_REQUEST, `must have at most ${MAX_RECIPIENTS_PER_REQUEST} recipients per request (append more with POST /v1/campaigns/{id}/recipients)`).default([]),
  });
/**
 * end_at after start_at, checked whenever both are well-formed date-times, even if other fields
 * failed (so one answer names every invalid field); a malformed one has its own error only.
 */
const wellFormed = (v: unknown): v is string => rfc3339.safeParse(v).success;
export const campaignSchema = campaignFields.refine(
  (c) => {
    const start = c.start_at ?? new Date().toISOString();
    return !wellFormed(c.end_at) || !wellFormed(start) || Date.parse(c.end_at) > Date.parse(start);
  },
  { message: 'must be after start_at', path: ['end_at'], when: (p) => p.value !== null && typeof p.value === 'object' },
);
export type CampaignInput = z.input<typeof campaignSchema>;

/** The request bodies as documented (recipients are validated one by one by the service). */
export const createCampaignDocSchema = campaignFields.extend({ recipients: z.array(recipientSchema).max(MAX_RECIPIENTS_PER_REQUEST).optional() });
export const appendDocSchema = z.strictObject({ recipients: z.array(recipientSchema).min(1).max(MAX_RECIPIENTS_PER_REQUEST) });

export const appendSchema = z.strictObject({
  recipients: z.array(z.unknown()).min(1, 'must not be empty').max(MAX_RECIPIENTS_PER_REQUEST, `must have at most ${MAX_RECIPIENTS_PER_REQUEST} recipients per request`),
});

/**
 * A preview of recipients before anything is created: the window, zone and start the campaign
 * would have, and the rows as a file gave them (each checked on its own).
 */
export const previewRecipientsSchema = campaignFields.pick({ time_zone: true, calling_window: true, start_at: true }).extend({
  recipients: z.array(z.unknown()).min(1, 'must not be empty').max(MAX_RECIPIENTS_PER_REQUEST, `must have at most ${MAX_RECIPIENTS_PER_REQUEST} recipients per request`),
});

export const listCampaignsSchema = pageSchema;
export const listRecipientsSchema = pageSchema.extend({ status: z.enum(RECIPIENT_STATUSES).optional() });

const countsSchema = z.strictObject({
  total: z.number().int(),
  pending: z.number().int(),
  calling: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  suppressed: z.number().int(),
  canceled: z.number().int(),
});
const afterOut = z.strictObject({ after_seconds: z.number().int() });

/** A campaign as REST returns it (campaigns.presenter.ts). */
export const campaignOutSchema = z.strictObject({
  campaign_id: uuidString,
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  counts: countsSchema,
  task: nullable(z.string()),
  questions: z.array(jsonObject),
  webhook_url: nullable(z.string()),
  metadata: jsonObject,
  start_at: timestamp,
  end_at: nullable(timestamp),
  time_zone: z.string(),
  calling_window: nullable(z.strictObject({ days: z.array(z.enum(WEEKDAYS)), start: z.string(), end: z.string() })),
  max_concurrent_calls: z.number().int(),
  max_calls_per_second: z.number(),
  retry: z.strictObject({ busy: afterOut, no_answer: afterOut, voicemail: afterOut, carrier_error: afterOut, callback_requested: afterOut, max_attempts: z.number().int() }),
  created_at: timestamp,
  started_at: nullable(timestamp),
  completed_at: nullable(timestamp),
});
export const appendedOutSchema = campaignOutSchema.extend({ recipients_added: z.number().int() });

export const recipientOutSchema = z.strictObject({
  recipient_id: uuidString,
  to: z.string(),
  time_zone: nullable(z.string()),
  time_zones: z.array(z.string()),
  time_zone_source: z.enum(['given', 'number', 'campaign']),
  status: z.enum(RECIPIENT_STATUSES),
  attempts: z.number().int(),
  last_call_id: nullable(uuidString),
  last_disposition: nullable(z.string()),
  next_attempt_at: nullable(timestamp),
  metadata: nullable(jsonObject),
  answers: nullable(jsonObject).describe('The structured answers of its latest call, once analyzed.'),
  opted_out: z.boolean().describe('Whether the callee asked, on its latest call, not to be called again.'),
  called_back_at: nullable(timestamp).meta({ description: 'When this number last called the organization back (an inbound call linked to this recipient); null if never.' }),
  callback_call_id: nullable(uuidString).meta({ description: 'That inbound call.' }),
  created_at: timestamp,
});

export const CAMPAIGN_EXAMPLE = {
  campaign_id: '019a5f2e-7c3b-7d10-9a4e-2b8c1d0e6f10',
  name: 'Appointment reminders',
  status: 'running',
  counts: { total: 3, pending: 2, calling: 0, completed: 0, failed: 0, suppressed: 1, canceled: 0 },
  task: 'Remind the patient of tomorrow\'s appointment.',
  questions: [],
  webhook_url: null,
  metadata: {},
  start_at: '2026-11-22T10:15:30.123456+00:00',
  end_at: null,
  time_zone: 'Europe/Paris',
  calling_window: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '20:00' },
  max_concurrent_calls: 5,
  max_calls_per_second: 1,
  retry: { busy: { after_seconds: 600 }, no_answer: { after_seconds: 3600 }, voicemail: { after_seconds: 14400 }, carrier_error: { after_seconds: 60 }, callback_requested: { after_seconds: 3600 }, max_attempts: 3 },
  created_at: '2026-11-22T10:15:30.123456+00:00',
  started_at: '2026-11-22T10:15:30.123456+00:00',
  completed_at: null,
};

export const RECIPIENT_EXAMPLE = {
  recipient_id: '019a5f2e-7c3b-7d10-9a4e-2b8c1d0e6f11',
  to: '+33612345678',
  time_zone: 'Europe/Paris',
  time_zones: ['Europe/Paris'],
  time_zone_source: 'number',
  status: 'pending',
  attempts: 0,
  last_call_id: null,
  last_disposition: null,
  next_attempt_at: '2026-11-22T10:15:30.123456+00:00',
  metadata: null,
  answers: null,
  opted_out: false,
  called_back_at: null,
  callback_call_id: null,
  created_at: '2026-11-22T10:15:30.123456+00:00',
};
