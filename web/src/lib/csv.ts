import Papa from 'papaparse';

/** A file's rows as text cells, with its first row as the header (any delimiter, quotes, BOM). */
export interface CsvTable {
  headers: string[];
  rows: string[][];
}

/** Parses CSV text: the delimiter is guessed (comma, semicolon, tab), blank lines skipped. */
export function parseCsv(text: string): CsvTable {
  const out = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [headers = [], ...rows] = out.data;
  return { headers: headers.map((h) => h.trim()), rows };
}

/** Reads a dropped or chosen file as text. */
export const readFileText = (file: File): Promise<string> => file.text();

/**
 * CSV text from rows, with a header; cells that a spreadsheet would run as a formula (= + - @
 * first) are prefixed with a quote, so an export opened in a spreadsheet cannot execute anything.
 * Numbers in E.164 (+1415…) are the exception that would be hit most: they keep their plus and
 * are quoted as text instead.
 */
export function toCsv(headers: string[], rows: Array<Array<string | number | boolean | null | undefined>>): string {
  const safe = (v: string | number | boolean | null | undefined): string => {
    if (v === null || v === undefined) return '';
    const s = String(v);
    if (/^\+[1-9]\d{6,14}$/.test(s)) return s;
    return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  };
  return Papa.unparse({ fields: headers, data: rows.map((r) => r.map(safe)) }, { quotes: false, newline: '\r\n' });
}

/** Offers text as a file download (a Blob URL: no inline script, nothing sent to the server). */
export function download(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Requests stay under the API's 64 KiB body limit, whatever the items hold (a campaign's
 * recipients carry metadata columns), and under its 10,000 items a request.
 */
const BATCH_BYTES = 48 * 1024;
const BATCH_ITEMS = 10_000;

/** Splits items into batches whose JSON stays under `maxBytes` (the API's 64 KiB request limit). */
export function batchesUnder<T>(items: T[], maxBytes = BATCH_BYTES, maxItems = BATCH_ITEMS): T[][] {
  const out: T[][] = [];
  let cur: T[] = [];
  let size = 0;
  for (const it of items) {
    const n = JSON.stringify(it).length + 1;
    if (cur.length > 0 && (size + n > maxBytes || cur.length >= maxItems)) {
      out.push(cur);
      cur = [];
      size = 0;
    }
    cur.push(it);
    size += n;
  }
  if (cur.length) out.push(cur);
  return out;
}
