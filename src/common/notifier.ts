/**
 * Cross-process notifications (PostgreSQL LISTEN/NOTIFY in db/notifier.ts). Features depend on
 * this interface, not on the database layer.
 */
export interface Notifier {
  /** True while the listening connection is up: caches may only trust notifications then. */
  readonly connected: boolean;
  on(channel: string, handler: (payload: string) => void): void;
  onDisconnect(handler: () => void): void;
  notify(channel: string, payload: string): Promise<void>;
}
