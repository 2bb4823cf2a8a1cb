import { ArgsType, Field, Int } from 'type-graphql';

/** Relay-style page arguments shared by every connection query. */
@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true })
  first?: number | null;

  @Field(() => String, { nullable: true })
  after?: string | null;
}

/** The services' page input (`limit`, `cursor`); they validate it like a REST query string. */
export const pageInput = (args: PageArgs): { limit?: number; cursor?: string } => ({ limit: args.first ?? undefined, cursor: args.after ?? undefined });
