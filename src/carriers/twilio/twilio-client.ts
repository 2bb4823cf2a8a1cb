import twilio from 'twilio';
import { sha256Hex } from '../../common/crypto';

export interface TwilioAccount {
  accountSid: string;
  authToken: string;
}

export type TwilioClient = ReturnType<typeof twilio>;

/** Clients kept per account (and token): each holds its own keep-alive HTTPS agent. */
const clients = new Map<string, TwilioClient>();
const MAX_CLIENTS = 500;

/**
 * The official SDK's client for one account, pointed at TWILIO_API_BASE_URL (Twilio itself in
 * production). One client per account and token is reused: the SDK gives every client its own
 * keep-alive agent, so a client per request would open (and leave idle) a connection per call.
 * A rotated token gets a new client; the least recently used one beyond MAX_CLIENTS is dropped
 * (its idle sockets close at the agent's 15 s timeout).
 */
export function twilioClient(account: TwilioAccount, apiBaseUrl: string): TwilioClient {
  const key = `${apiBaseUrl}\n${account.accountSid}\n${sha256Hex(account.authToken)}`;
  let client = clients.get(key);
  if (client) {
    clients.delete(key); // re-inserted below: Map order is the recency order
  } else {
    client = twilio(account.accountSid, account.authToken, { timeout: 15_000 });
    client.api.baseUrl = apiBaseUrl;
    if (clients.size >= MAX_CLIENTS) clients.delete(clients.keys().next().value!);
  }
  clients.set(key, client);
  return client;
}

/** What the SDK throws when Twilio answers with an error (RestException). */
export interface TwilioRestError {
  status: number;
  code?: number;
  message: string;
  moreInfo?: string;
}

export function asRestError(err: unknown): TwilioRestError | null {
  const e = err as Partial<TwilioRestError> | null;
  return e && typeof e.status === 'number' ? { status: e.status, code: e.code, message: e.message ?? '' } : null;
}

/**
 * Twilio refused the request because of a rate limit or the account's concurrent-call limit: no
 * call was created, so asking again cannot dial twice.
 */
export function isRetryableRefusal(e: TwilioRestError): boolean {
  return e.status === 429 || e.code === 20429 || /concurren/i.test(e.message);
}

/** Why a request to Twilio failed, in words an operator can act on. */
export function describeTwilioFailure(err: unknown, apiBaseUrl: string): string {
  const rest = asRestError(err);
  if (rest) {
    if (rest.status === 401 || rest.code === 20003) return 'Twilio refused the credentials: check the Account SID and the auth token.';
    if (rest.status === 404 || rest.code === 20404) return 'Twilio does not know this account: check the Account SID.';
    return `Twilio answered ${rest.status}${rest.code ? ` (error ${rest.code})` : ''}: ${rest.message}`;
  }
  const code = (err as NodeJS.ErrnoException)?.code;
  return `Twilio could not be reached at ${apiBaseUrl}${code ? ` (${code})` : ''}: ${(err as Error)?.message ?? String(err)}`;
}
