/**
 * The orgs feature's public module: what other features may use of it (the layer rules in
 * docs/architecture.md; test/unit/dependency-rules.test.ts enforces them).
 */
export { Organization } from './organization.entity';
export { presentOrganization } from './orgs.presenter';
export { ORGANIZATION_EXAMPLE, organizationSchema } from './orgs.schemas';
export { OrganizationType } from './orgs.types';
export { generateWebhookSecret, openWebhookSecret, sealWebhookSecret } from './webhook-secret';
