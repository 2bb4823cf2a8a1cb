import { z } from 'zod';
import { nullable, timestamp } from '../../common/api-schemas';
import { webhookUrlSchema } from '../../common/webhook-url';
import { instructionsSchema, languageSchema, voiceSchema } from '../calls';

const callerName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(80, 'must be at most 80 characters')
  .regex(/^[^\p{Cc}\p{Cf}\u2028\u2029]*$/u, 'must not contain control characters or line breaks');

/** The organization's own model endpoint; `url: null` removes it (back to the deployment's). */
const llmOverride = z.strictObject({
  url: webhookUrlSchema.nullable(),
  /** Left out for the same URL: the stored key is kept. */
  api_key: z.string().min(1).max(512).regex(/^[^\s]+$/, 'must not contain spaces or line breaks').nullish(),
  model: z.string().trim().min(1).max(200).optional(),
  /** Whether calls use a language model by default (null: yes when one is configured). */
  enabled: z.boolean().nullable().optional(),
});

/** PUT /dashboard/agent: a field left out keeps its value; null clears it. */
export const updateAgentSettingsSchema = z.strictObject({
  caller_name: callerName.nullable().optional(),
  language: languageSchema.nullable().optional(),
  voice: voiceSchema.nullable().optional(),
  /** `true`/`false`/`null`: whether calls use a language model by default; an object: the organization's own endpoint too. */
  llm: z.union([z.boolean(), llmOverride]).nullable().optional(),
  instructions: instructionsSchema.nullable().optional(),
});
export type UpdateAgentSettingsInput = z.input<typeof updateAgentSettingsSchema>;

export const agentSettingsSchema = z.strictObject({
  caller_name: nullable(z.string()).meta({ description: "Who the agent says it calls on behalf of when a call gives no caller_name; null: the organization's name." }),
  language: z.string().meta({ description: 'BCP 47; calls without a language of their own use it (default en-US).' }),
  voice: nullable(z.string()).meta({ description: "The speech engine's voice; null: the engine's default." }),
  instructions: nullable(z.string()).meta({ description: 'Extra instructions for the language model (not used by the scripted agent).' }),
  llm: z
    .strictObject({
      enabled: nullable(z.boolean()).meta({ description: 'The default for calls; null: on when a model is configured.' }),
      active: z.boolean().meta({ description: 'Whether a call placed now without `llm` would be led by a language model.' }),
      source: nullable(z.enum(['organization', 'deployment'])).meta({ description: "Whose endpoint: the organization's own, the deployment's (LLM_URL), or none." }),
      url: nullable(z.string()).meta({ description: "The organization's own endpoint (never the deployment's)." }),
      model: nullable(z.string()),
      api_key_set: z.boolean().meta({ description: "Whether the organization's endpoint has a key; the key itself is never returned." }),
    })
    .meta({ description: 'The language model that leads conversations.' }),
  supported_languages: z.array(z.string()).meta({ description: 'Examples of languages the configured speech engines can both speak and hear ("*" after a primary tag: any region).' }),
  updated_at: nullable(timestamp),
});
