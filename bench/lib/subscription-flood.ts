import WebSocket from 'ws';

/**
 * A GraphQL subscription flood, as a red team runs it beside the load (issue 27's check): `sockets`
 * WebSockets as one dashboard user, each asking for `subscriptionsPerSocket` subscriptions to every
 * call of the organization, half of them never reading what they are sent (slow consumers). Every
 * socket the server closes is opened again 100 ms later, so the pressure lasts until stop().
 * Raw graphql-transport-ws messages over `ws`: a client library would retry and back off on its own.
 */
export interface FloodStats {
  /** Sockets opened, and those the server acknowledged (connection_ack). */
  opened: number;
  acked: number;
  /** Close codes the server sent (4029: too many sockets; 4008: slow consumer; see docs/security.md). */
  closedByCode: Record<string, number>;
  /** Operations the server refused with an error message (past GRAPHQL_WS_MAX_SUBSCRIPTIONS). */
  operationsRefused: number;
  /** Events the reading sockets received. */
  events: number;
}

const QUERY = 'subscription Flood { callUpdated { id status metadata } }';
const REOPEN_AFTER_MS = 100;
const SLOW_READER_PAUSE_MS = 5000;

export function startSubscriptionFlood(o: { url: string; token: string; sockets: number; subscriptionsPerSocket: number }): { stats: FloodStats; stop(): void } {
  const stats: FloodStats = { opened: 0, acked: 0, closedByCode: {}, operationsRefused: 0, events: 0 };
  const open = new Set<WebSocket>();
  let stopping = false;
  const slot = (reader: boolean): void => {
    if (stopping) return;
    const ws = new WebSocket(o.url, 'graphql-transport-ws');
    open.add(ws);
    stats.opened++;
    ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${o.token}` } })));
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as { type: string };
      if (m.type === 'connection_ack') {
        stats.acked++;
        for (let k = 1; k <= o.subscriptionsPerSocket; k++) ws.send(JSON.stringify({ id: String(k), type: 'subscribe', payload: { query: QUERY } }));
        // A slow consumer: nothing is read for a while, so what the server sends piles up; then
        // what came is read, the server's close frame with it.
        if (!reader) {
          ws.pause();
          setTimeout(() => ws.resume(), SLOW_READER_PAUSE_MS).unref();
        }
      } else if (m.type === 'next') stats.events++;
      else if (m.type === 'error') stats.operationsRefused++;
      else if (m.type === 'ping') ws.send(JSON.stringify({ type: 'pong' }));
    });
    ws.on('error', () => undefined);
    ws.on('close', (code) => {
      open.delete(ws);
      if (stopping) return;
      stats.closedByCode[code] = (stats.closedByCode[code] ?? 0) + 1;
      setTimeout(() => slot(reader), REOPEN_AFTER_MS).unref();
    });
  };
  for (let i = 0; i < o.sockets; i++) slot(i % 2 === 0);
  return {
    stats,
    stop() {
      stopping = true;
      for (const ws of open) ws.terminate();
      open.clear();
    },
  };
}
