import { useMutation } from '@tanstack/react-query';
import { useMemo, useState, type DragEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { execute } from '../api/client';
import { QuestionsEditor, restQuestions, type QuestionDraft } from '../components/questions-editor';
import { ErrorNotice, FieldError, Page, Time, fieldErrorId } from '../components/ui';
import { graphql } from '../gql';
import type { CampaignRecipientInput, RecipientsPreviewQuery } from '../gql/graphql';
import { batchesUnder, parseCsv, readFileText, type CsvTable } from '../lib/csv';

const PreviewDocument = graphql(`
  query RecipientsPreview($input: PreviewRecipientsInput!) {
    previewCampaignRecipients(input: $input) {
      total
      valid
      invalid
      suppressed
      duplicates
      rows {
        index
        to
        errors {
          field
          message
        }
        timeZones
        timeZoneSource
        firstCallAt
        suppressed
        duplicate
      }
    }
  }
`);

const CreateDocument = graphql(`
  mutation CreateCampaignFromFile($input: CreateCampaignInput!) {
    createCampaign(input: $input) {
      id
    }
  }
`);

const AppendDocument = graphql(`
  mutation AppendCampaignRecipients($id: ID!, $recipients: [CampaignRecipientInput!]!, $idempotencyKey: String) {
    addCampaignRecipients(id: $id, recipients: $recipients, idempotencyKey: $idempotencyKey) {
      id
    }
  }
`);

const PREVIEW_PAGE = 50;
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const NUMBER_HEADER = /^(phone|phone[ _-]?number|number|to|mobile|tel|telephone|msisdn)$/i;
const ZONE_HEADER = /^(time[ _-]?zone|tz|zone)$/i;

type PreviewRow = RecipientsPreviewQuery['previewCampaignRecipients']['rows'][number];
interface Preview {
  total: number;
  valid: number;
  invalid: number;
  suppressed: number;
  duplicates: number;
  rows: PreviewRow[];
}
interface Mapping {
  number: number;
  zone: number | null;
  metadata: number[];
}

function guessMapping(t: CsvTable): Mapping {
  const number = Math.max(0, t.headers.findIndex((h) => NUMBER_HEADER.test(h)));
  const zone = t.headers.findIndex((h) => ZONE_HEADER.test(h));
  return { number, zone: zone >= 0 ? zone : null, metadata: t.headers.map((_, i) => i).filter((i) => i !== number && i !== zone) };
}

function recipientsOf(t: CsvTable, m: Mapping): CampaignRecipientInput[] {
  return t.rows.map((row) => {
    // Spaces, dashes, dots and brackets people type in numbers are dropped: "+1 (415) 555-0123" → +14155550123.
    const raw = (row[m.number] ?? '').trim();
    const r: CampaignRecipientInput = { to: raw.startsWith('+') ? `+${raw.slice(1).replace(/[\s().-]/g, '')}` : raw };
    const zone = m.zone !== null ? (row[m.zone] ?? '').trim() : '';
    if (zone) r.timeZone = zone;
    if (m.metadata.length) {
      const meta: Record<string, string> = {};
      for (const i of m.metadata) if (t.headers[i] && row[i] !== undefined && row[i] !== '') meta[t.headers[i]!] = row[i]!;
      if (Object.keys(meta).length) r.metadata = meta;
    }
    return r;
  });
}

/** The form's window, zone and start: what a preview is checked against and the campaign gets. */
interface Schedule {
  timeZone: string;
  startAt: string;
  days: string[];
  start: string;
  end: string;
  anyTime: boolean;
}
const windowOf = (s: Schedule) => (s.anyTime ? null : { days: s.days, start: s.start, end: s.end });
const isoOrNull = (local: string) => (local ? new Date(local).toISOString() : null);

export function NewCampaignPage() {
  const navigate = useNavigate();
  const [fileName, setFileName] = useState<string | null>(null);
  const [table, setTable] = useState<CsvTable | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [dragging, setDragging] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewPage, setPreviewPage] = useState(0);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [questions, setQuestions] = useState<QuestionDraft[]>([{ key: 'coming', question: 'Will you come to your appointment?', type: 'boolean', options: '' }]);
  const [schedule, setSchedule] = useState<Schedule>({
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    startAt: '',
    days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    start: '09:00',
    end: '20:00',
    anyTime: false,
  });
  const recipients = useMemo(() => (table && mapping ? recipientsOf(table, mapping) : []), [table, mapping]);
  const [progressNote, setProgressNote] = useState<string | null>(null);

  const load = async (file: File | undefined) => {
    if (!file) return;
    setPreview(null);
    setFileError(null);
    try {
      const t = parseCsv(await readFileText(file));
      if (t.headers.length === 0 || t.rows.length === 0) throw new Error('The file has no rows under its header line.');
      setFileName(file.name);
      setTable(t);
      setMapping(guessMapping(t));
    } catch (e) {
      setTable(null);
      setFileError(e instanceof Error ? e.message : 'The file could not be read.');
    }
  };

  const check = useMutation({
    mutationFn: async () => {
      const batches = batchesUnder(recipients);
      const out: Preview = { total: 0, valid: 0, invalid: 0, suppressed: 0, duplicates: 0, rows: [] };
      const seen = new Set<string>();
      let offset = 0;
      for (const [i, batch] of batches.entries()) {
        setProgressNote(`Checking rows… (${i + 1} of ${batches.length})`);
        const p = (await execute(PreviewDocument, { input: { recipients: batch, timeZone: schedule.timeZone, callingWindow: windowOf(schedule), startAt: isoOrNull(schedule.startAt) } })).previewCampaignRecipients;
        for (const r of p.rows) {
          // Repeats across batches too: the server sees one batch at a time.
          const duplicate = r.duplicate || (!!r.to && seen.has(r.to));
          if (r.to) seen.add(r.to);
          out.rows.push({ ...r, index: r.index + offset, duplicate, errors: r.errors.map((e) => ({ ...e, field: e.field.replace(/^recipients\.(\d+)/, (_, n: string) => `row ${Number(n) + offset + 1}`) })) });
        }
        offset += batch.length;
      }
      out.total = out.rows.length;
      out.invalid = out.rows.filter((r) => r.errors.length > 0).length;
      out.valid = out.total - out.invalid;
      out.suppressed = out.rows.filter((r) => r.suppressed).length;
      out.duplicates = out.rows.filter((r) => r.duplicate).length;
      return out;
    },
    onSuccess: (p) => {
      setPreview(p);
      setPreviewPage(0);
      setOnlyProblems(p.invalid > 0);
    },
    onSettled: () => setProgressNote(null),
  });

  const create = useMutation({
    mutationFn: async (form: { name: string; task: string; endAt: string; maxConcurrent: number; perSecond: number; busy: number; noAnswer: number; voicemail: number; maxAttempts: number }) => {
      const batches = batchesUnder(recipients);
      // One key per confirmation: a retried request is answered with the first one's result.
      const run = crypto.randomUUID();
      setProgressNote(`Creating the campaign… (1 of ${batches.length})`);
      const created = await execute(CreateDocument, {
        input: {
          name: form.name,
          task: form.task || null,
          questions: restQuestions(questions),
          timeZone: schedule.timeZone,
          callingWindow: windowOf(schedule),
          startAt: isoOrNull(schedule.startAt),
          endAt: isoOrNull(form.endAt),
          maxConcurrentCalls: form.maxConcurrent,
          maxCallsPerSecond: form.perSecond,
          retry: { busyAfterSeconds: form.busy * 60, noAnswerAfterSeconds: form.noAnswer * 60, voicemailAfterSeconds: form.voicemail * 60, maxAttempts: form.maxAttempts },
          recipients: batches[0] ?? [],
          idempotencyKey: `${run}-0`,
        },
      });
      const id = created.createCampaign.id;
      for (let i = 1; i < batches.length; i++) {
        setProgressNote(`Adding recipients… (${i + 1} of ${batches.length})`);
        await execute(AppendDocument, { id, recipients: batches[i]!, idempotencyKey: `${run}-${i}` });
      }
      return id;
    },
    onSuccess: (id) => navigate(`/campaigns/${id}`),
    onSettled: () => setProgressNote(null),
  });

  const headers = table?.headers ?? [];
  const shownRows = (preview?.rows ?? []).filter((r) => !onlyProblems || r.errors.length > 0 || r.suppressed || r.duplicate);
  const pageRows = shownRows.slice(previewPage * PREVIEW_PAGE, (previewPage + 1) * PREVIEW_PAGE);
  const pages = Math.max(1, Math.ceil(shownRows.length / PREVIEW_PAGE));
  const ready = preview !== null && preview.invalid === 0 && preview.valid > 0;
  const stale = () => setPreview(null);

  return (
    <Page title="New campaign">
      <form
        className="card form wide-form"
        aria-label="New campaign"
        onSubmit={(e: FormEvent<HTMLFormElement>) => {
          e.preventDefault();
          if (!ready) return;
          const f = new FormData(e.currentTarget);
          const n = (k: string) => Number(f.get(k));
          create.mutate({
            name: String(f.get('name')).trim(),
            task: String(f.get('task')).trim(),
            endAt: String(f.get('endAt') ?? ''),
            maxConcurrent: n('maxConcurrent'),
            perSecond: n('perSecond'),
            busy: n('busy'),
            noAnswer: n('noAnswer'),
            voicemail: n('voicemail'),
            maxAttempts: n('maxAttempts'),
          });
        }}
      >
        <fieldset>
          <legend>1. Recipients from a CSV file</legend>
          <div
            className={`dropzone${dragging ? ' dragging' : ''}`}
            data-testid="dropzone"
            onDragOver={(e: DragEvent) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(e: DragEvent) => {
              e.preventDefault();
              setDragging(false);
              void load(e.dataTransfer.files[0]);
            }}
          >
            <p>Drop a CSV file here, or</p>
            <label>
              Choose a CSV file
              <input type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void load(e.target.files?.[0])} />
            </label>
            <p className="muted small">One row per person with a header line: a phone number column (E.164, e.g. +14155550123), optionally a time zone column; other columns become each call's metadata.</p>
          </div>
          {fileError && (
            <p className="error" role="alert">
              {fileError}
            </p>
          )}
          {table && mapping && (
            <div className="mapping" data-testid="mapping">
              <p role="status">
                <strong>{fileName}</strong>: {table.rows.length} rows, columns {headers.join(', ')}.
              </p>
              <label>
                Phone number column
                <select
                  value={mapping.number}
                  onChange={(e) => {
                    const number = Number(e.target.value);
                    setMapping({ ...mapping, number, metadata: mapping.metadata.filter((i) => i !== number) });
                    stale();
                  }}
                >
                  {headers.map((h, i) => (
                    <option key={i} value={i}>
                      {h || `column ${i + 1}`}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                Time zone column <span className="muted">(optional: else from the number, else the campaign's)</span>
                <select
                  value={mapping.zone ?? ''}
                  onChange={(e) => {
                    const zone = e.target.value === '' ? null : Number(e.target.value);
                    setMapping({ ...mapping, zone, metadata: mapping.metadata.filter((i) => i !== zone) });
                    stale();
                  }}
                >
                  <option value="">none</option>
                  {headers.map((h, i) => (
                    <option key={i} value={i} disabled={i === mapping.number}>
                      {h || `column ${i + 1}`}
                    </option>
                  ))}
                </select>
              </label>
              <fieldset className="checks">
                <legend>Columns kept as metadata</legend>
                {headers.map((h, i) =>
                  i === mapping.number || i === mapping.zone ? null : (
                    <label key={i} className="check">
                      <input
                        type="checkbox"
                        checked={mapping.metadata.includes(i)}
                        onChange={(e) => {
                          setMapping({ ...mapping, metadata: e.target.checked ? [...mapping.metadata, i] : mapping.metadata.filter((x) => x !== i) });
                          stale();
                        }}
                      />{' '}
                      {h || `column ${i + 1}`}
                    </label>
                  ),
                )}
              </fieldset>
            </div>
          )}
        </fieldset>

        <fieldset>
          <legend>2. When to call</legend>
          <label>
            Campaign time zone <span className="muted">(for numbers whose zone is unknown)</span>
            <input
              name="timeZone"
              value={schedule.timeZone}
              onChange={(e) => {
                setSchedule({ ...schedule, timeZone: e.target.value });
                stale();
              }}
              required
            />
          </label>
          <label>
            Start <span className="muted">(empty: at once)</span>
            <input
              type="datetime-local"
              name="startAt"
              value={schedule.startAt}
              onChange={(e) => {
                setSchedule({ ...schedule, startAt: e.target.value });
                stale();
              }}
            />
          </label>
          <label>
            End <span className="muted">(optional: nobody new is called after it)</span>
            <input type="datetime-local" name="endAt" />
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={schedule.anyTime}
              onChange={(e) => {
                setSchedule({ ...schedule, anyTime: e.target.checked });
                stale();
              }}
            />{' '}
            Call at any time (no calling window)
          </label>
          {!schedule.anyTime && (
            <fieldset className="checks">
              <legend>Calling window, in each person's own time zone</legend>
              {DAYS.map((d) => (
                <label key={d} className="check">
                  <input
                    type="checkbox"
                    checked={schedule.days.includes(d)}
                    onChange={(e) => {
                      setSchedule({ ...schedule, days: e.target.checked ? DAYS.filter((x) => x === d || schedule.days.includes(x)) : schedule.days.filter((x) => x !== d) });
                      stale();
                    }}
                  />{' '}
                  {d}
                </label>
              ))}
              <label>
                From
                <input
                  type="time"
                  value={schedule.start}
                  onChange={(e) => {
                    setSchedule({ ...schedule, start: e.target.value });
                    stale();
                  }}
                  required
                />
              </label>
              <label>
                Until
                <input
                  type="time"
                  value={schedule.end === '24:00' ? '23:59' : schedule.end}
                  onChange={(e) => {
                    setSchedule({ ...schedule, end: e.target.value });
                    stale();
                  }}
                  required
                />
              </label>
            </fieldset>
          )}
        </fieldset>

        <fieldset>
          <legend>3. Check the recipients</legend>
          <button type="button" onClick={() => check.mutate()} disabled={recipients.length === 0 || check.isPending}>
            {check.isPending ? 'Checking…' : 'Check recipients'}
          </button>
          {progressNote && (
            <span role="status" className="muted">
              {progressNote}
            </span>
          )}
          <ErrorNotice error={check.error} />
          {preview && (
            <div data-testid="preview">
              <p role="status" className={preview.invalid ? 'error' : 'notice'}>
                {preview.total} rows: {preview.valid} valid, {preview.invalid} with errors, {preview.suppressed} on the do-not-call list (never called), {preview.duplicates} repeated.
                {preview.invalid > 0 ? ' Fix the file (or the column choice) and load it again: a campaign is created only from a list without errors.' : ''}
              </p>
              <label className="check">
                <input type="checkbox" checked={onlyProblems} onChange={(e) => (setOnlyProblems(e.target.checked), setPreviewPage(0))} /> Only rows with errors or warnings
              </label>
              <div className="table-wrap">
                <table data-testid="preview-table">
                  <caption className="sr-only">Recipients as they would be created</caption>
                  <thead>
                    <tr>
                      <th scope="col">Row</th>
                      <th scope="col">Number</th>
                      <th scope="col">Time zone</th>
                      <th scope="col">First call</th>
                      <th scope="col">Notes</th>
                    </tr>
                  </thead>
                  <tbody>
                    {pageRows.map((r) => (
                      <tr key={r.index} className={r.errors.length ? 'row-error' : undefined} data-row={r.index + 1}>
                        <td>{r.index + 1}</td>
                        <td>{r.to ?? <span className="muted">{recipients[r.index]?.to || '(empty)'}</span>}</td>
                        <td>
                          {r.timeZones.join(' + ') || '—'}
                          {r.timeZoneSource && <div className="muted small">from the {r.timeZoneSource === 'given' ? 'file' : r.timeZoneSource}</div>}
                        </td>
                        <td>
                          <Time value={r.firstCallAt} />
                        </td>
                        <td>
                          {r.errors.map((e) => (
                            <div key={e.field} className="field-error">
                              {e.field.replace(/^row \d+\.?/, '').replace('time_zone', 'time zone') || 'row'}: {e.message}
                            </div>
                          ))}
                          {r.suppressed && <div>on the do-not-call list: never called</div>}
                          {r.duplicate && <div>repeats an earlier row</div>}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {pages > 1 && (
                <nav className="pager" aria-label="Preview pages">
                  <button type="button" onClick={() => setPreviewPage(previewPage - 1)} disabled={previewPage === 0}>
                    ← Previous
                  </button>
                  <span className="muted">
                    Page {previewPage + 1} of {pages}
                  </span>
                  <button type="button" onClick={() => setPreviewPage(previewPage + 1)} disabled={previewPage + 1 >= pages}>
                    Next →
                  </button>
                </nav>
              )}
            </div>
          )}
        </fieldset>

        <fieldset>
          <legend>4. What the agent does</legend>
          <label>
            Campaign name
            <input name="name" required maxLength={200} aria-describedby={fieldErrorId('name')} />
            <FieldError error={create.error} field="name" />
          </label>
          <label>
            Task for the agent
            <textarea name="task" rows={3} defaultValue="Remind the patient of tomorrow's appointment and ask whether they will come." />
          </label>
          <QuestionsEditor questions={questions} onChange={setQuestions} error={create.error} idPrefix="campaign" />
        </fieldset>

        <fieldset>
          <legend>5. Pace and retries</legend>
          <label>
            Calls at once, at most
            <input type="number" name="maxConcurrent" min={1} max={1000} defaultValue={5} required />
          </label>
          <label>
            Calls started per second, at most
            <input type="number" name="perSecond" min={0.01} max={1000} step="any" defaultValue={1} required />
          </label>
          <label>
            Retry a busy line after (minutes)
            <input type="number" name="busy" min={1} max={43200} defaultValue={10} required />
          </label>
          <label>
            Retry an unanswered call after (minutes)
            <input type="number" name="noAnswer" min={1} max={43200} defaultValue={60} required />
          </label>
          <label>
            Retry after voicemail after (minutes)
            <input type="number" name="voicemail" min={1} max={43200} defaultValue={240} required />
          </label>
          <label>
            Attempts per person, at most
            <input type="number" name="maxAttempts" min={1} max={10} defaultValue={3} required />
          </label>
        </fieldset>

        <ErrorNotice error={create.error} fields={['name', 'questions']} />
        <p className="muted">{ready ? `${preview.valid} recipients will be added. Nothing is created until you confirm.` : 'Check the recipients first: nothing is created until you confirm.'}</p>
        <button type="submit" className="primary" disabled={!ready || create.isPending}>
          {create.isPending ? 'Creating…' : 'Create campaign'}
        </button>
      </form>
    </Page>
  );
}
