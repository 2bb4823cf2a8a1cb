import { LockMode } from '@mikro-orm/core';
import type { Pool } from 'pg';
import type { Config } from '../../config';
import type { Ctx } from '../../common/context';
import { requireOrg, requireOwner } from '../../common/context';
import { decryptSecret, encryptSecret } from '../../common/crypto';
import { validationError } from '../../common/errors';
import { parseInput } from '../../common/validation';
import { assertPublicDestination } from '../../common/webhook-url';
import { DEFAULT_LANGUAGE, speechEngines, supportedLanguages } from '../../voice/languages';
import { checkLanguage, checkVoice, type AgentPlan, type CarrierCall, type LlmEndpoint } from '../calls';
import { AgentSettings } from './agent-settings.entity';
import { updateAgentSettingsSchema } from './agent-settings.schemas';

/** The settings as clients see them: no key, only whether one is set. */
export interface AgentSettingsView {
  callerName: string | null;
  language: string;
  voice: string | null;
  instructions: string | null;
  llm: { enabled: boolean | null; active: boolean; source: 'organization' | 'deployment' | null; url: string | null; model: string | null; apiKeySet: boolean };
  supportedLanguages: string[];
  updatedAt: Date | null;
}

interface SettingsRow {
  caller_name: string | null;
  language: string | null;
  voice: string | null;
  llm: boolean | null;
  instructions: string | null;
  llm_url: string | null;
  llm_model: string | null;
  llm_api_key_enc: string | null;
  updated_at: Date | null;
}

/**
 * An organization's agent settings (GET/PUT /dashboard/agent, GraphQL agentSettings /
 * updateAgentSettings): defaults for its calls (caller name, language, voice, whether a language
 * model leads, its instructions) and its own language model endpoint, whose key is encrypted
 * like carrier secrets and never returned. Also resolves, for the carrier, how one call's
 * conversation runs (`planFor`): the call's own options over these over the deployment's.
 */
export class AgentSettingsService {
  constructor(
    private readonly config: Config,
    private readonly pool: Pick<Pool, 'query'>,
  ) {}

  async get(ctx: Ctx): Promise<AgentSettingsView> {
    return this.view(await this.row(requireOrg(ctx)));
  }

  /**
   * Owner only. A field left out keeps its value, null clears it. The endpoint's key left out is
   * kept only for the same URL: changing the URL without sending the key again is refused (422),
   * so a stored key never follows the endpoint to a host of the owner's choosing. The URL passes
   * the webhook destination rules (no private, loopback or link-local address unless
   * WEBHOOK_ALLOW_PRIVATE_NETWORKS=true).
   */
  async update(ctx: Ctx, raw: unknown): Promise<AgentSettingsView> {
    const owner = requireOwner(ctx);
    const input = parseInput(updateAgentSettingsSchema, raw);
    const language = input.language ? checkLanguage(this.config, 'language', input.language) : input.language;
    if (input.voice) checkVoice(this.config, 'voice', input.voice);
    const override = input.llm !== null && typeof input.llm === 'object' ? input.llm : null;
    if (override?.url) await assertPublicDestination('llm.url', override.url, this.config.webhookAllowPrivateNetworks);
    await ctx.em.transactional(async (em) => {
      const row = (await em.findOne(AgentSettings, { orgId: owner.orgId }, { populate: ['llmApiKeyEnc'], lockMode: LockMode.PESSIMISTIC_WRITE })) ?? em.create(AgentSettings, { orgId: owner.orgId });
      if (input.caller_name !== undefined) row.callerName = input.caller_name;
      if (language !== undefined) row.language = language;
      if (input.voice !== undefined) row.voice = input.voice;
      if (input.instructions !== undefined) row.instructions = input.instructions;
      if (typeof input.llm === 'boolean' || input.llm === null) row.llm = input.llm;
      if (override) {
        if (override.enabled !== undefined) row.llm = override.enabled;
        if (override.url === null) {
          Object.assign(row, { llmUrl: null, llmModel: null, llmApiKeyEnc: null });
        } else {
          const sameUrl = row.llmUrl === override.url;
          const model = override.model ?? (sameUrl ? row.llmModel : null);
          if (!model) throw validationError('llm.model', 'is required with a new endpoint');
          let keyEnc: string | null;
          if (override.api_key) keyEnc = encryptSecret(override.api_key, this.config.secretsEncryptionKey);
          else if (override.api_key === null) keyEnc = null;
          else if (sameUrl || !row.llmApiKeyEnc) keyEnc = sameUrl ? row.llmApiKeyEnc : null;
          else throw validationError('llm.api_key', 'is required when the URL changes (the stored key is kept only for the same endpoint)');
          Object.assign(row, { llmUrl: override.url, llmModel: model, llmApiKeyEnc: keyEnc });
        }
      }
      row.updatedAt = new Date();
    });
    return this.get(ctx);
  }

