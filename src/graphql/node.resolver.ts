import { Arg, Authorized, ID, Query, Resolver } from 'type-graphql';
import { ApiKey } from '../features/api-keys/api-key.entity';
import { Call } from '../features/calls/call.entity';
import { toCallType } from '../features/calls/calls.resolver';
import { User } from '../features/users/user.entity';
import { WebhookDelivery } from '../features/webhooks/webhook-delivery.entity';
import { requireOrg } from '../common/context';
import { AppError } from '../common/errors';
import { isUuid } from '../common/ids';
import type { CallsService } from '../features/calls/calls.service';
import type { Ctx } from '../common/context';
import { RequestCtx } from './request-ctx';
import { NodeInterface, type NodeTypeName } from './node';

const MAX_IDS = 100;

type Resolved = { __typename: NodeTypeName; id: string } & object;

/**
 * Fetches objects of the token's organization by id, whatever their type. Ids are UUIDs unique
 * across types, so each type is looked up by primary key (one indexed query per type); an id of
 * another organization, or of nothing, resolves to null exactly like an unknown id.
 */
async function findNodes(ctx: Ctx, presenter: Pick<CallsService, 'present'>, ids: readonly string[]): Promise<Map<string, Resolved>> {
  const orgId = requireOrg(ctx);
  const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
  const found = new Map<string, Resolved>();
  if (wanted.length === 0) return found;
  const where = { id: { $in: wanted }, orgId };
  const [calls, keys, users, deliveries] = await Promise.all([
    ctx.em.fork().find(Call, where),
    ctx.em.fork().find(ApiKey, where),
    ctx.em.fork().find(User, where),
    ctx.em.fork().find(WebhookDelivery, where),
  ]);
  for (const c of calls) found.set(c.id, { ...toCallType(presenter, c), __typename: 'Call' });
  for (const k of keys) found.set(k.id, Object.assign(k, { __typename: 'ApiKey' as const }));
  for (const u of users) found.set(u.id, Object.assign(u, { __typename: 'User' as const }));
  for (const d of deliveries) {
    const delivery = { ...d, nextAttemptAt: d.state === 'pending' ? d.nextAttemptAt : null, __typename: 'WebhookDelivery' as const };
    found.set(d.id, delivery);
  }
  return found;
}

@Resolver()
export class NodeResolver {
  constructor(private readonly deps: { calls: Pick<CallsService, 'present'> }) {}

  @Authorized()
  @Query(() => NodeInterface, { nullable: true, description: "Any Call, ApiKey, User or WebhookDelivery of the organization by id; null when there is none (or it is another organization's)." })
  async node(@Arg('id', () => ID, { description: 'The id of the object.' }) id: string, @RequestCtx() ctx: Ctx): Promise<Resolved | null> {
    return (await findNodes(ctx, this.deps.calls, [id])).get(id.toLowerCase()) ?? null;
  }

  @Authorized()
  @Query(() => [NodeInterface], { nullable: 'items', description: 'Several objects by id, in the order asked; null for each id that resolves to nothing.' })
  async nodes(@Arg('ids', () => [ID], { description: `Up to ${MAX_IDS} ids.` }) ids: string[], @RequestCtx() ctx: Ctx): Promise<Array<Resolved | null>> {
    if (ids.length > MAX_IDS) {
      throw new AppError('validation_error', 'The request is invalid.', { errors: [{ field: 'ids', message: `must have at most ${MAX_IDS} ids` }] });
    }
    const found = await findNodes(ctx, this.deps.calls, ids);
    return ids.map((id) => found.get(id.toLowerCase()) ?? null);
  }
}
