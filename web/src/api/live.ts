import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { createClient, type Client } from 'graphql-ws';
import { useEffect, useState } from 'react';
import { graphql } from '../gql';
import { getSession, onSessionChange, setSession } from './session';

/**
 * How the calls pages stay live: a graphql-ws subscription (`callUpdated`) on /graphql. Each
 * event refreshes what shows that call. If the socket cannot be opened or drops, the pages fall
 * back to refetching on an interval until it is back (react-query pauses that in hidden tabs).
 */
export const LIVE_POLL_MS = 1500;

export function livePolling(active: boolean): { refetchInterval: number | false; refetchIntervalInBackground: false } {
  return { refetchInterval: active ? LIVE_POLL_MS : false, refetchIntervalInBackground: false };
}

/**
 * The query options of a paged live list: the page shown stays while the next one loads, and only
 * the first page is live (older pages keep their place instead of shifting under the reader); it
 * polls while the socket is down.
 */
export function livePage(cursor: { depth: number }, socketUp = false) {
  return { placeholderData: keepPreviousData, ...livePolling(cursor.depth === 0 && !socketUp) };
}

const CallUpdatedDocument = graphql(`
  subscription CallUpdated {
    callUpdated {
      id
      status
    }
  }
`);

const CampaignUpdatedDocument = graphql(`
  subscription CampaignUpdatedLive($id: ID) {
    campaignUpdated(id: $id) {
      id
      status
    }
  }
`);

let client: Client | null = null;
let connected = false;
const listeners = new Set<() => void>();
const setConnected = (v: boolean) => {
  connected = v;
  for (const l of listeners) l();
};

function socketClient(): Client {
  if (client) return client;
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
  client = createClient({
    url,
    lazy: true,
    retryAttempts: Infinity,
    connectionParams: () => ({ authorization: `Bearer ${getSession()?.token ?? ''}` }),
    shouldRetry: (e) => {
      const code = (e as CloseEvent | undefined)?.code;
      return code !== 4401 && code !== 4403;
    },
    on: {
      connected: () => setConnected(true),
      closed: (e) => {
        setConnected(false);
        const code = (e as CloseEvent | undefined)?.code;
        // The server ended the session (deactivated, signed out everywhere, expired).
        if ((code === 4401 || code === 4403) && getSession()) setSession(null, code === 4403 ? 'This organization or account is deactivated.' : 'Your session has ended.');
      },
    },
  });
  return client;
}

onSessionChange(() => {
  // A new or ended session: the socket's authentication is stale.
  void client?.dispose();
  client = null;
  setConnected(false);
});

/** Subscribes while mounted; answers whether the socket is up (else the caller polls). */
export function useLiveCalls(): boolean {
  const qc = useQueryClient();
  const [up, setUp] = useState(connected);
  useEffect(() => {
    const l = () => setUp(connected);
    listeners.add(l);
    const stop = socketClient().subscribe<{ callUpdated: { id: string } }>(
      { query: CallUpdatedDocument.toString() },
      {
        next: ({ data }) => {
          if (!data) return;
          void qc.invalidateQueries({ queryKey: ['calls'] });
          void qc.invalidateQueries({ queryKey: ['call', data.callUpdated.id] });
        },
        error: () => setConnected(false),
        complete: () => undefined,
      },
    );
    return () => {
      listeners.delete(l);
      stop();
    };
  }, [qc]);
  return up;
}

/**
 * Campaign pages stay live the same way: `campaignUpdated` (one campaign, or all of the
 * organization's for the list). Each event refreshes the campaign's queries: its summary and
 * progress, the recipients' first page, and the answers (those at most every few seconds: they
 * are a heavier read and move only as calls are analyzed).
 */
export function useLiveCampaigns(id?: string): boolean {
  const qc = useQueryClient();
  const [up, setUp] = useState(connected);
  useEffect(() => {
    const l = () => setUp(connected);
    listeners.add(l);
    let answersTimer: ReturnType<typeof setTimeout> | undefined;
    const stop = socketClient().subscribe<{ campaignUpdated: { id: string } }>(
      { query: CampaignUpdatedDocument.toString(), variables: id ? { id } : {} },
      {
        next: ({ data }) => {
          if (!data) return;
          const cid = data.campaignUpdated.id;
          void qc.invalidateQueries({ queryKey: ['campaigns'] });
          void qc.invalidateQueries({ queryKey: ['campaign', cid] });
          void qc.invalidateQueries({ queryKey: ['campaign-recipients', cid] });
          answersTimer ??= setTimeout(() => {
            answersTimer = undefined;
            void qc.invalidateQueries({ queryKey: ['campaign-answers', cid] });
          }, ANSWERS_REFRESH_MS);
        },
        error: () => setConnected(false),
        complete: () => undefined,
      },
    );
    return () => {
      listeners.delete(l);
      clearTimeout(answersTimer);
      stop();
    };
  }, [qc, id]);
  return up;
}

const ANSWERS_REFRESH_MS = 2000;
