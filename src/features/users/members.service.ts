import type { LiveEventsPublisher } from '../../common/live-events';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Ctx } from '../../common/context';
import { requireOrg, requireOwner } from '../../common/context';
import { AppError, notFound } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { paginate, type Page, type PageInput, pageSchema } from '../../common/pagination';
import { mapPgError } from '../../common/pg-errors';
import { emailSchema, parseInput, passwordSchema } from '../../common/validation';
import { type AccountMail, issueMailToken } from '../mail';
import { hashPassword } from '../../common/passwords';
import { Organization } from '../orgs';
import { User } from './user.entity';

export const addMemberSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema.optional().meta({ description: 'Omit it to send an invitation instead (recommended): the member chooses their own password.' }),
  role: z.enum(['member', 'owner']).default('member'),
});
export type AddMemberInput = z.input<typeof addMemberSchema>;

export class MembersService {
  /** Closes the live sockets of a deactivated user or organization (set by createServices). */
  live: LiveEventsPublisher | undefined;

  constructor(
    private readonly config: Config,
    private readonly mail: AccountMail,
  ) {}

  async list(ctx: Ctx, raw: unknown): Promise<Page<User>> {
    const page = parseInput(pageSchema, raw);
    return paginate(ctx.em, User, { orgId: requireOrg(ctx) }, page);
  }

  /**
   * Without a password: an invitation (the member has no password until they accept, and accepting
   * proves the address). With one: the member exists at once, unverified, and gets a verification
   * mail. Either way the address is not proven by the owner's word: no admin rights follow from it.
   * Inviting an address whose invitation is still pending in this organization sends a fresh link.
   */
  async add(ctx: Ctx, raw: unknown): Promise<User> {
    const owner = requireOwner(ctx);
    const input = parseInput(addMemberSchema, raw);
    const passwordHash = input.password === undefined ? null : await hashPassword(input.password, this.config.bcryptCost);
    const purpose = passwordHash === null ? 'invitation' : 'verify_email';
    let token: string;
    let user: User;
    let organization: Organization;
    try {
      ({ user, token, organization } = await ctx.em.transactional(async (em) => {
        const org = await em.findOneOrFail(Organization, { id: owner.orgId });
        const pending = passwordHash === null ? await this.pendingInvitee(em, owner.orgId, input.email) : null;
        const u = pending ?? em.create(User, { orgId: owner.orgId, email: input.email, passwordHash, role: input.role });
        await em.flush();
        return { user: u, organization: org, token: await issueMailToken(em, u.id, u.email, purpose) };
      }));
    } catch (e) {
      throw mapPgError(e, { unique: () => new AppError('email_taken', 'An account with this e-mail already exists.') });
    }
    if (purpose === 'invitation') this.mail.invitation(user.email, token, owner.orgId, organization.name);
    else this.mail.verification(user.email, token, owner.orgId);
    return user;
  }

  /** How many members the organization has (active or not). */
  async count(ctx: Ctx): Promise<number> {
    return ctx.em.count(User, { orgId: requireOrg(ctx) });
  }

  /** A member of this organization invited earlier who has not accepted yet (no password, unverified). */
  private async pendingInvitee(em: Ctx['em'], orgId: string, email: string): Promise<User | null> {
    const user = await em.findOne(User, { orgId, email, emailVerified: false }, { populate: ['passwordHash'] });
    return user && user.passwordHash === null && user.active ? user : null;
  }

  async deactivate(ctx: Ctx, id: string): Promise<User> {
    const owner = requireOwner(ctx);
    const user = isUuid(id) ? await ctx.em.findOne(User, { id, orgId: owner.orgId }) : null;
    if (!user) throw notFound('Member');
    if (user.id === owner.userId) throw new AppError('invalid_state', 'You cannot deactivate yourself.');
    user.active = false;
    await ctx.em.flush();
    this.live?.accessChanged({ userId: user.id });
    return user;
  }
}
