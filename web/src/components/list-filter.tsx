import { useSearchParams } from 'react-router';

/**
 * A list's filter kept in the URL (`?status=failed`), so reload and shared links keep it. Changing
 * it goes back to the first page: the cursors walked through (usePageCursor) belong to the old filter.
 */
export function useUrlFilter(name: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = (value: string) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      n.delete('page');
      if (value) n.set(name, value);
      else n.delete(name);
      return n;
    });
  return [params.get(name) ?? '', set];
}

/** A labelled select of a list filter, "any" (the empty value) first. `options`: [value, words] pairs. */
export function FilterSelect({ label, value, onChange, options }: { label: string; value: string; onChange: (value: string) => void; options: ReadonlyArray<readonly [string, string]> }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">any</option>
        {options.map(([v, words]) => (
          <option key={v} value={v}>
            {words}
          </option>
        ))}
      </select>
    </label>
  );
}
