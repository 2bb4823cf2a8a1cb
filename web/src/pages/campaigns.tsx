import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { allPages } from '../api/all-pages';
import { execute } from '../api/client';
import { livePage, livePolling, useLiveCampaigns } from '../api/live';
import { lower, words } from '../api/words';
import { AnswerCharts } from '../components/answer-charts';
import { ConfirmButton } from '../components/confirm-button';
import { ProgressBar } from '../components/progress-bar';
import { DataTable } from '../components/data-table';
import { FilterSelect, useUrlFilter } from '../components/list-filter';
import { LiveIndicator } from '../components/live-indicator';
import { Empty, ErrorNotice, Loading, Page, Pager, StatusBadge, Time, usePageCursor } from '../components/ui';
import { graphql } from '../gql';
import type { CampaignRecipientsPageQuery } from '../gql/graphql';
import { download, toCsv } from '../lib/csv';

/** What the progress bar draws, for the list and the detail page alike. */
graphql(`
  fragment CampaignProgressFields on CampaignProgress {
    total
    reached
    optedOut
    pending
    retrying
    calling
    failed
    suppressed
    canceled
  }
`);

const CampaignsListDocument = graphql(`
  query CampaignsList($after: String) {
    campaigns(first: 20, after: $after) {
      nodes {
        id
        name
        status
        createdAt
        progress {
          ...CampaignProgressFields
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const CampaignDetailDocument = graphql(`
  query CampaignDetail($id: ID!) {
    campaign(id: $id) {
      id
      name
      status
      task
      questions
      startAt
      endAt
      timeZone
      callingWindow {
        days
        start
        end
      }
      maxConcurrentCalls
      maxCallsPerSecond
      retry
      createdAt
      startedAt
      completedAt
      progress {
        ...CampaignProgressFields
      }
    }
  }
`);

const CampaignRecipientsPageDocument = graphql(`
  query CampaignRecipientsPage($id: ID!, $first: Int, $after: String, $status: String) {
    campaignRecipients(id: $id, first: $first, after: $after, status: $status) {
      nodes {
        id
        to
        timeZone
        timeZones
        status
        attempts
        lastCallId
        lastDisposition
        nextAttemptAt
        answers
        optedOut
      }
      endCursor
      hasNextPage
    }
  }
`);

const CampaignAnswersViewDocument = graphql(`
  query CampaignAnswersView($id: ID!) {
    campaignAnswers(id: $id) {
      key
      question
      type
      options
      answered
      truncated
      values {
        value
        count
      }
    }
  }
`);

const PauseDocument = graphql(`
  mutation PauseCampaignNow($id: ID!) {
    pauseCampaign(id: $id) {
      id
      status
    }
  }
`);
const ResumeDocument = graphql(`
  mutation ResumeCampaignNow($id: ID!) {
    resumeCampaign(id: $id) {
      id
      status
    }
  }
`);
const CancelDocument = graphql(`
  mutation CancelCampaignNow($id: ID!) {
    cancelCampaign(id: $id) {
      id
      status
    }
  }
`);

const RECIPIENT_STATUSES = ['pending', 'calling', 'completed', 'failed', 'suppressed', 'canceled'];

export function CampaignsPage() {
  const cursor = usePageCursor();
  const socketUp = useLiveCampaigns();
  const list = useQuery({
    queryKey: ['campaigns', cursor.after],
    queryFn: () => execute(CampaignsListDocument, { after: cursor.after ?? null }),
    ...livePage(cursor, socketUp),
  });
  const page = list.data?.campaigns;
  return (
    <Page
      title="Campaigns"
      actions={
        <Link className="button primary" to="/campaigns/new">
          New campaign
        </Link>
      }
    >
      {cursor.depth === 0 && <LiveIndicator socketUp={socketUp} />}
      <ErrorNotice error={list.error} />
      {list.isPending ? (
        <Loading what="Loading campaigns" />
      ) : page && page.nodes.length === 0 ? (
        <Empty>No campaigns yet. Create one from a CSV file of numbers.</Empty>
      ) : (
        <ul className="campaign-list" aria-label="Campaigns, newest first">
          {page?.nodes.map((c) => (
            <li key={c.id} className="card" data-campaign-id={c.id}>
              <div className="page-head">
                <h2>
                  <Link to={`/campaigns/${c.id}`}>{c.name}</Link>
                </h2>
                <StatusBadge value={c.status} />
              </div>
              <ProgressBar progress={c.progress} compact />
              <p className="muted small">
                Created <Time value={c.createdAt} />
              </p>
            </li>
          ))}
        </ul>
      )}
      {page && <Pager hasNext={page.pageInfo.hasNextPage} endCursor={page.pageInfo.endCursor} cursor={cursor} />}
    </Page>
  );
}

type RecipientRow = CampaignRecipientsPageQuery['campaignRecipients']['nodes'][number];
const answerText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** Every recipient with its answers as CSV, read page by page (100 at a time). */
async function exportResults(id: string, name: string, questions: string[]): Promise<number> {
  const rows = await allPages(async (after) => (await execute(CampaignRecipientsPageDocument, { id, first: 100, after, status: null })).campaignRecipients);
  const csv = toCsv(
    ['number', 'status', 'attempts', 'outcome', 'opted_out', 'next_attempt_at', 'last_call_id', ...questions],
    rows.map((r) => [r.to, r.status, r.attempts, r.lastDisposition, r.optedOut, r.nextAttemptAt, r.lastCallId, ...questions.map((q) => answerText(r.answers?.[q]))]),
  );
  download(`${name.replace(/[^\w.-]+/g, '_') || 'campaign'}-results.csv`, csv);
  return rows.length;
}

export function CampaignPage() {
  const { id = '' } = useParams();
  const qc = useQueryClient();
  const [status, setStatus] = useUrlFilter('status');
  const cursor = usePageCursor();
  const socketUp = useLiveCampaigns(id);
  const campaign = useQuery({ queryKey: ['campaign', id], queryFn: () => execute(CampaignDetailDocument, { id }), ...livePolling(!socketUp) });
  const recipients = useQuery({
    queryKey: ['campaign-recipients', id, status, cursor.after],
    queryFn: () => execute(CampaignRecipientsPageDocument, { id, first: 25, after: cursor.after ?? null, status: status || null }),
    ...livePage(cursor, socketUp),
  });
  const answers = useQuery({ queryKey: ['campaign-answers', id], queryFn: () => execute(CampaignAnswersViewDocument, { id }) });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['campaign', id] });
  const pause = useMutation({ mutationFn: () => execute(PauseDocument, { id }), onSuccess: refresh });
  const resume = useMutation({ mutationFn: () => execute(ResumeDocument, { id }), onSuccess: refresh });
  const cancel = useMutation({ mutationFn: () => execute(CancelDocument, { id }), onSuccess: refresh });
  const [exported, setExported] = useState<string | null>(null);
  const exporting = useMutation({
    mutationFn: () => exportResults(id, c?.name ?? 'campaign', questionKeys),
    onSuccess: (n) => setExported(`Exported ${n} recipients.`),
  });
  const c = campaign.data?.campaign;
  const questionKeys = Array.isArray(c?.questions) ? (c.questions as Array<{ key: string }>).map((q) => q.key) : [];
  const st = lower(c?.status ?? '');
  const busy = pause.isPending || resume.isPending || cancel.isPending;
  const page = recipients.data?.campaignRecipients;
  return (
    <Page title={c ? `Campaign: ${c.name}` : 'Campaign'}>
      <p>
        <Link to="/campaigns">← All campaigns</Link>
      </p>
      <ErrorNotice error={campaign.error ?? pause.error ?? resume.error ?? cancel.error ?? exporting.error} />
      {campaign.isPending && <Loading what="Loading the campaign" />}
      {c && (
        <>
          <div className="card">
            <div className="page-head">
              <h2>Progress</h2>
              <span data-testid="campaign-status">
                <StatusBadge value={c.status} />
              </span>
            </div>
            <ProgressBar progress={c.progress} />
            <div className="actions" aria-label="Campaign actions" role="group">
              {(st === 'running' || st === 'scheduled') && <ConfirmButton label="Pause" question="Pause this campaign? Calls not yet dialed are withdrawn." onConfirm={() => pause.mutate()} busy={busy} />}
              {st === 'paused' && (
                <button type="button" className="primary" onClick={() => resume.mutate()} disabled={busy}>
                  Resume
                </button>
              )}
              {(st === 'running' || st === 'scheduled' || st === 'paused') && (
                <ConfirmButton label="Cancel campaign" question="Cancel this campaign? Nobody else will be called." onConfirm={() => cancel.mutate()} busy={busy} danger />
              )}
              <button type="button" onClick={() => exporting.mutate()} disabled={exporting.isPending}>
                {exporting.isPending ? 'Exporting…' : 'Export results (CSV)'}
              </button>
              {exported && (
                <span role="status" className="muted">
                  {exported}
                </span>
              )}
            </div>
            <LiveIndicator socketUp={socketUp} />
          </div>
          <div className="grid">
            <div className="card">
              <h2>Settings</h2>
              <dl className="facts">
                <dt>Calling window</dt>
                <dd>{c.callingWindow ? `${c.callingWindow.days.join(', ')} ${c.callingWindow.start}–${c.callingWindow.end}, in each callee's time zone` : 'any time'}</dd>
                <dt>Campaign time zone</dt>
                <dd>{c.timeZone}</dd>
                <dt>Starts</dt>
                <dd>
                  <Time value={c.startAt} />
                </dd>
                {c.endAt && (
                  <>
                    <dt>Ends</dt>
                    <dd>
                      <Time value={c.endAt} />
                    </dd>
                  </>
                )}
                <dt>Pacing</dt>
                <dd>
                  {c.maxConcurrentCalls} at once, {c.maxCallsPerSecond} per second
                </dd>
                <dt>Retries</dt>
                <dd>{retryWords(c.retry)}</dd>
              </dl>
            </div>
            <div className="card">
              <h2>Task</h2>
              <p>{c.task ?? <span className="muted">None</span>}</p>
            </div>
          </div>
          <div className="card">
            <h2>Answers</h2>
            <ErrorNotice error={answers.error} />
            {answers.isPending ? <Loading what="Loading answers" /> : <AnswerCharts questions={answers.data?.campaignAnswers ?? []} />}
          </div>
        </>
      )}
      <div className="card">
        <h2>Recipients</h2>
        <div className="filters">
          <FilterSelect label="Status" value={status} onChange={setStatus} options={RECIPIENT_STATUSES.map((st) => [st, st] as const)} />
        </div>
        <ErrorNotice error={recipients.error} />
        <DataTable<RecipientRow>
          caption="Recipients, newest first"
          testId="recipients-table"
          loading={recipients.isPending}
          stale={recipients.isPlaceholderData}
          loadingWhat="Loading recipients"
          rows={page?.nodes}
          rowKey={(r) => r.id}
          rowProps={(r) => ({ 'data-recipient': r.to })}
          empty={status ? `No ${status} recipients.` : 'No recipients.'}
          columns={[
            {
              header: 'Number',
              cell: (r) => (
                <>
                  {r.to}
                  {r.timeZone && <div className="muted small">{r.timeZone}</div>}
                </>
              ),
            },
            {
              header: 'Status',
              cell: (r) => (
                <>
                  <StatusBadge value={r.status} />
                  {r.optedOut && <div className="small">opted out</div>}
                </>
              ),
            },
            { header: 'Attempts', cell: (r) => r.attempts },
            { header: 'Outcome', cell: (r) => (r.lastCallId ? <Link to={`/calls/${r.lastCallId}`}>{words(r.lastDisposition ?? 'in progress')}</Link> : '—') },
            { header: 'Answers', cell: (r) => <AnswersInline answers={r.answers} /> },
            { header: 'Next attempt', cell: (r) => <Time value={r.nextAttemptAt} /> },
          ]}
        />
        {page && <Pager hasNext={page.hasNextPage} endCursor={page.endCursor} cursor={cursor} />}
      </div>
    </Page>
  );
}

function AnswersInline({ answers }: { answers: RecipientRow['answers'] }) {
  if (!answers || Object.keys(answers).length === 0) return <>—</>;
  return (
    <dl className="answers-inline">
      {Object.entries(answers).map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{answerText(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

function retryWords(retry: Record<string, unknown>): string {
  const after = (k: string) => {
    const v = (retry[k] as { after_seconds?: number } | undefined)?.after_seconds;
    return v === undefined ? null : v % 3600 === 0 ? `${v / 3600} h` : v % 60 === 0 ? `${v / 60} min` : `${v} s`;
  };
  const parts = [['busy', 'busy'], ['no_answer', 'no answer'], ['voicemail', 'voicemail'], ['carrier_error', 'carrier error'], ['callback_requested', 'call back']]
    .map(([k, w]) => (after(k!) ? `${w} after ${after(k!)}` : null))
    .filter(Boolean);
  return `${String(retry.max_attempts ?? 3)} attempts at most; ${parts.join(', ')}`;
}
