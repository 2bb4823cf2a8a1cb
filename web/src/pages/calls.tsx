import { useMutation, useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { execute } from '../api/client';
import { livePage, livePolling, useLiveCalls } from '../api/live';
import { placeTestCall } from '../api/test-call';
import { lower, words } from '../api/words';
import { DataTable } from '../components/data-table';
import { FilterSelect, useUrlFilter } from '../components/list-filter';
import { LiveIndicator } from '../components/live-indicator';
import { ErrorNotice, Fact, Loading, Page, Pager, StatusBadge, Time, usePageCursor } from '../components/ui';
import { graphql } from '../gql';
import type { CallQuery, CallStatus, CallsQuery } from '../gql/graphql';

// The waveform (fetching and decoding the WAV, drawing on a canvas) is a chunk of its own.
const Waveform = lazy(() => import('../components/waveform').then((m) => ({ default: m.Waveform })));

/** Where the player is, in ms, while it plays (each animation frame) or after a seek. */
function usePlayPosition(audio: RefObject<HTMLAudioElement | null>, ready: boolean): number {
  const [ms, setMs] = useState(0);
  useEffect(() => {
    const a = audio.current;
    if (!a) return;
    let frame = 0;
    const tick = () => {
      setMs(a.currentTime * 1000);
      if (!a.paused) frame = requestAnimationFrame(tick);
    };
    const start = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tick);
    };
    a.addEventListener('play', start);
    a.addEventListener('seeked', tick);
    a.addEventListener('pause', tick);
    return () => {
      cancelAnimationFrame(frame);
      a.removeEventListener('play', start);
      a.removeEventListener('seeked', tick);
      a.removeEventListener('pause', tick);
    };
  }, [audio, ready]);
  return ms;
}

