import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { execute } from '../api/client';
import { livePage, livePolling } from '../api/live';
import { dotted, words } from '../api/words';
import { FilterSelect, useUrlFilter } from '../components/list-filter';
import { Empty, ErrorNotice, Loading, Page, Pager, StatusBadge, Time, usePageCursor } from '../components/ui';
import { graphql } from '../gql';
import type { WebhookDeliveriesQuery, WebhookEvent } from '../gql/graphql';
import { useIsOwner } from './org';

const DeliveriesDocument = graphql(`
  query WebhookDeliveries($after: String, $callId: ID, $delivered: Boolean, $event: WebhookEvent) {
    webhookDeliveries(first: 20, after: $after, callId: $callId, delivered: $delivered, event: $event) {
      nodes {
        id
        callId
        event
        state
        attempts
        responseCode
        createdAt
        deliveredAt
        nextAttemptAt
        url
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);
const DeliveryDocument = graphql(`
  query WebhookDelivery($id: ID!) {
    webhookDelivery(id: $id) {
      id
      event
      state
      payload
      lastError
      attemptLog {
        id
        attemptedAt
        durationMs
        responseCode
        responseExcerpt
        error
        trigger
        url
      }
    }
  }
`);
const RedeliverDocument = graphql(`
  mutation RedeliverWebhook($id: ID!) {
    redeliverWebhook(id: $id) {
      id
      state
      attempts
    }
  }
`);
const ReplayDocument = graphql(`
  mutation ReplayWebhooks($since: DateTime!, $event: WebhookEvent) {
    replayWebhooks(since: $since, event: $event) {
      since
      event
    }
  }
`);

const EVENTS: WebhookEvent[] = ['CALL_QUEUED', 'CALL_ENDED', 'CALL_ANALYZED'];
const eventFor = (name: string): WebhookEvent | null => EVENTS.find((e) => dotted(e) === name) ?? null;

export function DeliveriesPage() {
  const owner = useIsOwner();
  const qc = useQueryClient();
  const cursor = usePageCursor();
  const [open, setOpen] = useState<string | null>(null);
  const [callId, setCallId] = useUrlFilter('callId');
  const [event, setEvent] = useUrlFilter('event');
  const [delivered, setDelivered] = useUrlFilter('delivered');
  const list = useQuery({
    queryKey: ['deliveries', callId, event, delivered, cursor.after],
    queryFn: () =>
      execute(DeliveriesDocument, {
        after: cursor.after ?? null,
        callId: callId || null,
        event: eventFor(event),
        delivered: delivered === '' ? null : delivered === 'true',
      }),
    ...livePage(cursor),
  });
  const redeliver = useMutation({
    mutationFn: (id: string) => execute(RedeliverDocument, { id }),
    onSuccess: (_d, id) => {
      void qc.invalidateQueries({ queryKey: ['deliveries'] });
      void qc.invalidateQueries({ queryKey: ['delivery', id] });
    },
  });
  const replay = useMutation({ mutationFn: (v: { since: string; event: WebhookEvent | null }) => execute(ReplayDocument, v) });
  const page = list.data?.webhookDeliveries;
  return (
    <Page title="Webhook deliveries">
      <div className="filters">
        <FilterSelect label="Event" value={event} onChange={setEvent} options={EVENTS.map((ev) => [dotted(ev), dotted(ev)] as const)} />
        <FilterSelect
          label="Delivered"
          value={delivered}
          onChange={setDelivered}
          options={[
            ['true', 'delivered'],
            ['false', 'not delivered'],
          ]}
        />
        <label>
          Call id
          <input value={callId} onChange={(e) => setCallId(e.target.value.trim())} placeholder="any" />
        </label>
      </div>
      <ErrorNotice error={list.error ?? redeliver.error} />
      {list.isPending ? (
        <Loading what="Loading deliveries" />
      ) : page && page.nodes.length === 0 ? (
        <Empty>No deliveries match.</Empty>
      ) : (
        <div className="table-wrap">
          <table data-testid="deliveries-table">
            <caption className="sr-only">Webhook deliveries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">State</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last response</th>
                <th scope="col">Created</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {page?.nodes.map((d) => (
                <DeliveryRow
                  key={d.id}
                  d={d}
                  open={open === d.id}
                  toggle={() => setOpen(open === d.id ? null : d.id)}
                  owner={owner}
                  redeliver={() => redeliver.mutate(d.id)}
                  busy={redeliver.isPending && redeliver.variables === d.id}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page && <Pager hasNext={page.pageInfo.hasNextPage} endCursor={page.pageInfo.endCursor} cursor={cursor} />}
      {owner && (
        <form
          className="card form inline"
          onSubmit={(e: FormEvent<HTMLFormElement>) => {
            e.preventDefault();
            const f = new FormData(e.currentTarget);
            const since = new Date(String(f.get('since')));
            replay.mutate({ since: since.toISOString(), event: eventFor(String(f.get('event'))) });
          }}
        >
          <h2>Replay undelivered events</h2>
          <label>
            Since (your local time)
            <input name="since" type="datetime-local" required />
          </label>
          <label>
            Event
            <select name="event" defaultValue="">
              <option value="">every event</option>
              {EVENTS.map((ev) => (
                <option key={ev} value={dotted(ev)}>
                {dotted(ev)}
              </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={replay.isPending}>
            Replay
          </button>
          {replay.isSuccess && <p role="status">Replay started in the background for events since {new Date(replay.data.replayWebhooks.since).toLocaleString()}.</p>}
          <ErrorNotice error={replay.error} />
        </form>
      )}
    </Page>
  );
}

type DeliveryNode = WebhookDeliveriesQuery['webhookDeliveries']['nodes'][number];

function DeliveryRow({ d, open, toggle, owner, redeliver, busy }: { d: DeliveryNode; open: boolean; toggle: () => void; owner: boolean; redeliver: () => void; busy: boolean }) {
  return (
    <>
      <tr data-delivery-id={d.id}>
        <td>
          <button type="button" className="link" aria-expanded={open} onClick={toggle}>
            {dotted(d.event)}
          </button>
          {d.callId ? (
            <div className="muted small">
              call <Link to={`/calls/${d.callId}`}>{d.callId.slice(0, 8)}</Link>
            </div>
          ) : (
            <div className="muted small">campaign event</div>
          )}
        </td>
        <td>
          <StatusBadge value={d.state} />
        </td>
        <td>{d.attempts}</td>
        <td>{d.responseCode ?? '—'}</td>
        <td>
          <Time value={d.createdAt} />
        </td>
        <td>
          {owner && (
            <button type="button" onClick={redeliver} disabled={busy} aria-label={`Redeliver ${dotted(d.event)}`}>
              {busy ? 'Queuing…' : 'Redeliver'}
            </button>
          )}
        </td>
      </tr>
      {open && (
        <tr className="detail">
          <td colSpan={6}>
            <DeliveryDetail id={d.id} />
          </td>
        </tr>
      )}
    </>
  );
}

function DeliveryDetail({ id }: { id: string }) {
  const q = useQuery({ queryKey: ['delivery', id], queryFn: () => execute(DeliveryDocument, { id }), ...livePolling(true) });
  if (q.isPending) return <Loading what="Loading attempts" />;
  if (q.error) return <ErrorNotice error={q.error} />;
  const d = q.data.webhookDelivery;
  return (
    <div className="delivery-detail">
      {d.attemptLog.length === 0 ? (
        <Empty>No attempt yet.</Empty>
      ) : (
        <table>
          <caption>Attempts</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Trigger</th>
              <th scope="col">Status</th>
              <th scope="col">Latency</th>
              <th scope="col">Response excerpt</th>
            </tr>
          </thead>
          <tbody>
            {d.attemptLog.map((a) => (
              <tr key={a.id}>
                <td>
                  <Time value={a.attemptedAt} />
                </td>
                <td>{words(a.trigger)}</td>
                <td>{a.responseCode ?? a.error ?? '—'}</td>
                <td>{a.durationMs} ms</td>
                <td>
                  <code className="excerpt">{a.responseExcerpt ?? ''}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <details>
        <summary>Payload</summary>
        <pre>{JSON.stringify(d.payload, null, 2)}</pre>
      </details>
    </div>
  );
}
