import { isoMicro } from '../../common/time';
import type { Organization } from './organization.entity';

export const presentOrganization = (o: Organization) => ({
  id: o.id,
  name: o.name,
  active: o.active,
  webhook_url: o.webhookUrl,
  created_at: isoMicro(o.createdAt),
});
