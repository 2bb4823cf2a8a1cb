/**
 * Every node of a cursor-paged list, read page by page (for exports): `page(after)` fetches the
 * page after the cursor (null: the first one); the list ends at a page with no end cursor.
 */
export async function allPages<T>(page: (after: string | null) => Promise<{ nodes: T[]; endCursor?: string | null }>): Promise<T[]> {
  const rows: T[] = [];
  let after: string | null = null;
  do {
    const p = await page(after);
    rows.push(...p.nodes);
    after = p.endCursor ?? null;
  } while (after);
  return rows;
}
