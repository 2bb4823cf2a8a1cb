import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { execute } from '../api/client';
import { words } from '../api/words';
import { ErrorNotice, Loading, Page } from '../components/ui';
import { graphql } from '../gql';
import type { AnalyticsViewQuery } from '../gql/graphql';
import type { ChartSeries } from '../components/charts';

// The chart library is a chunk of its own, fetched when the page draws its first chart.
const Chart = lazy(() => import('../components/charts').then((m) => ({ default: m.Chart })));

const AnalyticsViewDocument = graphql(`
  query AnalyticsView($from: String!, $to: String!, $campaignId: ID) {
    analytics(from: $from, to: $to, campaignId: $campaignId) {
      calls {
        day
        calls
        outcomes {
          outcome
          count
        }
        answered
        answerRate
        averageDurationSeconds
        latencyP50Ms
        latencyP95Ms
        latencyCalls
      }
      deliveries {
        day
        attempts
        succeeded
        successRate
        averageLatencyMs
        latencyP95Ms
      }
    }
  }
`);

const CampaignChoicesDocument = graphql(`
  query CampaignChoices {
    campaigns(first: 100) {
      nodes {
        id
        name
      }
    }
  }
`);

const OUTCOME_COLORS: Record<string, string> = {
  human: '#15803d',
  voicemail: '#0e7490',
  busy: '#b45309',
  no_answer: '#7c3aed',
  invalid_number: '#b91c1c',
  carrier_error: '#be185d',
  canceled: '#4b5563',
  wrong_number: '#65a30d',
  callback_requested: '#1d4ed8',
};
const OTHER_COLORS = ['#9333ea', '#0f766e', '#a16207', '#334155'];

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const pct = (v: number | null | undefined) => (v == null ? '—' : `${(v * 100).toFixed(1)} %`);
const num = (v: number | null | undefined, unit = '') => (v == null ? '—' : `${v}${unit}`);

type Data = AnalyticsViewQuery['analytics'];

