import { Arg, Authorized, Mutation, Query, Resolver } from 'type-graphql';
import { RequestCtx } from '../../graphql/request-ctx';
import type { Ctx } from '../../common/context';
import type { InboundSettingsService, InboundSettingsView } from './inbound.service';
import { InboundSettingsInput, InboundSettingsType } from './inbound.types';

export interface InboundResolverDeps {
  inbound: InboundSettingsService;
}

const toType = (s: InboundSettingsView): InboundSettingsType => ({
  ...s,
  questions: s.questions.map((q) => ({ key: q.key, text: q.question, type: q.type, options: q.options ?? null })),
});

@Resolver()
export class InboundResolver {
  constructor(private readonly deps: InboundResolverDeps) {}

  @Authorized()
  @Query(() => InboundSettingsType, { description: "The organization's inbound settings (off until saved)." })
  async inboundSettings(@RequestCtx() ctx: Ctx): Promise<InboundSettingsType> {
    return toType(await this.deps.inbound.get(ctx));
  }

  @Authorized()
  @Mutation(() => InboundSettingsType, { description: "Owner only: what the agent does when someone calls the organization's numbers (the whole settings)." })
  async updateInboundSettings(
    @Arg('input', () => InboundSettingsInput, { description: 'The settings; a field left out is cleared.' }) input: InboundSettingsInput,
    @RequestCtx() ctx: Ctx,
  ): Promise<InboundSettingsType> {
    // The REST body's shape, so the service validates both the same way.
    const raw = {
      enabled: input.enabled,
      greeting: input.greeting ?? null,
      task: input.task ?? null,
      questions: input.questions?.map((q) => ({ key: q.key, question: q.text, type: q.type, ...(q.options != null ? { options: q.options } : {}) })) ?? null,
      webhook_url: input.webhookUrl ?? null,
      transfer_to: input.transferTo ?? null,
    };
    return toType(await this.deps.inbound.update(ctx, raw));
  }

  @Authorized()
  @Mutation(() => InboundSettingsType, { description: "Owner only: forget the inbound settings; calls to the organization's numbers are refused." })
  async removeInboundSettings(@RequestCtx() ctx: Ctx): Promise<InboundSettingsType> {
    return toType(await this.deps.inbound.remove(ctx));
  }
}
