import { ApiError } from './client';

/**
 * The API key shown at sign-up or at creation is kept here, in memory only, so "Place a test
 * call" can use it during this visit. It is never written to storage.
 */
let lastKey: string | null = null;
export const rememberKey = (secret: string): void => {
  lastKey = secret;
};
export const rememberedKey = (): string | null => lastKey;

export interface TestCallInput {
  to: string;
  task?: string;
  questions?: Array<{ key: string; question: string; type: 'string' | 'number' | 'boolean' | 'enum'; options?: string[] }>;
}

/**
 * Places a call through the one call-placing path the API has today, POST /v1/calls/outbound
 * with an API key. Answers the new call's id.
 */
export async function placeTestCall(apiKey: string, input: TestCallInput): Promise<string> {
  let res: Response;
  try {
    res = await fetch('/v1/calls/outbound', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}`, 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify(input),
    });
  } catch {
    throw new ApiError('NETWORK', undefined, 'The server could not be reached.');
  }
  const body = (await res.json().catch(() => ({}))) as { call_id?: string; code?: string; detail?: string; title?: string; errors?: Array<{ field: string; message: string }> };
  if (!res.ok || !body.call_id) {
    throw new ApiError(`HTTP_${res.status}`, body.code, body.detail ?? body.title ?? `The server answered ${res.status}.`, body.errors ?? []);
  }
  return body.call_id;
}
