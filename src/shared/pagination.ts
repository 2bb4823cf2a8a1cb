import { QueryOrder, type EntityManager, type EntityName, type FilterQuery, type QueryOrderMap } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { AppError } from './errors';
import { isUuid } from './ids';

/**
 * Cursor pagination, newest first. Ids are UUIDv7 (time-ordered), so the id alone is a stable
 * keyset: `id < cursor order by id desc`. The cursor is opaque to clients.
 */
export const pageSchema = z.object({
  limit: z.coerce.number().int('must be an integer').min(1, 'must be at least 1').max(100, 'must be at most 100').default(20),
  cursor: z.string().max(200).optional(),
});
export type PageInput = z.input<typeof pageSchema>;

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

export const encodeCursor = (id: string): string => Buffer.from(`v1:${id}`).toString('base64url');

export function decodeCursor(cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const id = text.startsWith('v1:') ? text.slice(3) : '';
  if (!isUuid(id)) {
    throw new AppError('validation_error', 'The request is invalid.', { errors: [{ field: 'cursor', message: 'is not a valid cursor' }] });
  }
  return id;
}

export async function paginate<T extends { id: string }>(
  em: EntityManager,
  entity: EntityName<T>,
  where: FilterQuery<T>,
  page: { limit: number; cursor?: string },
): Promise<Page<T>> {
  const filter = page.cursor ? ({ $and: [where, { id: { $lt: decodeCursor(page.cursor) } }] } as FilterQuery<T>) : where;
  const rows = await em.find(entity, filter, { orderBy: { id: QueryOrder.DESC } as QueryOrderMap<T>, limit: page.limit + 1 });
  const hasMore = rows.length > page.limit;
  const data = hasMore ? rows.slice(0, page.limit) : rows;
  return { data, nextCursor: hasMore ? encodeCursor(data[data.length - 1]!.id) : null };
}
