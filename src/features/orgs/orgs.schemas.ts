import { z } from 'zod';
import { EXAMPLE, nullable, timestamp, uuidString } from '../../common/api-schemas';

/** REST shape of orgs.presenter.ts. */
export const organizationSchema = z.strictObject({
  id: uuidString,
  name: z.string(),
  active: z.boolean(),
  webhook_url: nullable(z.string()),
  created_at: timestamp,
});

export const ORGANIZATION_EXAMPLE = { id: EXAMPLE.orgId, name: 'Acme', active: true, webhook_url: 'https://hooks.example.com/voicegate', created_at: EXAMPLE.time };
