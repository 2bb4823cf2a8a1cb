import type { Pool } from 'pg';
import type { Notifier } from '../../common/notifier';
import type { Logger } from '../../common/logger';

export interface ApiKeyEntry {
  keyId: string;
  orgId: string;
  revoked: boolean;
  orgActive: boolean;
  /** Epoch ms of the last recorded use; drives the once-a-minute last_used_at write. */
  lastUsedAt: number;
}

const CHANNEL = 'voicegate_auth';
/** Safety net only: invalidation is by NOTIFY, so revocation is instant across processes. */
const TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;
const FLUSH_INTERVAL_MS = 1000;

/**
 * In-process cache of API key lookups, so /v1/* does not pay a query per request.
 * - Revocation and organization deactivation NOTIFY every process, which drops the entries.
 * - While the LISTEN connection is down, nothing is cached (a missed NOTIFY would be unsafe).
 * - A generation counter stops a lookup that raced an invalidation from caching a stale answer.
 * - last_used_at writes are batched into one UPDATE per second for all keys used.
 * - Concurrent misses for the same key (a burst on a cold cache) share one lookup.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, { entry: ApiKeyEntry | null; at: number }>();
  private readonly inflight = new Map<string, { generation: number; promise: Promise<ApiKeyEntry | null> }>();
  private generation = 0;
  private readonly usedKeyIds = new Set<string>();
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly notifier: Notifier,
    private readonly log: Logger,
  ) {
    notifier.on(CHANNEL, (payload) => this.dropLocal(payload));
    notifier.onDisconnect(() => this.clear());
  }

  start(): void {
    this.flushTimer = setInterval(() => void this.flushUsage(), FLUSH_INTERVAL_MS);
    this.flushTimer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.flushTimer);
    await this.flushUsage();
  }

  async get(hash: string, load: () => Promise<ApiKeyEntry | null>): Promise<ApiKeyEntry | null> {
    const cached = this.entries.get(hash);
    if (cached && this.notifier.connected && Date.now() - cached.at < TTL_MS) return cached.entry;
    const generation = this.generation;
    // Concurrent misses for one key share one lookup, but only within a generation: a request
    // that arrives after an invalidation never joins a lookup that started before it.
    const pending = this.inflight.get(hash);
    if (pending && pending.generation === generation) return pending.promise;
    const promise = load().then((entry) => {
      if (this.notifier.connected && generation === this.generation) {
        if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
        this.entries.set(hash, { entry, at: Date.now() });
      }
      return entry;
    });
    this.inflight.set(hash, { generation, promise });
    const forget = () => {
      if (this.inflight.get(hash)?.promise === promise) this.inflight.delete(hash);
    };
    promise.then(forget, forget);
    return promise;
  }

  /** Call after the change has committed. */
  async invalidate(target: { hash: string } | { orgId: string }): Promise<void> {
    const payload = 'hash' in target ? `hash:${target.hash}` : `org:${target.orgId}`;
    this.dropLocal(payload);
    await this.notifier.notify(CHANNEL, payload);
  }

  markUsed(keyId: string): void {
    this.usedKeyIds.add(keyId);
  }

  async flushUsage(): Promise<void> {
    if (this.usedKeyIds.size === 0) return;
    const ids = [...this.usedKeyIds];
    this.usedKeyIds.clear();
    try {
      await this.pool.query('update api_keys set last_used_at = now() where id = any($1::uuid[])', [ids]);
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'could not record API key usage; will retry');
      for (const id of ids) this.usedKeyIds.add(id);
    }
  }

  private dropLocal(payload: string): void {
    this.generation++;
    if (payload.startsWith('hash:')) {
      this.entries.delete(payload.slice(5));
    } else if (payload.startsWith('org:')) {
      const orgId = payload.slice(4);
      for (const [hash, { entry }] of this.entries) if (entry?.orgId === orgId) this.entries.delete(hash);
    } else {
      this.clear();
    }
  }

  private clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
