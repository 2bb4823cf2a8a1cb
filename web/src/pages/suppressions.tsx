import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { allPages } from '../api/all-pages';
import { execute } from '../api/client';
import { words } from '../api/words';
import { ConfirmButton } from '../components/confirm-button';
import { DataTable } from '../components/data-table';
import { ErrorNotice, FieldError, Page, Pager, Time, fieldErrorId, usePageCursor } from '../components/ui';
import { graphql } from '../gql';
import type { SuppressionListQuery } from '../gql/graphql';
import { batchesUnder, download, parseCsv, readFileText, toCsv } from '../lib/csv';

const SuppressionListDocument = graphql(`
  query SuppressionList($search: String, $after: String, $first: Int) {
    suppressions(search: $search, after: $after, first: $first) {
      nodes {
        number
        source
        createdAt
      }
      endCursor
      hasNextPage
    }
  }
`);

const AddDocument = graphql(`
  mutation AddDoNotCall($numbers: [String!]!) {
    addSuppressions(numbers: $numbers) {
      added
      numbers
    }
  }
`);

const ImportDocument = graphql(`
  mutation ImportDoNotCall($numbers: [String!]!) {
    importSuppressions(numbers: $numbers) {
      added
      numbers
    }
  }
`);

const RemoveDocument = graphql(`
  mutation RemoveDoNotCall($number: String!) {
    removeSuppression(number: $number)
  }
`);

/** Where an entry came from, in words. */
const SOURCE_WORDS: Record<string, string> = {
  dashboard: 'added by hand',
  api: 'added through the API',
  opt_out: 'opted out during a call',
  import: 'imported from a file',
};

/** The first column whose cells look like phone numbers, else the first column. */
function numbersFromCsv(text: string): string[] {
  const t = parseCsv(text);
  const all = [t.headers, ...t.rows];
  const looksLikeNumber = (v: string | undefined) => !!v && /^\+?[\d\s().-]{7,}$/.test(v.trim());
  const col = Math.max(0, (t.rows[0] ?? t.headers).findIndex(looksLikeNumber));
  // A header line that is itself a number is a row, not a header.
  return all
    .map((r) => (r[col] ?? '').trim())
    .filter((v) => looksLikeNumber(v))
    .map((v) => (v.startsWith('+') ? `+${v.slice(1).replace(/\D/g, '')}` : v.replace(/[\s().-]/g, '')));
}

type Entry = SuppressionListQuery['suppressions']['nodes'][number];

export function SuppressionsPage() {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const [typed, setTyped] = useState(search);
  const cursor = usePageCursor();
  const list = useQuery({
    queryKey: ['suppressions', search, cursor.after],
    queryFn: () => execute(SuppressionListDocument, { search: search || null, after: cursor.after ?? null, first: 25 }),
    placeholderData: (prev) => prev,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['suppressions'] });
  const [note, setNote] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (number: string) => execute(AddDocument, { numbers: [number] }),
    onSuccess: (r, number) => (setNote(r.addSuppressions.added ? `${number} added.` : `${number} was already on the list.`), refresh()),
  });
  const remove = useMutation({ mutationFn: (number: string) => execute(RemoveDocument, { number }), onSuccess: (_, number) => (setNote(`${number} removed.`), refresh()) });
  const importFile = useMutation({
    mutationFn: async (file: File) => {
      const numbers = [...new Set(numbersFromCsv(await readFileText(file)))];
      if (numbers.length === 0) throw new Error('No phone numbers found in that file.');
      let added = 0;
      for (const batch of batchesUnder(numbers)) added += (await execute(ImportDocument, { numbers: batch })).importSuppressions.added;
      return { added, numbers: numbers.length };
    },
    onSuccess: (r) => (setNote(`Imported ${r.numbers} numbers: ${r.added} new, ${r.numbers - r.added} already listed.`), refresh()),
  });
  const exportAll = useMutation({
    mutationFn: async () => {
      const rows = await allPages(async (after) => (await execute(SuppressionListDocument, { search: null, after, first: 100 })).suppressions);
      download('do-not-call.csv', toCsv(['number', 'source', 'created_at'], rows.map((r) => [r.number, r.source, r.createdAt])));
      return rows.length;
    },
    onSuccess: (n) => setNote(`Exported ${n} numbers.`),
  });
  const page = list.data?.suppressions;
  return (
    <Page title="Do-not-call list">
      <p className="muted">A number on this list is never called: a single call to it is refused, and a campaign skips it. Callees who ask not to be called again join it by themselves.</p>
      <div className="grid">
        <form
          className="card form"
          aria-label="Add a number"
          onSubmit={(e: FormEvent<HTMLFormElement>) => {
            e.preventDefault();
            const f = e.currentTarget;
            const number = String(new FormData(f).get('number')).trim();
            add.mutate(number, { onSuccess: () => f.reset() });
          }}
        >
          <h2>Add a number</h2>
          <label>
            Number (E.164)
            <input name="number" required inputMode="tel" placeholder="+14155550123" aria-describedby={fieldErrorId('numbers')} aria-invalid={add.error ? true : undefined} />
            <FieldError error={add.error} field="numbers" item="number" />
          </label>
          <ErrorNotice error={add.error} fields={['numbers']} />
          <button type="submit" className="primary" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add'}
          </button>
        </form>
        <div className="card form">
          <h2>Import and export</h2>
          <label>
            Import a CSV file of numbers
            <input type="file" accept=".csv,text/csv,text/plain" onChange={(e) => e.target.files?.[0] && importFile.mutate(e.target.files[0])} disabled={importFile.isPending} />
          </label>
          <p className="muted small">The first column holding phone numbers is read; entries are marked “imported from a file”.</p>
          <ErrorNotice error={importFile.error} />
          <button type="button" onClick={() => exportAll.mutate()} disabled={exportAll.isPending}>
            {exportAll.isPending ? 'Exporting…' : 'Export the list (CSV)'}
          </button>
          <ErrorNotice error={exportAll.error} />
        </div>
      </div>
      {note && (
        <p role="status" className="notice">
          {note}
        </p>
      )}
      <ErrorNotice error={remove.error} />
      <form
        className="filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setParams(typed.trim() ? { q: typed.trim() } : {});
        }}
      >
        <label>
          Search by digits
          <input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="555 01" aria-describedby={fieldErrorId('search')} />
        </label>
        <button type="submit">Search</button>
        <FieldError error={list.error} field="search" />
      </form>
      <ErrorNotice error={list.error} fields={['search']} />
      <DataTable<Entry>
        caption="Numbers on the do-not-call list, newest first"
        loading={list.isPending}
        stale={list.isPlaceholderData}
        rows={page?.nodes}
        rowKey={(r) => r.number}
        rowProps={(r) => ({ 'data-number': r.number })}
        empty={search ? `No listed number contains ${search}.` : 'The list is empty.'}
        columns={[
          { header: 'Number', cell: (r) => r.number },
          { header: 'Source', cell: (r) => SOURCE_WORDS[r.source] ?? words(r.source) },
          { header: 'Added', cell: (r) => <Time value={r.createdAt} /> },
          { header: 'Actions', cell: (r) => <ConfirmButton label="Remove" question={`Remove ${r.number}? It may be called again.`} onConfirm={() => remove.mutate(r.number)} busy={remove.isPending} /> },
        ]}
      />
      {page && <Pager hasNext={page.hasNextPage} endCursor={page.endCursor} cursor={cursor} />}
    </Page>
  );
}