const CallsDocument = graphql(`
  query Calls($status: CallStatus, $after: String) {
    calls(first: 20, status: $status, after: $after) {
      nodes {
        id
        to
        status
        disposition
        durationSeconds
        createdAt
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const CallDocument = graphql(`
  query Call($id: ID!) {
    call(id: $id) {
      id
      to
      from
      status
      disposition
      task
      questions {
        key
        text
      }
      createdAt
      startedAt
      endedAt
      durationSeconds
      maxDurationSeconds
      transcript
      structuredAnswers
      recordingUrl
      webhookUrl
      metadata
      callerName
      optedOut
      callbackAt
      turns {
        speaker
        text
        startMs
        endMs
        interrupted
        latency {
          endOfTurnMs
          recognitionMs
          decisionMs
          synthesisMs
          totalMs
        }
      }
      latency {
        p50Ms
        p95Ms
        turns
      }
    }
  }
`);

const CancelCallDocument = graphql(`
  mutation CancelCall($id: ID!) {
    cancelCall(id: $id) {
      id
      status
    }
  }
`);

export const CALL_STATUSES: CallStatus[] = ['QUEUED', 'RINGING', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'CANCELED'];
const OPEN = new Set(['queued', 'ringing', 'in_progress']);

export function CallsPage() {
  const [status, setStatus] = useUrlFilter('status');
  const cursor = usePageCursor();
  const socketUp = useLiveCalls();
  const calls = useQuery({
    queryKey: ['calls', status, cursor.after],
    queryFn: () => execute(CallsDocument, { status: CALL_STATUSES.find((s) => lower(s) === status) ?? null, after: cursor.after ?? null }),
    ...livePage(cursor, socketUp),
  });
  const page = calls.data?.calls;
  return (
    <Page
      title="Calls"
      actions={
        <Link className="button primary" to="/calls/new">
          Place a test call
        </Link>
      }
    >
      <div className="filters">
        <FilterSelect label="Status" value={status} onChange={setStatus} options={CALL_STATUSES.map((s) => [lower(s), words(s)] as const)} />
        {cursor.depth === 0 && <LiveIndicator socketUp={socketUp} inline />}
      </div>
      <ErrorNotice error={calls.error} />
      <DataTable<CallRow>
        caption="Calls, newest first"
        testId="calls-table"
        liveRows
        loading={calls.isPending}
        stale={calls.isPlaceholderData}
        loadingWhat="Loading calls"
        rows={page?.nodes}
        rowKey={(c) => c.id}
        rowProps={(c) => ({ 'data-call-id': c.id })}
        empty={status ? `No ${status.replace('_', ' ')} calls.` : 'No calls yet. Place a test call to see one here.'}
        columns={[
          { header: 'To', cell: (c) => <Link to={`/calls/${c.id}`}>{c.to}</Link> },
          { header: 'Status', cell: (c) => <StatusBadge value={c.status} /> },
          { header: 'Outcome', cell: (c) => words(c.disposition) },
          { header: 'Duration', cell: (c) => (c.durationSeconds != null ? `${c.durationSeconds} s` : '—') },
          { header: 'Created', cell: (c) => <Time value={c.createdAt} /> },
        ]}
      />
      {page && <Pager hasNext={page.pageInfo.hasNextPage} endCursor={page.pageInfo.endCursor} cursor={cursor} />}
    </Page>
  );
}

type CallRow = CallsQuery['calls']['nodes'][number];
type Turn = NonNullable<NonNullable<CallQuery['call']['turns']>[number]>;

/** m:ss.t of a recording offset. */
function offset(ms: number): string {
  const s = ms / 1000;
  return `${Math.floor(s / 60)}:${(s % 60).toFixed(1).padStart(4, '0')}`;
}

/** Plays the recording from `ms` (loading it first when the player has not yet). */
function seek(audio: HTMLAudioElement | null, ms: number): void {
  if (!audio) return;
  const go = () => {
    audio.currentTime = ms / 1000;
    void audio.play().catch(() => undefined);
  };
  if (audio.readyState >= 1) go();
  else {
    audio.addEventListener('loadedmetadata', go, { once: true });
    audio.load();
  }
}

/** The conversation turn by turn under the player: a turn's button plays the recording from where it starts. */
function Turns({ turns, audio, canSeek, playing }: { turns: Turn[]; audio: RefObject<HTMLAudioElement | null>; canSeek: boolean; playing: number }) {
  return (
    <ol className="turns" data-testid="turns" aria-label="Turns of the conversation">
      {turns.map((t, i) => {
        const who = t.speaker === 'AGENT' ? 'Agent' : 'Callee';
        const body = (
          <>
            <span className="turn-time">{offset(t.startMs)}</span>
            <span className="turn-who">{who}</span>
            <span className="turn-text">{t.text}</span>
            {t.interrupted && <span className="badge badge-interrupted">interrupted</span>}
            {t.latency && (
              <span className="turn-latency" title={`end of turn ${t.latency.endOfTurnMs} ms, recognition ${t.latency.recognitionMs} ms, decision ${t.latency.decisionMs} ms, synthesis ${t.latency.synthesisMs} ms`}>
                <span className="sr-only">answered after </span>
                {t.latency.totalMs} ms
              </span>
            )}
          </>
        );
        return (
          <li key={i} className={`turn turn-${t.speaker.toLowerCase()}${i === playing ? ' turn-playing' : ''}`} data-testid="turn" data-speaker={t.speaker.toLowerCase()} data-playing={i === playing ? 'true' : undefined}>
            {canSeek ? (
              <button type="button" className="turn-seek" onClick={() => seek(audio.current, t.startMs)} aria-current={i === playing ? 'true' : undefined}>
                <span className="sr-only">Play from </span>
                {body}
              </button>
            ) : (
              <div className="turn-seek">{body}</div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

export function CallDetailPage() {
  const { id = '' } = useParams();
  const socketUp = useLiveCalls();
  const call = useQuery({
    queryKey: ['call', id],
    queryFn: () => execute(CallDocument, { id }),
    // Live until the call is over and analyzed (transcript and recording arrive after the end).
    refetchInterval: (q) => {
      if (socketUp) return false;
      const c = q.state.data?.call;
      return !c || OPEN.has(lower(c.status)) || (lower(c.status) === 'completed' && !c.recordingUrl) ? livePolling(true).refetchInterval : false;
    },
  });
  const cancel = useMutation({ mutationFn: () => execute(CancelCallDocument, { id }), onSuccess: () => void call.refetch() });
  const c = call.data?.call;
  const player = useRef<HTMLAudioElement>(null);
  const position = usePlayPosition(player, !!c?.recordingUrl);
  const turns = c?.turns ?? [];
  const playing = position > 0 ? turns.findIndex((t) => position >= t.startMs && position < t.endMs) : -1;
  return (
    <Page title={c ? `Call to ${c.to}` : 'Call'}>
      <p>
        <Link to="/calls">← All calls</Link>
      </p>
      <ErrorNotice error={call.error ?? cancel.error} />
      {call.isPending && <Loading what="Loading the call" />}
      {c && (
        <div className="grid">
          <div className="card">
            <h2>Summary</h2>
            <dl className="facts">
              <dt>Status</dt>
              <dd data-testid="call-status">
                <StatusBadge value={c.status} />
              </dd>
              <dt>Outcome</dt>
              <dd>{words(c.disposition)}</dd>
              <dt>To</dt>
              <dd>{c.to}</dd>
              <dt>From</dt>
              <dd>{c.from ?? '—'}</dd>
              <dt>Duration</dt>
              <dd>{c.durationSeconds != null ? `${c.durationSeconds} s (max ${c.maxDurationSeconds} s)` : `max ${c.maxDurationSeconds} s`}</dd>
              {c.callerName && (
                <>
                  <dt>On behalf of</dt>
                  <dd>{c.callerName}</dd>
                </>
              )}
              {c.optedOut && (
                <>
                  <dt>Opted out</dt>
                  <dd>Yes: the number is on the suppression list</dd>
                </>
              )}
              {c.callbackAt && (
                <>
                  <dt>Call back at</dt>
                  <dd>
                    <Time value={c.callbackAt} />
                  </dd>
                </>
              )}
              {c.latency && c.latency.turns > 0 && (
                <>
                  <dt>Turn latency</dt>
                  <dd data-testid="latency">
                    median {c.latency.p50Ms} ms, p95 {c.latency.p95Ms} ms ({c.latency.turns} turns)
                  </dd>
                </>
              )}
              <dt>Call id</dt>
              <dd>
                <code>{c.id}</code>
              </dd>
            </dl>
            {(lower(c.status) === 'queued' || lower(c.status) === 'ringing') && (
              <button type="button" className="danger" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
                Cancel call
              </button>
            )}
            <p>
              <Link to={`/deliveries?callId=${c.id}`}>Webhook deliveries for this call</Link>
            </p>
          </div>
          <div className="card">
            <h2>Timeline</h2>
            <ol className="timeline">
              <li>
                Created <Time value={c.createdAt} />
              </li>
              {c.startedAt && (
                <li>
                  Answered <Time value={c.startedAt} />
                </li>
              )}
              {c.endedAt && (
                <li>
                  Ended ({words(c.status)}
                  {c.disposition ? `, ${words(c.disposition)}` : ''}) <Time value={c.endedAt} />
                </li>
              )}
              {!c.endedAt && <li className="muted">In progress…</li>}
            </ol>
          </div>
          <div className="card wide">
            <h2>Recording</h2>
            {c.recordingUrl ? (
              <>
                <Suspense fallback={<Loading what="Loading the waveform" />}>
                  <Waveform url={c.recordingUrl} turns={turns} audio={player} positionMs={position} />
                </Suspense>
                <audio controls preload="none" src={c.recordingUrl} data-testid="recording" ref={player}>
                  <a href={c.recordingUrl}>Download the recording</a>
                </audio>
              </>
            ) : (
              <p className="muted">{OPEN.has(lower(c.status)) ? 'Available after the call.' : 'No recording.'}</p>
            )}
            {c.turns && c.turns.length > 0 && (
              <>
                <h3>Turns</h3>
                <Turns turns={c.turns} audio={player} canSeek={!!c.recordingUrl} playing={playing} />
              </>
            )}
          </div>
          <div className="card">
            <h2>Structured answers</h2>
            {c.structuredAnswers && Object.keys(c.structuredAnswers).length > 0 ? (
              <dl className="facts" data-testid="answers">
                {Object.entries(c.structuredAnswers).map(([k, v]) => (
                  <Fact key={k} label={k}>
                    {typeof v === 'string' ? v : JSON.stringify(v)}
                  </Fact>
                ))}
              </dl>
            ) : (
              <p className="muted">None{OPEN.has(lower(c.status)) ? ' yet' : ''}.</p>
            )}
          </div>
          <div className="card wide">
            <h2>Transcript</h2>
            {c.transcript ? <pre className="transcript" data-testid="transcript">{c.transcript}</pre> : <p className="muted">None{OPEN.has(lower(c.status)) ? ' yet' : ''}.</p>}
          </div>
          {c.task && (
            <div className="card wide">
              <h2>Task</h2>
              <p>{c.task}</p>
            </div>
          )}
        </div>
      )}
    </Page>
  );
}

const TEST_NUMBERS: Array<[string, string]> = [
  ['+15550100000', 'answered by a person: completed, with transcript, answers and recording'],
  ['+15550100001', 'busy: failed'],
  ['+15550100002', 'no answer: failed'],
  ['+15550100003', 'invalid number: failed at once, never rings'],
  ['+15550100004', 'voicemail: completed'],
  ['+15550100005', 'carrier error: failed'],
  ['+15550100006', 'asks not to be called again: completed, opted out'],
  ['+15550100007', 'wrong number: completed, never called again by a campaign'],
  ['+15550100008', 'asks to be called back tomorrow: completed, callback requested'],
];

export function PlaceCallPage() {
  const navigate = useNavigate();
  const [to, setTo] = useState(TEST_NUMBERS[0]![0]);
  const place = useMutation({
    mutationFn: (v: { to: string; task: string; question: string }) =>
      placeTestCall({
        to: v.to,
        ...(v.task ? { task: v.task } : {}),
        ...(v.question ? { questions: [{ key: 'answer', text: v.question, type: 'STRING' as const }] } : {}),
      }),
    onSuccess: (id) => navigate(`/calls/${id}`),
  });
  return (
    <Page title="Place a test call">
      <div className="card">
        <p>
          The built-in simulator answers every call; the <strong>last four digits</strong> of the number choose the outcome:
        </p>
        <ul className="numbers">
          {TEST_NUMBERS.map(([n, what]) => (
            <li key={n}>
              <button type="button" className="link" onClick={() => setTo(n)} aria-label={`Use ${n}: ${what}`}>
                <code>…{n.slice(-4)}</code>
              </button>{' '}
              {what}
            </li>
          ))}
        </ul>
        <p className="muted">Any other ending is answered by a person.</p>
      </div>
      <form
        className="card form"
        onSubmit={(e: FormEvent<HTMLFormElement>) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          place.mutate({ to: to.trim(), task: String(f.get('task')).trim(), question: String(f.get('question')).trim() });
        }}
      >
        <label>
          Number to call (E.164)
          <input name="to" value={to} onChange={(e) => setTo(e.target.value)} required pattern="\+[1-9][0-9]{7,14}" inputMode="tel" />
        </label>
        <label>
          Task for the agent <span className="muted">(optional)</span>
          <input name="task" defaultValue="Confirm tomorrow's appointment." />
        </label>
        <label>
          One question to ask <span className="muted">(optional)</span>
          <input name="question" defaultValue="Will you attend?" />
        </label>
        <ErrorNotice error={place.error} />
        <button type="submit" className="primary" disabled={place.isPending}>
          {place.isPending ? 'Placing…' : 'Place call'}
        </button>
      </form>
    </Page>
  );
}
