import { Arg, Authorized, Mutation, Query, Resolver } from 'type-graphql';
import { RequestCtx } from '../../graphql/request-ctx';
import type { Ctx } from '../../common/context';
import type { AgentSettingsService } from './agent-settings.service';
import { AgentSettingsInput, AgentSettingsType } from './agent-settings.types';

export interface AgentSettingsResolverDeps {
  agentSettings: AgentSettingsService;
}

@Resolver()
export class AgentSettingsResolver {
  constructor(private readonly deps: AgentSettingsResolverDeps) {}

  @Authorized()
  @Query(() => AgentSettingsType, { description: "The organization's agent settings (the same as GET /dashboard/agent)." })
  async agentSettings(@RequestCtx() ctx: Ctx): Promise<AgentSettingsType> {
    return this.deps.agentSettings.get(ctx);
  }

  @Authorized()
  @Mutation(() => AgentSettingsType, { description: 'Owner only: change the agent settings (the same rules as PUT /dashboard/agent).' })
  async updateAgentSettings(@Arg('input', () => AgentSettingsInput, { description: 'The fields to change.' }) input: AgentSettingsInput, @RequestCtx() ctx: Ctx): Promise<AgentSettingsType> {
    // The REST body's shape, so the service validates both the same way; left out stays absent.
    const e = input.llmEndpoint;
    // `llm` travels inside the endpoint object (REST's `enabled`), also when the endpoint is removed.
    const enabled = input.llm !== undefined ? { enabled: input.llm } : {};
    const endpoint = e === undefined ? undefined : e === null ? { url: null, ...enabled } : { url: e.url, ...(e.apiKey !== undefined ? { api_key: e.apiKey } : {}), ...(e.model != null ? { model: e.model } : {}), ...enabled };
    const fields: Record<string, unknown> = {
      caller_name: input.callerName,
      language: input.language,
      voice: input.voice,
      instructions: input.instructions,
      llm: endpoint ?? input.llm,
    };
    return this.deps.agentSettings.update(ctx, Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)));
  }
}