  /** How a call's conversation runs: its own options, else the organization's, else the deployment's. */
  async planFor(call: Pick<CarrierCall, 'orgId' | 'agent'>): Promise<AgentPlan> {
    const s = await this.row(call.orgId);
    const endpoint = this.endpointOf(s);
    const wanted = call.agent?.llm ?? s?.llm ?? endpoint !== null;
    return {
      language: call.agent?.language ?? s?.language ?? DEFAULT_LANGUAGE,
      voice: call.agent?.voice ?? s?.voice ?? null,
      llm: wanted ? endpoint : null,
      instructions: call.agent?.instructions ?? s?.instructions ?? null,
    };
  }

  /** Whether an organization's calls can be led by a language model (for `llm: true` on a call). */
  async llmAvailable(orgId: string): Promise<boolean> {
    if (this.config.llm) return true;
    const { rows } = await this.pool.query<{ n: number }>('select count(*)::int as n from agent_settings where org_id = $1 and llm_url is not null', [orgId]);
    return (rows[0]?.n ?? 0) > 0;
  }

  private endpointOf(s: SettingsRow | null): LlmEndpoint | null {
    if (s?.llm_url && s.llm_model) {
      return {
        url: s.llm_url,
        model: s.llm_model,
        ...(s.llm_api_key_enc ? { apiKey: decryptSecret(s.llm_api_key_enc, this.config.secretsEncryptionKey) } : {}),
        allowPrivate: this.config.webhookAllowPrivateNetworks,
      };
    }
    // The deployment's own endpoint (LLM_URL) is the operator's choice: private addresses allowed.
    if (this.config.llm) return { url: this.config.llm.url, model: this.config.llm.model, ...(this.config.llm.apiKey ? { apiKey: this.config.llm.apiKey } : {}), allowPrivate: true };
    return null;
  }

  private async row(orgId: string): Promise<SettingsRow | null> {
    const { rows } = await this.pool.query<SettingsRow>(
      'select caller_name, language, voice, llm, instructions, llm_url, llm_model, llm_api_key_enc, updated_at from agent_settings where org_id = $1',
      [orgId],
    );
    return rows[0] ?? null;
  }

  private view(s: SettingsRow | null): AgentSettingsView {
    const own = !!(s?.llm_url && s.llm_model);
    const source = own ? 'organization' : this.config.llm ? 'deployment' : null;
    return {
      callerName: s?.caller_name ?? null,
      language: s?.language ?? DEFAULT_LANGUAGE,
      voice: s?.voice ?? null,
      instructions: s?.instructions ?? null,
      llm: {
        enabled: s?.llm ?? null,
        active: source !== null && (s?.llm ?? true),
        source,
        url: own ? s!.llm_url : null,
        model: own ? s!.llm_model : (this.config.llm?.model ?? null),
        apiKeySet: own && !!s!.llm_api_key_enc,
      },
      supportedLanguages: supportedLanguages(speechEngines(this.config)),
      updatedAt: s?.updated_at ?? null,
    };
  }
}
