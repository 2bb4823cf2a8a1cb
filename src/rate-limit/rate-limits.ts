import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config';
import { AppError } from '../common/errors';

/**
 * Request quotas, counted in PostgreSQL (rate-limiter-flexible's RateLimiterPostgres over the
 * shared pg Pool) so that every API process draws from the same buckets. Fixed windows; one row
 * per bucket in the UNLOGGED `rate_limits` table (see the 20261123 migration).
 *
 * Keys are never stored in the clear when they could identify a person (e-mail addresses are
 * hashed), and every key is bounded in length.
 */
export type PolicyName = 'api_key' | 'login_ip' | 'login_email' | 'signup_ip' | 'signup_email' | 'mail_email' | 'mail_org' | 'carrier_test';

export interface Policy {
  name: PolicyName;
  points: number;
  windowSeconds: number;
}

/** What a consume tells the caller; drives the RateLimit / RateLimit-Policy response headers. */
export interface RateLimitState {
  policy: Policy;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

const TABLE = 'rate_limits';

export function policiesFrom(config: Config): Record<PolicyName, Policy> {
  const r = config.rateLimit;
  return {
    api_key: { name: 'api_key', points: r.apiKeyPerMinute, windowSeconds: r.apiKeyWindowSeconds },
    login_ip: { name: 'login_ip', points: r.loginIpPer15Min, windowSeconds: 15 * 60 },
    login_email: { name: 'login_email', points: r.loginEmailPer15Min, windowSeconds: 15 * 60 },
    signup_ip: { name: 'signup_ip', points: r.signupIpPerHour, windowSeconds: 3600 },
    signup_email: { name: 'signup_email', points: r.signupEmailPerHour, windowSeconds: 3600 },
    // Every account mail per recipient address (normalised, hashed): no mail-bombing through us.
    mail_email: { name: 'mail_email', points: r.mailEmailPerHour, windowSeconds: 3600 },
    // Account mails an organization causes (invitations above all): no bulk mail through us.
    mail_org: { name: 'mail_org', points: r.mailOrgPerHour, windowSeconds: 3600 },
    // Connection tests per organization: each sends a packet where the owner says (docs/security.md).
    carrier_test: { name: 'carrier_test', points: r.carrierTestPer10Min, windowSeconds: 600 },
  };
}

/**
 * Response headers per draft-ietf-httpapi-ratelimit-headers (structured fields):
 * `RateLimit-Policy: "api_key";q=6000;w=60` and `RateLimit: "api_key";r=5999;t=42`.
 */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  const { policy } = state;
  return {
    'RateLimit-Policy': `"${policy.name}";q=${policy.points};w=${policy.windowSeconds}`,
    RateLimit: `"${policy.name}";r=${Math.max(0, state.remaining)};t=${Math.max(0, state.resetSeconds)}`,
  };
}

export function rateLimitedError(state: RateLimitState, message?: string): AppError {
  const retryAfter = Math.max(1, state.resetSeconds);
  return new AppError('rate_limited', message ?? `Too many requests. Retry after ${retryAfter} seconds.`, {
    headers: { 'Retry-After': String(retryAfter), ...rateLimitHeaders({ ...state, remaining: 0 }) },
  });
}

/** Identifying keys (e-mail addresses) are hashed; everything is bounded well under varchar(255). */
function bucketKey(policy: PolicyName, key: string): string {
  if (policy === 'login_email' || policy === 'signup_email' || policy === 'mail_email' || key.length > 100) {
    return createHash('sha256').update(key).digest('base64url');
  }
  return key;
}

export class RateLimits {
  readonly enabled: boolean;
  readonly policies: Record<PolicyName, Policy>;
  private readonly limiters = new Map<PolicyName, RateLimiterPostgres>();

  constructor(config: Config, pool: Pool) {
    this.enabled = config.rateLimit.enabled;
    this.policies = policiesFrom(config);
    if (!this.enabled) return;
    for (const policy of Object.values(this.policies)) {
      this.limiters.set(
        policy.name,
        new RateLimiterPostgres({
          storeClient: pool,
          storeType: 'pool',
          tableName: TABLE,
          tableCreated: true,
          keyPrefix: policy.name,
          points: policy.points,
          duration: policy.windowSeconds,
          // Expired rows are deleted by the library every 5 minutes (timer is unref'd).
          clearExpiredByTimeout: true,
        }),
      );
    }
  }

  /**
   * Takes one point from the bucket; over the limit throws 429 rate_limited with Retry-After and
   * the RateLimit headers. Store failures (database down) propagate and become 503.
   * Returns null when rate limiting is disabled.
   */
  async consume(policyName: PolicyName, key: string, message?: string): Promise<RateLimitState | null> {
    const limiter = this.limiters.get(policyName);
    if (!limiter) return null;
    const policy = this.policies[policyName];
    try {
      const res = await limiter.consume(bucketKey(policyName, key), 1);
      return { policy, remaining: res.remainingPoints, resetSeconds: Math.ceil(res.msBeforeNext / 1000) };
    } catch (e) {
      if (e instanceof RateLimiterRes) {
        throw rateLimitedError({ policy, remaining: 0, resetSeconds: Math.ceil(e.msBeforeNext / 1000) }, message);
      }
      throw e;
    }
  }

  /**
   * Takes one point and says whether the bucket still allowed it, for a caller that refuses
   * silently (account mails) instead of answering 429. Always true when rate limiting is disabled.
   */
  async take(policyName: PolicyName, key: string): Promise<boolean> {
    const limiter = this.limiters.get(policyName);
    if (!limiter) return true;
    try {
      await limiter.consume(bucketKey(policyName, key), 1);
      return true;
    } catch (e) {
      if (e instanceof RateLimiterRes) return false;
      throw e;
    }
  }

  /** Forgets a bucket (a successful login clears that e-mail's failure count). */
  async reset(policyName: PolicyName, key: string): Promise<void> {
    await this.limiters.get(policyName)?.delete(bucketKey(policyName, key));
  }
}
