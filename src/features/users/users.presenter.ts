import { isoMicro } from '../../shared/time';
import type { Organization } from '../orgs/organization.entity';
import type { User } from './user.entity';

export const presentUser = (u: User) => ({
  id: u.id,
  email: u.email,
  role: u.role,
  org_id: u.orgId,
  active: u.active,
  email_verified: u.emailVerified,
  created_at: isoMicro(u.createdAt),
});

export const presentOrganization = (o: Organization) => ({
  id: o.id,
  name: o.name,
  active: o.active,
  webhook_url: o.webhookUrl,
  created_at: isoMicro(o.createdAt),
});
