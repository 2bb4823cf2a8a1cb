import type { Config } from '../../config';
import type { Ctx } from '../../common/context';
import { requireOrg, requireOwner } from '../../common/context';
import { parseInput } from '../../common/validation';
import { assertPublicDestination } from '../../common/webhook-url';
import { assertTransferTarget, type CallQuestion } from '../calls';
import type { ConnectionResolver } from '../carrier-connections';
import { InboundSettings } from './inbound-settings.entity';
import { updateInboundSchema } from './inbound.schemas';

/** The settings as clients see them (REST presents them in snake_case, GraphQL as they are). */
export interface InboundSettingsView {
  enabled: boolean;
  greeting: string | null;
  task: string | null;
  questions: CallQuestion[];
  webhookUrl: string | null;
  transferTo: string | null;
  updatedAt: Date | null;
}

const OFF: InboundSettingsView = { enabled: false, greeting: null, task: null, questions: [], webhookUrl: null, transferTo: null, updatedAt: null };

/**
 * GET/PUT/DELETE /dashboard/inbound and their GraphQL twins. Reading is open to every member of the
 * organization; changing is for owners. An organization that never saved settings (or deleted
 * them) has inbound calls off.
 */
export class InboundSettingsService {
  constructor(
    private readonly config: Config,
    private readonly connections: Pick<ConnectionResolver, 'forOrg' | 'sipPolicy'>,
  ) {}

  async get(ctx: Ctx): Promise<InboundSettingsView> {
    const row = await ctx.em.findOne(InboundSettings, { orgId: requireOrg(ctx) });
    return row ? viewOf(row) : OFF;
  }

  /** Owner only; the whole settings (a field left out is cleared). webhook_url passes the same checks as the organization's. */
  async update(ctx: Ctx, raw: unknown): Promise<InboundSettingsView> {
    const owner = requireOwner(ctx);
    const input = parseInput(updateInboundSchema, raw);
    if (input.webhook_url) await assertPublicDestination('webhook_url', input.webhook_url, this.config.webhookAllowPrivateNetworks);
    // The same rule as a call's transfer_to: a SIP URI only on a SIP trunk, its host judged like the trunk's.
    if (input.transfer_to) {
      await assertTransferTarget(input.transfer_to, async () => {
        const c = await this.connections.forOrg(owner.orgId);
        return c.type === 'sip' ? this.connections.sipPolicy(c) : null;
      });
    }
    const fields = {
      enabled: input.enabled,
      greeting: input.greeting ?? null,
      task: input.task?.trim() ? input.task : null,
      questions: input.questions ?? [],
      webhookUrl: input.webhook_url ?? null,
      transferTo: input.transfer_to ?? null,
    };
    // One statement: two owners saving at once leave one whole version, never a mix.
    await ctx.em.upsert(InboundSettings, { orgId: owner.orgId, ...fields, updatedAt: new Date() });
    return this.get(ctx);
  }

  /** Owner only: the settings are forgotten and inbound calls are off. */
  async remove(ctx: Ctx): Promise<InboundSettingsView> {
    const owner = requireOwner(ctx);
    await ctx.em.nativeDelete(InboundSettings, { orgId: owner.orgId });
    return OFF;
  }
}

function viewOf(s: InboundSettings): InboundSettingsView {
  return { enabled: s.enabled, greeting: s.greeting, task: s.task, questions: s.questions, webhookUrl: s.webhookUrl, transferTo: s.transferTo, updatedAt: s.updatedAt };
}
