/** A `$n` statement for MikroORM's execute(), which takes positional `?` placeholders. */
export function toPositional(text: string, params: readonly unknown[]): { sql: string; values: unknown[] } {
  const values: unknown[] = [];
  const sql = text.replace(/\$(\d+)/g, (_m, n: string) => {
    values.push(params[Number(n) - 1]);
    return '?';
  });
  return { sql, values };
}
