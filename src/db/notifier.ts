import type { Pool, PoolClient, Notification } from 'pg';
import type { Logger } from '../common/logger';
import type { Notifier } from '../common/notifier';

type Handler = (payload: string) => void;

/**
 * One LISTEN connection per process, shared by every cache that must hear about changes made by
 * other processes. While it is not connected, `connected` is false and caches must not trust
 * themselves (they could miss an invalidation).
 */
export class PgNotifier implements Notifier {
  private client: PoolClient | undefined;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly disconnectHandlers = new Set<() => void>();
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  connected = false;

  constructor(
    private readonly pool: Pool,
    private readonly log: Logger,
  ) {}

  on(channel: string, handler: Handler): void {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    let set = this.handlers.get(channel);
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
  }

  onDisconnect(handler: () => void): void {
    this.disconnectHandlers.add(handler);
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect().catch(() => this.scheduleReconnect());
  }

  async notify(channel: string, payload: string): Promise<void> {
    await this.pool.query('select pg_notify($1, $2)', [channel, payload]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    this.connected = false;
    if (client) client.release(true);
  }

  private async connect(): Promise<void> {
    const client = await this.pool.connect();
    if (this.stopped) {
      client.release();
      return;
    }
    client.on('notification', (msg: Notification) => {
      for (const h of this.handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.log.warn({ err: err?.message }, 'notification connection lost; caches bypassed until it is back');
      this.client = undefined;
      this.connected = false;
      for (const h of this.disconnectHandlers) h();
      client.release(true);
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    for (const channel of this.handlers.keys()) await client.query(`listen ${channel}`);
    this.client = client;
    this.connected = true;
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.connect().catch(() => this.scheduleReconnect());
    }, 1000);
    this.retryTimer.unref();
  }
}
