import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import type { TestApp } from './test-app';

export interface GqlResult<T> {
  status: number;
  data: T | null | undefined;
  errors?: Array<{ message: string; path?: string[]; extensions?: { code?: string; reason?: string; errors?: Array<{ field: string; message: string }> } }>;
}

/** Sends a generated, typed document over real HTTP to /graphql. */
export async function gql<TData, TVars extends Record<string, unknown>>(
  app: TestApp,
  document: TypedDocumentNode<TData, TVars>,
  variables?: TVars,
  token?: string,
): Promise<GqlResult<TData>> {
  const req = app.http().post('/graphql').set('Content-Type', 'application/json');
  if (token) req.set('Authorization', `Bearer ${token}`);
  const res = await req.send({ query: print(document), variables: variables ?? {} });
  return { status: res.status, data: res.body.data, errors: res.body.errors };
}

/** For queries that are deliberately not in the generated set (limits, malformed input). */
export async function rawGql(app: TestApp, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<GqlResult<Record<string, unknown>>> {
  const req = app.http().post('/graphql').set('Content-Type', 'application/json');
  if (token) req.set('Authorization', `Bearer ${token}`);
  const res = await req.send({ query, variables });
  return { status: res.status, data: res.body.data, errors: res.body.errors };
}
