import { Field, ObjectType, type ClassType } from 'type-graphql';
import { encodeCursor, type Page } from '../shared/pagination';

@ObjectType()
export class PageInfo {
  @Field(() => String, { nullable: true, description: 'Pass as `after` to get the next page.' })
  endCursor!: string | null;

  @Field()
  hasNextPage!: boolean;
}

export interface ConnectionShape<T> {
  nodes: T[];
  edges: Array<{ cursor: string; node: T }>;
  pageInfo: PageInfo;
}

/** Relay-style cursor connection for a node type (newest first). */
export function Connection<T extends object>(Node: ClassType<T>, name: string) {
  @ObjectType(`${name}Edge`)
  class Edge {
    @Field()
    cursor!: string;

    @Field(() => Node)
    node!: T;
  }

  @ObjectType(`${name}Connection`)
  class ConnectionClass {
    @Field(() => [Node])
    nodes!: T[];

    @Field(() => [Edge])
    edges!: Edge[];

    @Field(() => PageInfo)
    pageInfo!: PageInfo;
  }
  return ConnectionClass;
}

export function toConnection<T extends { id: string }, N = T>(page: Page<T>, map: (t: T) => N = (t) => t as unknown as N): ConnectionShape<N> {
  return {
    nodes: page.data.map(map),
    edges: page.data.map((t) => ({ cursor: encodeCursor(t.id), node: map(t) })),
    pageInfo: { endCursor: page.nextCursor, hasNextPage: page.nextCursor !== null },
  };
}
