import { QueryOrder, Utils, type EntityManager, type EntityMetadata, type EntityName, type EntityProperty, type FilterQuery, type Platform, type QueryOrderMap } from '@mikro-orm/postgresql';
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

/** `where`, restricted to the rows after the cursor (older ids), if there is one. */
function afterCursor<T extends { id: string }>(where: FilterQuery<T>, cursor: string | undefined): FilterQuery<T> {
  return cursor ? ({ $and: [where, { id: { $lt: decodeCursor(cursor) } }] } as FilterQuery<T>) : where;
}

/** A page from `limit + 1` rows fetched: the extra one only says that there is a next page. */
function toPage<T extends { id: string }>(rows: T[], limit: number): Page<T> {
  const hasMore = rows.length > limit;
  const data = hasMore ? rows.slice(0, limit) : rows;
  return { data, nextCursor: hasMore ? encodeCursor(data[data.length - 1]!.id) : null };
}

export async function paginate<T extends { id: string }>(
  em: EntityManager,
  entity: EntityName<T>,
  where: FilterQuery<T>,
  page: { limit: number; cursor?: string },
): Promise<Page<T>> {
  const filter = afterCursor(where, page.cursor);
  const rows = await em.find(entity, filter, { orderBy: { id: QueryOrder.DESC } as QueryOrderMap<T>, limit: page.limit + 1 });
  return toPage(rows, page.limit);
}

/** How one column of a row becomes the entity's property: its name, and the conversion it needs. */
interface ColumnReader {
  prop: string;
  column: string;
  convert: ((value: unknown) => unknown) | null;
}

const readers = new WeakMap<EntityMetadata, ColumnReader[]>();

/**
 * The persistent, eagerly loaded scalar properties of an entity, read the way MikroORM hydrates
 * them: dates through the platform's parser (the driver hands timestamps over as text), other
 * custom types (json) through the type's own conversion. Built once per entity from its metadata,
 * so a column added to an entity is read here too. Entities with relations or embeddables are not
 * supported (none of the listed ones has them).
 */
function columnReaders(meta: EntityMetadata, platform: Platform): ColumnReader[] {
  let list = readers.get(meta);
  if (list) return list;
  list = meta.props
    .filter((p) => p.persist !== false && !p.lazy && p.fieldNames?.length === 1)
    .map((p: EntityProperty) => {
      if (p.kind !== 'scalar' || p.embedded || p.embeddable) throw new Error(`paginateRows: ${meta.className}.${p.name} is not a plain column`);
      const type = p.customType;
      const convert =
        p.runtimeType === 'Date'
          ? (v: unknown) => (typeof v === 'string' ? platform.parseDate(v) : v)
          : type && type.convertToJSValue !== undefined
            ? (v: unknown) => (v === null ? null : type.convertToJSValue(v, platform))
            : null;
      return { prop: p.name, column: p.fieldNames[0]!, convert };
    });
  readers.set(meta, list);
  return list;
}

/**
 * `paginate` for read-only lists on hot paths: the same statement (keyset on id, newest first,
 * MikroORM's translation of `where`), but the rows come back as plain objects with the entity's
 * property names and types instead of managed entities. Hydrating, tracking and registering 50
 * entities in the identity map cost more CPU than the rest of the request (bench/README.md, "Data
 * at scale"). The objects are not in the unit of work: nothing is flushed if they are changed.
 * Lazy properties are not read, as with `em.find`.
 */
export async function paginateRows<T extends { id: string }>(
  em: EntityManager,
  entity: EntityName<T>,
  where: FilterQuery<T>,
  page: { limit: number; cursor?: string },
): Promise<Page<T>> {
  const meta = em.getMetadata().get<T>(Utils.className(entity));
  const cols = columnReaders(meta, em.getPlatform());
  const filter = afterCursor(where, page.cursor);
  const qb = em
    .createQueryBuilder<T>(entity)
    .select(cols.map((c) => c.prop))
    .where(filter)
    .orderBy({ id: QueryOrder.DESC } as QueryOrderMap<T>)
    .limit(page.limit + 1);
  const raw = await qb.execute<Array<Record<string, unknown>>>('all', false);
  const rows = raw.map((r) => {
    const o: Record<string, unknown> = {};
    for (const c of cols) {
      const v = r[c.column];
      o[c.prop] = c.convert && v !== null && v !== undefined ? c.convert(v) : v;
    }
    return o as T;
  });
  return toPage(rows, page.limit);
}
