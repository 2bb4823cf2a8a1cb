import { graphql } from '../gql';
import type { PlaceCallInput } from '../gql/graphql';
import { execute } from './client';

const PlaceCallDocument = graphql(`
  mutation PlaceCall($input: PlaceCallInput!) {
    placeCall(input: $input) {
      id
      status
    }
  }
`);

/**
 * Places a call with the signed-in user's token (GraphQL `placeCall`: same validation, quota and
 * events as POST /v1/calls/outbound). A fresh idempotency key per click, so a retried request
 * never places the call twice. Answers the new call's id.
 */
export async function placeTestCall(input: Omit<PlaceCallInput, 'idempotencyKey'>): Promise<string> {
  const data = await execute(PlaceCallDocument, { input: { ...input, idempotencyKey: crypto.randomUUID() } });
  return data.placeCall.id;
}
