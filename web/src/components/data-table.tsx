import type { ReactNode } from 'react';
import { Empty, Loading } from './ui';

/** One column: its header and what each row shows in it. A column given as `false` is left out (an owners-only Actions column). */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/**
 * The list shape the settings and admin pages share: "Loading…" while the first answer is on its
 * way, the empty message when the list is empty, else a scrollable table with a caption for
 * screen readers. `rows` undefined after loading (the request failed) shows the bare table: the
 * page's error notice says why.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowProps,
  loading,
  loadingWhat,
  empty,
  testId,
  liveRows = false,
  stale = false,
}: {
  caption: string;
  columns: Array<Column<T> | false>;
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  /** Extra attributes of a row (`data-org-id`), for tests and styles. */
  rowProps?: (row: T) => Record<`data-${string}`, string>;
  loading: boolean;
  /** What is loading, in words ("Loading calls"). */
  loadingWhat?: string;
  empty: ReactNode;
  /** The table's data-testid. */
  testId?: string;
  /** Rows that change while shown (a live list): screen readers announce the changes. */
  liveRows?: boolean;
  /**
   * The rows shown are the previous answer's while a new one (another filter, search or page)
   * loads: the table says it is busy (aria-busy), so assistive technology and tests wait for it.
   */
  stale?: boolean;
}) {
  if (loading) return <Loading what={loadingWhat} />;
  if (rows?.length === 0) return <Empty>{empty}</Empty>;
  const shown = columns.filter((c): c is Column<T> => c !== false);
  return (
    <div className="table-wrap">
      <table data-testid={testId} aria-busy={stale || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {shown.map((c) => (
              <th scope="col" key={c.header}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody aria-live={liveRows ? 'polite' : undefined}>
          {rows?.map((r) => (
            <tr key={rowKey(r)} {...rowProps?.(r)}>
              {shown.map((c) => (
                <td key={c.header}>{c.cell(r)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
