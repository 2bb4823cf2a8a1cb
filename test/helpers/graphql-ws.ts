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

export function subscribe<T, V extends Record<string, unknown>>(conn: WsConnection, document: TypedDocumentNode<T, V>, variables: V): Subscribed<T> {
  const events: T[] = [];
  const errors: unknown[] = [];
  const wakers = new Set<() => void>();
  const wake = () => wakers.forEach((w) => w());
  let onEnded!: () => void;
  const ended = new Promise<void>((r) => (onEnded = r));
  const dispose = conn.client.subscribe<T>(
    { query: print(document), variables },
    {
      next: (r: FormattedExecutionResult<T>) => {
        if (r.errors) errors.push(...r.errors);
        if (r.data) events.push(r.data);
        wake();
      },
      error: (e) => {
        errors.push(e);
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
