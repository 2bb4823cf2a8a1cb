import { LockMode } from '@mikro-orm/core';
import type { Pool } from 'pg';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Ctx } from '../../common/context';
import { requireOrg, requireOwner } from '../../common/context';
import { parseInput } from '../../common/validation';
import { assertPublicDestination, webhookUrlSchema } from '../../common/webhook-url';
import { readEndpointHealth, type EndpointHealth } from './endpoint-health';
import { Organization } from './organization.entity';
import { generateWebhookSecret, PREVIOUS_SECRET_GRACE_MS, sealWebhookSecret } from './webhook-secret';

export const updateWebhookSchema = z.strictObject({ webhook_url: webhookUrlSchema.nullable() });
export type UpdateWebhookInput = z.input<typeof updateWebhookSchema>;

export interface WebhookSettings {
  webhookUrl: string | null;
  secretLast4: string;
  /** State of the endpoint (enabled, disabled after failing) and its last 24 h of attempts. */
  health: EndpointHealth;
}

export class WebhookSettingsService {
  constructor(
    private readonly config: Config,
    private readonly pool: Pick<Pool, 'query'>,
  ) {}

  async get(ctx: Ctx): Promise<WebhookSettings> {
    const org = await ctx.em.findOneOrFail(Organization, { id: requireOrg(ctx) });
    return { webhookUrl: org.webhookUrl, secretLast4: org.webhookSecretLast4, health: await readEndpointHealth(this.pool, org.id) };
  }

  /**
   * Enables the endpoint again after it was disabled for failing (and forgets its failing time).
   * Events it missed are not resent by this: replay them (POST /dashboard/webhook-deliveries/replay).
   */
  async enable(ctx: Ctx): Promise<WebhookSettings> {
    const owner = requireOwner(ctx);
    await this.pool.query(
      `update organizations set webhook_disabled_at = null, webhook_disabled_reason = null, webhook_failing_since = null, updated_at = now() where id = $1`,
      [owner.orgId],
    );
    return this.get(ctx);
  }

  async update(ctx: Ctx, raw: unknown): Promise<WebhookSettings> {
    const owner = requireOwner(ctx);
    const input = parseInput(updateWebhookSchema, raw);
    if (input.webhook_url) await assertPublicDestination('webhook_url', input.webhook_url, this.config.webhookAllowPrivateNetworks);
    const org = await ctx.em.findOneOrFail(Organization, { id: owner.orgId });
    org.webhookUrl = input.webhook_url;
    await ctx.em.flush();
    // Setting the destination (a new one, or the same one fixed) enables it again.
    return this.enable(ctx);
  }

  /** New secret at once; the old one keeps signing (second signature) for 24 h. */
  async rotateSecret(ctx: Ctx): Promise<{ webhookSecret: string }> {
    const owner = requireOwner(ctx);
    const secret = generateWebhookSecret();
    const sealed = sealWebhookSecret(secret, this.config.secretsEncryptionKey);
    await ctx.em.transactional(async (em) => {
      const org = await em.findOneOrFail(Organization, { id: owner.orgId }, { populate: ['webhookSecretEnc'], lockMode: LockMode.PESSIMISTIC_WRITE });
      org.previousWebhookSecretEnc = org.webhookSecretEnc;
      org.previousWebhookSecretExpiresAt = new Date(Date.now() + PREVIOUS_SECRET_GRACE_MS);
      org.webhookSecretEnc = sealed.enc;
      org.webhookSecretFingerprint = sealed.fingerprint;
      org.webhookSecretLast4 = sealed.last4;
    });
    return { webhookSecret: secret };
  }
}
