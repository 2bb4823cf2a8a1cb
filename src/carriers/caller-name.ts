import type { Pool } from 'pg';

/**
 * Who the agent says it calls on behalf of: the organization's name (null when it has none, then
 * the agent says "our client").
 */
export async function organizationName(pool: Pick<Pool, 'query'>, orgId: string): Promise<string | null> {
  const { rows } = await pool.query<{ name: string | null }>('select name from organizations where id = $1', [orgId]);
  return rows[0]?.name?.trim() || null;
}
