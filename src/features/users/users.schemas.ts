import { z } from 'zod';
import { EXAMPLE, timestamp, uuidString } from '../../common/api-schemas';
import { ROLES } from '../../common/roles';

/** REST shapes of users.presenter.ts. */
export const userSchema = z.strictObject({
  id: uuidString,
  email: z.string(),
  role: z.enum(ROLES),
  org_id: uuidString,
  active: z.boolean(),
  email_verified: z.boolean().meta({ description: 'True once the holder of the address followed a mailed link (verification, invitation or password reset).' }),
  created_at: timestamp,
});

export const USER_EXAMPLE = { id: EXAMPLE.userId, email: 'ada@example.com', role: 'owner', org_id: EXAMPLE.orgId, active: true, email_verified: true, created_at: EXAMPLE.time };
