import { ArgsType, Field, Int } from 'type-graphql';

/** Relay-style page arguments shared by every connection query. */
@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true, description: 'Page size (1 to 100; default 20).' })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'Cursor from pageInfo.endCursor of the previous page.' })
  after?: string | null;
}

/** The services' page input (`limit`, `cursor`); they validate it like a REST query string. */
export const pageInput = (args: PageArgs): { limit?: number; cursor?: string } => ({ limit: args.first ?? undefined, cursor: args.after ?? undefined });
