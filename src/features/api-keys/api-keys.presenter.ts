import { isoMicro, isoMicroOrNull } from '../../common/time';
import type { ApiKey } from './api-key.entity';

export const presentApiKey = (k: ApiKey) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  created_at: isoMicro(k.createdAt),
  last_used_at: isoMicroOrNull(k.lastUsedAt),
  revoked_at: isoMicroOrNull(k.revokedAt),
  status: k.status,
});

/** Only at creation: the one response that carries the full secret. */
export const presentNewApiKey = (k: ApiKey & { secret: string }) => ({ ...presentApiKey(k), secret: k.secret });
