import { AgentSettings } from './features/agent-settings/agent-settings.entity';
import { ApiKey } from './features/api-keys/api-key.entity';
import { AuditEntry } from './features/audit/audit-entry.entity';
import { Campaign } from './features/campaigns/campaign.entity';
import { Call } from './features/calls/call.entity';
import { CarrierConnection } from './features/carrier-connections/carrier-connection.entity';
import { IdempotencyKey } from './features/calls/idempotency-key.entity';
import { InboundSettings } from './features/inbound/inbound-settings.entity';
import { Organization } from './features/orgs/organization.entity';
import { User } from './features/users/user.entity';
import { WebhookAttempt } from './features/webhooks/webhook-attempt.entity';
import { WebhookDelivery } from './features/webhooks/webhook-delivery.entity';

/**
 * Every entity of the features, handed to the database when it opens (db/ knows no feature): the
 * composition root lists them, like services.ts lists the services.
 */
export const ENTITIES = [Organization, User, ApiKey, Call, IdempotencyKey, WebhookDelivery, WebhookAttempt, AuditEntry, Campaign, CarrierConnection, InboundSettings, AgentSettings];