function TableOf({ caption, headers, rows, testId }: { caption: string; headers: string[]; rows: Array<Array<string | number>>; testId: string }) {
  return (
    <details className="chart-table">
      <summary>The numbers behind this chart</summary>
      <div className="table-wrap">
        <table data-testid={testId}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {headers.map((h) => (
                <th scope="col" key={h}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={String(r[0])}>
                {r.map((c, i) => (i === 0 ? <th scope="row" key={i}>{c}</th> : <td key={i}>{c}</td>))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function Charts({ data }: { data: Data }) {
  const days = useMemo(() => data.calls.map((d) => d.day), [data]);
  const outcomes = useMemo(() => {
    const totals = new Map<string, number>();
    for (const d of data.calls) for (const o of d.outcomes) totals.set(o.outcome, (totals.get(o.outcome) ?? 0) + o.count);
    return [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([o]) => o);
  }, [data]);
  const stacked: ChartSeries[] = useMemo(
    () => outcomes.map((o, i) => ({ label: words(o), color: OUTCOME_COLORS[o] ?? OTHER_COLORS[i % OTHER_COLORS.length]!, values: data.calls.map((d) => d.outcomes.find((x) => x.outcome === o)?.count ?? 0) })),
    [data, outcomes],
  );
  const answer: ChartSeries[] = useMemo(
    () => [
      { label: 'answer rate (%)', color: '#15803d', values: data.calls.map((d) => (d.answerRate == null ? null : Math.round(d.answerRate * 1000) / 10)) },
      { label: 'average duration (s)', color: '#1d4ed8', axis: 'right', values: data.calls.map((d) => d.averageDurationSeconds) },
    ],
    [data],
  );
  const latency: ChartSeries[] = useMemo(
    () => [
      { label: 'p50 (ms)', color: '#1d4ed8', values: data.calls.map((d) => d.latencyP50Ms) },
      { label: 'p95 (ms)', color: '#b45309', values: data.calls.map((d) => d.latencyP95Ms) },
    ],
    [data],
  );
  const hooks: ChartSeries[] = useMemo(
    () => [
      { label: 'success rate (%)', color: '#15803d', values: data.deliveries.map((d) => (d.successRate == null ? null : Math.round(d.successRate * 1000) / 10)) },
      { label: 'average latency (ms)', color: '#1d4ed8', axis: 'right', values: data.deliveries.map((d) => d.averageLatencyMs) },
      { label: 'p95 latency (ms)', color: '#b45309', axis: 'right', values: data.deliveries.map((d) => d.latencyP95Ms) },
    ],
    [data],
  );
  return (
    <div className="charts">
      <section className="card" aria-labelledby="chart-calls">
        <h2 id="chart-calls">Calls per day by outcome</h2>
        <Suspense fallback={<Loading what="Loading the chart" />}>
          <Chart title="Calls that ended each day, stacked by outcome" days={days} series={stacked} stacked leftUnit="calls" />
        </Suspense>
        <TableOf
          testId="table-calls"
          caption="Calls per day by outcome"
          headers={['Day', 'Calls', ...outcomes.map(words)]}
          rows={data.calls.map((d) => [d.day, d.calls, ...outcomes.map((o) => d.outcomes.find((x) => x.outcome === o)?.count ?? 0)])}
        />
      </section>
      <section className="card" aria-labelledby="chart-answer">
        <h2 id="chart-answer">Answer rate and average duration</h2>
        <Suspense fallback={<Loading what="Loading the chart" />}>
          <Chart title="Share of calls a person answered, and how long answered calls lasted" days={days} series={answer} leftUnit="%" rightUnit="s" />
        </Suspense>
        <TableOf
          testId="table-answer"
          caption="Answer rate and average duration per day"
          headers={['Day', 'Calls', 'Answered', 'Answer rate', 'Average duration']}
          rows={data.calls.map((d) => [d.day, d.calls, d.answered, pct(d.answerRate), num(d.averageDurationSeconds, ' s')])}
        />
      </section>
      <section className="card" aria-labelledby="chart-latency">
        <h2 id="chart-latency">Turn latency</h2>
        <Suspense fallback={<Loading what="Loading the chart" />}>
          <Chart title="How long the agent took to answer: median and 95th percentile" days={days} series={latency} leftUnit="ms" />
        </Suspense>
        <TableOf
          testId="table-latency"
          caption="Turn latency per day"
          headers={['Day', 'Calls measured', 'p50', 'p95']}
          rows={data.calls.map((d) => [d.day, d.latencyCalls, num(d.latencyP50Ms, ' ms'), num(d.latencyP95Ms, ' ms')])}
        />
      </section>
      <section className="card" aria-labelledby="chart-webhooks">
        <h2 id="chart-webhooks">Webhook deliveries</h2>
        <Suspense fallback={<Loading what="Loading the chart" />}>
          <Chart title="Share of webhook attempts answered 2xx, and their latency" days={days} series={hooks} leftUnit="%" rightUnit="ms" />
        </Suspense>
        <TableOf
          testId="table-webhooks"
          caption="Webhook attempts per day"
          headers={['Day', 'Attempts', 'Succeeded', 'Success rate', 'Average latency', 'p95 latency']}
          rows={data.deliveries.map((d) => [d.day, d.attempts, d.succeeded, pct(d.successRate), num(d.averageLatencyMs, ' ms'), num(d.latencyP95Ms, ' ms')])}
        />
      </section>
    </div>
  );
}

export function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const now = new Date();
  const from = params.get('from') ?? isoDay(new Date(now.getTime() - 13 * 86_400_000));
  const to = params.get('to') ?? isoDay(now);
  const campaignId = params.get('campaign') ?? '';
  const campaigns = useQuery({ queryKey: ['campaign-choices'], queryFn: () => execute(CampaignChoicesDocument) });
  const data = useQuery({
    queryKey: ['analytics', from, to, campaignId],
    queryFn: () => execute(AnalyticsViewDocument, { from, to, campaignId: campaignId || null }),
    placeholderData: (prev) => prev,
  });
  const set = (k: string, v: string) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      if (v) n.set(k, v);
      else n.delete(k);
      return n;
    });
  const a = data.data?.analytics;
  const totals = a && {
    calls: a.calls.reduce((s, d) => s + d.calls, 0),
    answered: a.calls.reduce((s, d) => s + d.answered, 0),
    attempts: a.deliveries.reduce((s, d) => s + d.attempts, 0),
    succeeded: a.deliveries.reduce((s, d) => s + d.succeeded, 0),
  };
  return (
    <Page title="Analytics">
      <form className="filters" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          From
          <input type="date" value={from} max={to} onChange={(e) => e.target.value && set('from', e.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={to} min={from} onChange={(e) => e.target.value && set('to', e.target.value)} />
        </label>
        <label>
          Campaign
          <select value={campaignId} onChange={(e) => set('campaign', e.target.value)}>
            <option value="">all calls</option>
            {campaigns.data?.campaigns.nodes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      </form>
      <p className="muted small">Days are UTC days; a call counts on the day it ended, a webhook attempt on the day it was made.</p>
      <ErrorNotice error={data.error ?? campaigns.error} />
      {data.isPending && <Loading what="Loading figures" />}
      {a && totals && (
        // Busy while the figures shown are the previous filter's and the new ones load.
        <div data-testid="analytics-figures" aria-busy={data.isPlaceholderData || undefined}>
          <dl className="stats" data-testid="analytics-totals">
            <div className="card">
              <dt>Calls</dt>
              <dd>{totals.calls}</dd>
            </div>
            <div className="card">
              <dt>Answered</dt>
              <dd>{totals.calls ? pct(totals.answered / totals.calls) : '—'}</dd>
            </div>
            <div className="card">
              <dt>Webhook attempts</dt>
              <dd>{totals.attempts}</dd>
            </div>
            <div className="card">
              <dt>Attempts answered 2xx</dt>
              <dd>{totals.attempts ? pct(totals.succeeded / totals.attempts) : '—'}</dd>
            </div>
          </dl>
          <Charts data={a} />
        </div>
      )}
    </Page>
  );
}
