import { Field, ObjectType, type ClassType } from 'type-graphql';
import { encodeCursor, type Page } from '../common/pagination';

@ObjectType({ description: 'Where a page ends and whether another follows.' })
export class PageInfo {
  @Field(() => String, { nullable: true, description: 'Pass as `after` to get the next page.' })
  endCursor!: string | null;

  @Field({ description: 'Whether another page follows.' })
  hasNextPage!: boolean;
}

export interface ConnectionShape<T> {
  nodes: T[];
  edges: Array<{ cursor: string; node: T }>;
  pageInfo: PageInfo;
}

/** Relay-style cursor connection for a node type (newest first). */
export function Connection<T extends object>(Node: ClassType<T>, name: string) {
  @ObjectType(`${name}Edge`, { description: `One ${name} in a page, with its cursor.` })
  class Edge {
    @Field({ description: 'Pass as `after` to get what follows this item.' })
    cursor!: string;

    @Field(() => Node, { description: `The ${name}.` })
    node!: T;
  }

  @ObjectType(`${name}Connection`, { description: `A page of ${name} items, newest first.` })
  class ConnectionClass {
    @Field(() => [Node], { description: 'The items of this page.' })
    nodes!: T[];

    @Field(() => [Edge], { description: 'The items of this page with their cursors.' })
    edges!: Edge[];

    @Field(() => PageInfo, { description: 'How to get the next page.' })
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
