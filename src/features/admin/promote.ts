import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config';
import { emailSchema, parseInput, passwordSchema } from '../../common/validation';
import { z } from 'zod';
import { hashPassword } from '../../common/passwords';
import { generateWebhookSecret, Organization, sealWebhookSecret } from '../orgs';
import { AppError } from '../../common/errors';
import type { Role } from '../../common/roles';
import { User } from '../users';
import { AuditEntry } from '../audit';

/** Audit actor for changes made from the command line (there is no user behind them). */
export const CLI_ACTOR_ID = '00000000-0000-0000-0000-000000000000';
export const CLI_ACTOR = 'cli:admin:promote';
export const ADMIN_ORGANIZATION_NAME = 'Platform administration';

const promoteSchema = z.object({ email: emailSchema, password: passwordSchema.optional() });

export interface PromoteResult {
  user: User;
  created: boolean;
  previousRole: Role | null;
  /** Only when the user was created without a password given: shown once by the command. */
  generatedPassword?: string;
}

/**
 * Makes a platform admin from the command line (trusted local access, no actor): an existing
 * user whose address is verified gets role platform_admin; an unknown e-mail gets a new, verified
 * user in a dedicated "Platform administration" organization (its password given by the operator
 * or generated and shown once). An existing account whose address is not verified is refused:
 * whoever signed up first with that address is not necessarily its owner, and promoting them
 * would hand admin rights to a password the operator never chose. Audited like every admin change.
 */
export async function promoteToPlatformAdmin(em: EntityManager, config: Config, raw: { email: string; password?: string }): Promise<PromoteResult> {
  const input = parseInput(promoteSchema, raw);
  return em.transactional(async (tx) => {
    let user = await tx.findOne(User, { email: input.email });
    const previousRole = user?.role ?? null;
    let generatedPassword: string | undefined;
    if (user) {
      if (!user.emailVerified && user.role !== 'platform_admin') {
        throw new AppError(
          'email_not_verified',
          `${user.email} has an account whose address is not verified: it was not promoted. Have its holder verify the address (POST /auth/resend-verification, or a password reset), then run this again.`,
        );
      }
      user.role = 'platform_admin';
    } else {
      const password = input.password ?? (generatedPassword = randomBytes(18).toString('base64url'));
      const org = (await findAdminOrganization(tx)) ?? createAdminOrganization(tx, config);
      // The operator names the address on trusted local access: it counts as verified.
      user = tx.create(User, {
        orgId: org.id,
        email: input.email,
        passwordHash: await hashPassword(password, config.bcryptCost),
        role: 'platform_admin',
        emailVerified: true,
        emailVerifiedAt: new Date(),
      });
    }
    tx.create(AuditEntry, {
      actorUserId: CLI_ACTOR_ID,
      actorEmail: CLI_ACTOR,
      action: 'user.promote',
      targetType: 'user',
      targetId: user.id,
      orgId: user.orgId,
      before: { role: previousRole },
      after: { role: 'platform_admin' },
    });
    await tx.flush();
    return { user, created: previousRole === null, previousRole, generatedPassword };
  });
}

/**
 * The organization earlier promotions created. Matched by name AND by holding only platform
 * admins, so a tenant that signed up under the same name is never chosen.
 */
async function findAdminOrganization(em: EntityManager): Promise<Organization | null> {
  const rows: Array<{ id: string }> = await em.execute(
    `select o.id from organizations o
      where o.name = ?
        and exists (select 1 from users u where u.org_id = o.id and u.role = 'platform_admin')
        and not exists (select 1 from users u where u.org_id = o.id and u.role <> 'platform_admin')
      order by o.id limit 1`,
    [ADMIN_ORGANIZATION_NAME],
  );
  return rows[0] ? em.findOne(Organization, { id: rows[0].id }) : null;
}

function createAdminOrganization(em: EntityManager, config: Config): Organization {
  const sealed = sealWebhookSecret(generateWebhookSecret(), config.secretsEncryptionKey);
  return em.create(Organization, {
    name: ADMIN_ORGANIZATION_NAME,
    webhookSecretEnc: sealed.enc,
    webhookSecretFingerprint: sealed.fingerprint,
    webhookSecretLast4: sealed.last4,
  });
}
