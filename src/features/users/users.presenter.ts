import { isoMicro } from '../../common/time';
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
