import { Field, ID, InterfaceType } from 'type-graphql';

/** The GraphQL type names that implement Node; a resolved node carries its name in `__typename`. */
export type NodeTypeName = 'Call' | 'ApiKey' | 'User' | 'WebhookDelivery';

/**
 * Relay's Node interface: an object a client can fetch again by id alone (`node(id:)`). Ids are
 * the UUIDs REST uses, unique across every type, so no type prefix is needed.
 */
@InterfaceType('Node', {
  description: 'An object with a stable, globally unique id that `node(id:)` and `nodes(ids:)` fetch again.',
  resolveType: (value: { __typename?: NodeTypeName }) => value.__typename,
})
export abstract class NodeInterface {
  @Field(() => ID, { description: 'Globally unique id of the object.' })
  id!: string;
}
