import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from './logger';
import { AppError } from './errors';
import type { Role } from './roles';

/** A dashboard user, authenticated by a JWT and re-checked against the database. */
export interface UserActor {
  kind: 'user';
  userId: string;
  orgId: string;
  email: string;
  role: Role;
  emailVerified: boolean;
  isPlatformAdmin: boolean;
  /** Listed in PLATFORM_ADMIN_EMAILS but not verified yet: admin calls answer email_not_verified. */
  adminPendingVerification: boolean;
}

/** An integration, authenticated by an organization API key. */
export interface ApiKeyActor {
  kind: 'api_key';
  apiKeyId: string;
  orgId: string;
}

export type Actor = UserActor | ApiKeyActor;

/** What every service method receives first: the unit of work and who is asking. */
export interface Ctx {
  em: EntityManager;
  actor: Actor | null;
  requestId: string;
  ip?: string;
  log: Logger;
}

export function requireUser(ctx: Ctx): UserActor {
  if (ctx.actor?.kind !== 'user') throw new AppError('missing_credentials', 'A dashboard token is required.');
  return ctx.actor;
}

export function requireOrg(ctx: Ctx): string {
  if (!ctx.actor) throw new AppError('missing_credentials', 'Credentials are required.');
  return ctx.actor.orgId;
}

/** Owners manage keys, webhook settings and members; members only read. */
export function requireOwner(ctx: Ctx): UserActor {
  const user = requireUser(ctx);
  if (user.role !== 'owner') throw new AppError('insufficient_role', 'Only an organization owner may do this.');
  return user;
}

export function requirePlatformAdmin(ctx: Ctx): UserActor {
  const user = requireUser(ctx);
  if (user.adminPendingVerification) {
    throw new AppError('email_not_verified', 'Verify your e-mail address first: admin rights follow a verified address only.');
  }
  if (!user.isPlatformAdmin) throw new AppError('insufficient_role', 'Only a platform administrator may do this.');
  return user;
}
