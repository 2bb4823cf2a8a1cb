import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print, type FormattedExecutionResult } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { TestApp } from './test-app';

export interface WsConnection {
  client: Client;
  /** Resolves with the close code and reason when the server (or the test) closes the socket. */
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves once connection_ack arrived. */
  acked: Promise<void>;
}

/** A real graphql-ws client (subprotocol graphql-transport-ws) over a real WebSocket. */
export function connectWs(app: TestApp, connectionParams: Record<string, unknown> | undefined): WsConnection {
  let onClosed!: (e: { code: number; reason: string }) => void;
  let onAck!: () => void;
  const closed = new Promise<{ code: number; reason: string }>((r) => (onClosed = r));
  const acked = new Promise<void>((r) => (onAck = r));
  const client = createClient({
    url: `${app.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams,
    lazy: false,
    retryAttempts: 0,
    onNonLazyError: () => undefined,
    on: {
      connected: () => onAck(),
      closed: (event) => {
        const e = event as { code: number; reason: string | Buffer };
        onClosed({ code: e.code, reason: String(e.reason) });
      },
    },
  });
  return { client, closed, acked };
}

export interface Subscribed<T> {
  events: T[];
  errors: unknown[];
  /** Resolves with the events once `done(events)` holds; one generous deadline, woken by each event. */
  until(done: (events: T[]) => boolean, what: string, timeoutMs?: number): Promise<T[]>;
  /** Resolves when the server completes or errors the subscription. */
  ended: Promise<void>;
  dispose(): void;
}

/** Subscribes with a generated document, or with any query text (limits, malformed operations). */
export function subscribe<T, V extends Record<string, unknown>>(
  conn: WsConnection,
  document: TypedDocumentNode<T, V> | string,
  variables: V,
  operationName?: string,
): Subscribed<T> {
  const events: T[] = [];
  const errors: unknown[] = [];
  const wakers = new Set<() => void>();
  const wake = () => wakers.forEach((w) => w());
  let onEnded!: () => void;
  const ended = new Promise<void>((r) => (onEnded = r));
  const dispose = conn.client.subscribe<T>(
    { query: typeof document === 'string' ? document : print(document), variables, operationName },
    {
      next: (r: FormattedExecutionResult<T>) => {
        if (r.errors) errors.push(...r.errors);
        if (r.data) events.push(r.data);
        wake();
      },
      error: (e) => {
        // An error message carries a list of GraphQL errors; a closed socket, a close event.
        errors.push(...(Array.isArray(e) ? (e as unknown[]) : [e]));
        onEnded();
        wake();
      },
      complete: () => {
        onEnded();
        wake();
      },
    },
  );
  return {
    events,
    errors,
    ended,
    dispose,
    until: (done, what, timeoutMs = 60_000) =>
      new Promise<T[]>((resolve, reject) => {
        const check = () => {
          if (done(events)) {
            cleanup();
            resolve(events);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`timed out waiting for ${what}; got ${JSON.stringify(events)} errors ${JSON.stringify(errors)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          wakers.delete(check);
        };
        wakers.add(check);
        check();
      }),
  };
}

/**
 * A bare graphql-transport-ws client on `ws`, for what the library client hides: pausing the
 * socket (a consumer that stops reading, so the server's sends back up) and counting bytes.
 */
export interface RawWs {
  socket: WebSocket;
  acked: Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  /** Bytes of the messages received so far. */
  readonly bytes: number;
  subscribe(id: string, query: string, variables?: Record<string, unknown>): void;
}

export function rawWs(app: TestApp, token: string): RawWs {
  let onAck!: () => void;
  let onClosed!: (e: { code: number; reason: string }) => void;
  const acked = new Promise<void>((r) => (onAck = r));
  const closed = new Promise<{ code: number; reason: string }>((r) => (onClosed = r));
  const socket = new WebSocket(`${app.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  let bytes = 0;
  socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
  socket.on('message', (data: Buffer) => {
    bytes += data.length;
    if ((JSON.parse(data.toString()) as { type: string }).type === 'connection_ack') onAck();
  });
  socket.on('close', (code, reason) => onClosed({ code, reason: reason.toString() }));
  socket.on('error', () => undefined); // the close event reports the outcome
  return {
    socket,
    acked,
    closed,
    get bytes() {
      return bytes;
    },
    subscribe: (id, query, variables = {}) => socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query, variables } })),
  };
}
