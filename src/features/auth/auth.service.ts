import type { Config } from '../../config';
import type { Ctx, UserActor } from '../../common/context';
import { requireUser } from '../../common/context';
import { AppError } from '../../common/errors';
import { mapPgError } from '../../common/pg-errors';
import { parseInput } from '../../common/validation';
import type { RateLimits } from '../../rate-limit/rate-limits';
import { ApiKey, generateApiKeySecret } from '../api-keys';
import { generateWebhookSecret, Organization, sealWebhookSecret } from '../orgs';
import { User } from '../users';
import { loginSchema, signupSchema, type LoginInput, type SignupInput } from './auth.schemas';
import { hashPassword, verifyPassword } from '../../common/passwords';
import { type AccountMail, issueMailToken } from '../mail';
import { issueDashboardToken, verifyDashboardToken } from './tokens';

export interface SessionToken {
  accessToken: string;
  tokenType: 'bearer';
  expiresIn: number;
}

export interface SignupResult extends SessionToken {
  user: User;
  organization: Organization;
  apiKey: ApiKey & { secret: string };
  webhookSecret: string;
}

export class AuthService {
  constructor(
    private readonly config: Config,
    /** Login and signup quotas (per IP and per e-mail), taken before any bcrypt work. */
    private readonly limits: RateLimits | undefined,
    private readonly mail: AccountMail,
  ) {}

  adminEmails(): ReadonlySet<string> {
    return this.config.platformAdminEmails;
  }

  /** Listed in PLATFORM_ADMIN_EMAILS (whether or not the address is verified yet). */
  isListedAdminEmail(email: string): boolean {
    return this.config.platformAdminEmails.has(email.toLowerCase());
  }

  /**
   * The role platform_admin (granted by an operator through admin:promote), or a listed address
   * whose holder proved they own it: a listed address alone proves nothing.
   */
  isPlatformAdmin(user: { role: string; email: string; emailVerified: boolean }): boolean {
    return user.role === 'platform_admin' || (user.emailVerified && this.isListedAdminEmail(user.email));
  }

  /** Creates an organization, its owner, its first API key and its webhook secret, in one transaction. */
  async signup(ctx: Ctx, raw: unknown): Promise<SignupResult> {
    await this.limits?.consume('signup_ip', ctx.ip ?? 'unknown', 'Too many signups from this address. Try again later.');
    const input = parseInput(signupSchema, raw);
    await this.limits?.consume('signup_email', input.email, 'Too many signup attempts for this e-mail address. Try again later.');
    const passwordHash = await hashPassword(input.password, this.config.bcryptCost);
    const webhookSecret = generateWebhookSecret();
    const sealed = sealWebhookSecret(webhookSecret, this.config.secretsEncryptionKey);
    const key = generateApiKeySecret();
    let result: SignupResult & { verificationToken: string };
    try {
      result = await ctx.em.transactional(async (em) => {
        const organization = em.create(Organization, {
          name: input.organization_name ?? `${input.email.split('@')[0]}'s organization`,
          webhookSecretEnc: sealed.enc,
          webhookSecretFingerprint: sealed.fingerprint,
          webhookSecretLast4: sealed.last4,
        });
        const user = em.create(User, { orgId: organization.id, email: input.email, passwordHash, role: 'owner' });
        const apiKey = em.create(ApiKey, { orgId: organization.id, name: 'default', prefix: key.prefix, hash: key.hash });
        await em.flush();
        const verificationToken = await issueMailToken(em, user.id, user.email, 'verify_email');
        const session = this.session(user);
        return { ...session, user, organization, apiKey: Object.assign(apiKey, { secret: key.secret }), webhookSecret, verificationToken };
      });
    } catch (e) {
      throw mapPgError(e, { unique: () => new AppError('email_taken', 'An account with this e-mail already exists.') });
    }
    // Committed: now the mail (never inside the transaction).
    const { verificationToken, ...out } = result;
    this.mail.verification(out.user.email, verificationToken, out.organization.id);
    return out;
  }

  /** Unknown e-mail and wrong password: the same 401 in about the same time. */
  async login(ctx: Ctx, raw: unknown): Promise<SessionToken> {
    // Quotas first: brute force meets a 429 before it costs a bcrypt comparison. The e-mail bucket
    // counts attempts since the last successful login (a success clears it).
    await this.limits?.consume('login_ip', ctx.ip ?? 'unknown', 'Too many login attempts from this address. Try again later.');
    const input = parseInput(loginSchema, raw);
    await this.limits?.consume('login_email', input.email, 'Too many login attempts for this account. Try again later.');
    const user = await ctx.em.findOne(User, { email: input.email }, { populate: ['passwordHash'] });
    const ok = await verifyPassword(input.password, user?.passwordHash ?? null, this.config.bcryptCost);
    if (!user || !ok) throw new AppError('invalid_credentials', 'The e-mail or password is incorrect.');
    await this.limits?.reset('login_email', input.email);
    if (!user.active) throw new AppError('inactive_user', 'This user is deactivated.');
    const org = await ctx.em.findOneOrFail(Organization, { id: user.orgId });
    if (!org.active) throw new AppError('inactive_organization', 'This organization is deactivated.');
    return this.session(user);
  }

  async me(ctx: Ctx): Promise<{ user: User; organization: Organization }> {
    const actor = requireUser(ctx);
    const user = await ctx.em.findOneOrFail(User, { id: actor.userId });
    const organization = await ctx.em.findOneOrFail(Organization, { id: actor.orgId });
    return { user, organization };
  }

  /**
   * Dashboard authentication: the token proves identity, the database decides standing, on
   * every request, so deactivation bites at once.
   */
  async authenticate(ctx: Pick<Ctx, 'em'>, token: string): Promise<UserActor> {
    const claims = verifyDashboardToken(this.config, token);
    // The one lookup per request also carries the session version: ending sessions costs nothing more.
    const rows: Array<{
      id: string;
      org_id: string;
      email: string;
      role: UserActor['role'];
      active: boolean;
      email_verified: boolean;
      session_version: number;
      org_active: boolean;
    }> = await ctx.em.getConnection().execute(
      `select u.id, u.org_id, u.email, u.role, u.active, u.email_verified, u.session_version, o.active as org_active
         from users u join organizations o on o.id = u.org_id
        where u.id = ?`,
      [claims.sub],
    );
    const row = rows[0];
    if (!row || row.org_id !== claims.org_id) throw new AppError('invalid_token', 'The token is invalid.');
    if ((claims.sv ?? 0) !== row.session_version) {
      throw new AppError('token_revoked', 'This session has ended (password changed or reset, or signed out everywhere). Log in again.');
    }
    if (!row.active) throw new AppError('inactive_user', 'This user is deactivated.');
    if (!row.org_active) throw new AppError('inactive_organization', 'This organization is deactivated.');
    return {
      kind: 'user',
      userId: row.id,
      orgId: row.org_id,
      email: row.email,
      role: row.role,
      emailVerified: row.email_verified,
      isPlatformAdmin: this.isPlatformAdmin({ role: row.role, email: row.email, emailVerified: row.email_verified }),
      adminPendingVerification: row.role !== 'platform_admin' && !row.email_verified && this.isListedAdminEmail(row.email),
    };
  }

  /** A fresh dashboard token for the user as stored (its current session version). */
  session(user: { id: string; orgId: string; role: User['role']; sessionVersion: number }): SessionToken {
    const { token, expiresIn } = issueDashboardToken(this.config, user);
    return { accessToken: token, tokenType: 'bearer', expiresIn };
  }
}
