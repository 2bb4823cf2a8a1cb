import { isoMicroOrNull } from '../../common/time';
import { named, reply, route, type Routes } from '../../common/route';
import { agentSettingsSchema, updateAgentSettingsSchema } from './agent-settings.schemas';
import type { AgentSettingsService, AgentSettingsView } from './agent-settings.service';

export interface AgentSettingsDeps {
  agentSettings: AgentSettingsService;
}

export function presentAgentSettings(v: AgentSettingsView) {
  return {
    caller_name: v.callerName,
    language: v.language,
    voice: v.voice,
    instructions: v.instructions,
    llm: { enabled: v.llm.enabled, active: v.llm.active, source: v.llm.source, url: v.llm.url, model: v.llm.model, api_key_set: v.llm.apiKeySet },
    supported_languages: v.supportedLanguages,
    updated_at: isoMicroOrNull(v.updatedAt),
  };
}

const Settings = named('AgentSettings', agentSettingsSchema);
const EXAMPLE = {
  caller_name: 'Acme Dental',
  language: 'en-US',
  voice: null,
  instructions: 'Be brief and friendly. Patients may call us back on +1 415 555 0100.',
  llm: { enabled: true, active: true, source: 'organization', url: 'https://llm.example.com/v1', model: 'gpt-4o-mini', api_key_set: true },
  supported_languages: ['en-US'],
  updated_at: '2026-11-23T12:00:00.000000+00:00',
};

/** Mounted under /dashboard (JWT). See docs/voice.md, "The language model agent". */
export const agentSettingsRoutes: Routes<AgentSettingsDeps> = [
  route<AgentSettingsDeps>({
    method: 'get',
    path: '/dashboard/agent',
    operationId: 'getAgentSettings',
    summary: "The organization's agent settings: defaults for its calls' conversations and its language model",
    tag: 'agent',
    auth: 'dashboard',
    responses: { 200: reply('The settings, without the key.', Settings) },
    errors: [],
    example: { response: EXAMPLE },
    handler: async ({ ctx }, { agentSettings }) => ({ status: 200, body: presentAgentSettings(await agentSettings.get(ctx)) }),
  }),
  route<AgentSettingsDeps>({
    method: 'put',
    path: '/dashboard/agent',
    operationId: 'updateAgentSettings',
    summary: "Change the organization's agent settings (owner)",
    description:
      'A field left out keeps its value; null clears it. `llm` is `true`/`false` (whether calls use a language model by default) or an object with the organization\'s own OpenAI-compatible endpoint (`url`, `api_key`, `model`, `enabled`; `url: null` goes back to the deployment\'s). The key is encrypted at rest and never returned; left out, it is kept only for the same URL. The URL follows the webhook destination rules (no private address unless WEBHOOK_ALLOW_PRIVATE_NETWORKS=true). A language the speech engines cannot both speak and hear is 422 unsupported_language.',
    tag: 'agent',
    auth: 'dashboard',
    body: named('UpdateAgentSettingsRequest', updateAgentSettingsSchema),
    responses: { 200: reply('The settings, without the key.', Settings) },
    errors: [422],
    example: {
      request: { language: 'en-US', instructions: 'Be brief and friendly.', llm: { url: 'https://llm.example.com/v1', api_key: 'sk-example', model: 'gpt-4o-mini', enabled: true } },
      response: EXAMPLE,
    },
    handler: async ({ ctx, body }, { agentSettings }) => ({ status: 200, body: presentAgentSettings(await agentSettings.update(ctx, body)) }),
  }),
];
