import type { TypedDocumentString } from '../gql/graphql';
import { getSession, setSession } from './session';

export interface GraphqlErrorBody {
  message: string;
  extensions?: { code?: string; reason?: string; errors?: Array<{ field: string; message: string }> };
}

/** A failed operation, with the API's `extensions.code`/`reason` kept for wording. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly reason: string | undefined,
    message: string,
    readonly fieldErrors: Array<{ field: string; message: string }> = [],
  ) {
    super(message);
  }
}

/** Reasons that mean the session is over: drop the token so the app shows the login page. */
const SESSION_ENDING = new Set(['token_expired', 'token_revoked', 'invalid_token', 'inactive_user', 'inactive_organization']);

/** Sends one generated document to /graphql with the session's token. */
export async function execute<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  ...[variables]: TVariables extends Record<string, never> ? [] : [TVariables]
): Promise<TResult> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json, application/json' };
  const session = getSession();
  if (session) headers.Authorization = `Bearer ${session.token}`;
  let res: Response;
  try {
    res = await fetch('/graphql', { method: 'POST', headers, body: JSON.stringify({ query: document.toString(), variables: variables ?? {} }) });
  } catch {
    throw new ApiError('NETWORK', undefined, 'The server could not be reached.');
  }
  let body: { data?: TResult | null; errors?: GraphqlErrorBody[] };
  try {
    body = await res.json();
  } catch {
    throw new ApiError('HTTP_' + res.status, undefined, `The server answered ${res.status}.`);
  }
  const first = body.errors?.[0];
  if (first) {
    const code = first.extensions?.code ?? 'ERROR';
    const reason = first.extensions?.reason;
    if (session && (code === 'UNAUTHENTICATED' || (reason && SESSION_ENDING.has(reason)))) setSession(null, first.message);
    throw new ApiError(code, reason, first.message, first.extensions?.errors ?? []);
  }
  if (!body.data) throw new ApiError('ERROR', undefined, 'The server sent no data.');
  return body.data;
}
