import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { describeError, fieldMessages } from '../api/errors';
import { lower, words } from '../api/words';

/** Sets document.title for the page. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · voicegate`;
  }, [title]);
}

export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <section aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">{title}</h1>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function Loading({ what = 'Loading' }: { what?: string }) {
  return (
    <p className="muted" role="status" aria-live="polite">
      {what}…
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}

/** `fields`: the fields whose errors are shown beside them (FieldError), left out of this list. */
export function ErrorNotice({ error, fields }: { error: unknown; fields?: readonly string[] }) {
  if (!error) return null;
  const { summary, details } = describeError(error, fields);
  return (
    <div className="error" role="alert">
      <strong>{summary}</strong>
      {details.length > 0 && (
        <ul>
          {details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The id of a field's error message, for the input's aria-describedby. */
export const fieldErrorId = (field: string) => `error-${field}`;

/**
 * The API's field errors of one form field, shown beside it. Give the input
 * `aria-describedby={fieldErrorId(field)}` and `aria-invalid` so a screen reader reads them with it.
 */
export function FieldError({ error, field, item }: { error: unknown; field: string; item?: string }) {
  const messages = fieldMessages(error, field, item);
  if (!messages.length) return null;
  return (
    <span className="field-error" id={fieldErrorId(field)}>
      {messages.join('; ')}
    </span>
  );
}

const fmt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A time in the viewer's own time zone; the exact UTC value on hover and for machines. */
export function Time({ value }: { value: string | null | undefined }) {
  if (!value) return <span className="muted">—</span>;
  const d = new Date(value);
  return (
    <time dateTime={d.toISOString()} title={d.toISOString()}>
      {fmt.format(d)}
    </time>
  );
}

/** One term and its value in a `<dl className="facts">`. */
export function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** An account's e-mail address, marked when it is not verified yet. */
export function Email({ address, verified }: { address: string; verified: boolean }) {
  return (
    <>
      {address} {!verified && <span className="muted">(unverified)</span>}
    </>
  );
}

export function StatusBadge({ value }: { value: string }) {
  return <span className={`badge badge-${lower(value)}`}>{words(value)}</span>;
}

/**
 * Cursor pagination that keeps its place: the cursors of the pages walked through are kept in the
 * URL (`?page=c1,c2`), so reload, back/forward and shared links land on the same page.
 */
export function usePageCursor(): { after: string | undefined; next: (cursor: string) => void; prev: () => void; depth: number; reset: () => void } {
  const [params, setParams] = useSearchParams();
  const stack = (params.get('page') ?? '').split(',').filter(Boolean);
  const write = (s: string[]) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      if (s.length) n.set('page', s.join(','));
      else n.delete('page');
      return n;
    });
  return {
    after: stack.at(-1),
    depth: stack.length,
    next: (cursor) => write([...stack, cursor]),
    prev: () => write(stack.slice(0, -1)),
    reset: () => write([]),
  };
}

export function Pager({ hasNext, endCursor, cursor }: { hasNext: boolean; endCursor: string | null | undefined; cursor: ReturnType<typeof usePageCursor> }) {
  if (!hasNext && cursor.depth === 0) return null;
  return (
    <nav className="pager" aria-label="Pagination">
      <button type="button" onClick={cursor.prev} disabled={cursor.depth === 0}>
        ← Newer
      </button>
      <span className="muted">Page {cursor.depth + 1}</span>
      <button type="button" onClick={() => endCursor && cursor.next(endCursor)} disabled={!hasNext}>
        Older →
      </button>
    </nav>
  );
}

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  return (
    <button
      type="button"
      onClick={(e) => {
        const b = e.currentTarget;
        void navigator.clipboard?.writeText(text).then(
          () => (b.textContent = 'Copied'),
          () => (b.textContent = 'Copy failed: select and copy by hand'),
        );
      }}
    >
      {label}
    </button>
  );
}
