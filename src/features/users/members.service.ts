import { z } from 'zod';
import type { Config } from '../../config';
import type { Ctx } from '../../shared/context';
import { requireOrg, requireOwner } from '../../shared/context';
import { AppError, notFound } from '../../shared/errors';
import { isUuid } from '../../shared/ids';
import { paginate, type Page, type PageInput, pageSchema } from '../../shared/pagination';
import { mapPgError } from '../../shared/pg-errors';
import { emailSchema, parseInput, passwordSchema } from '../../shared/validation';
import { hashPassword } from '../../shared/passwords';
import { User } from './user.entity';

export const addMemberSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  role: z.enum(['member', 'owner']).default('member'),
});
export type AddMemberInput = z.input<typeof addMemberSchema>;

export class MembersService {
  constructor(private readonly config: Config) {}

  async list(ctx: Ctx, raw: unknown): Promise<Page<User>> {
    const page = parseInput(pageSchema, raw);
    return paginate(ctx.em, User, { orgId: requireOrg(ctx) }, page);
  }

  async add(ctx: Ctx, raw: unknown): Promise<User> {
    const owner = requireOwner(ctx);
    const input = parseInput(addMemberSchema, raw);
    const passwordHash = await hashPassword(input.password, this.config.bcryptCost);
    const user = ctx.em.create(User, { orgId: owner.orgId, email: input.email, passwordHash, role: input.role });
    try {
      await ctx.em.flush();
    } catch (e) {
      throw mapPgError(e, { unique: () => new AppError('email_taken', 'An account with this e-mail already exists.') });
    }
    return user;
  }

  async deactivate(ctx: Ctx, id: string): Promise<User> {
    const owner = requireOwner(ctx);
    const user = isUuid(id) ? await ctx.em.findOne(User, { id, orgId: owner.orgId }) : null;
    if (!user) throw notFound('Member');
    if (user.id === owner.userId) throw new AppError('invalid_state', 'You cannot deactivate yourself.');
    user.active = false;
    await ctx.em.flush();
    return user;
  }
}
