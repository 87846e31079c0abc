import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { caracasDayStart, parseDateParam } from '@recaudo/domain/dates';
import { MAX_PAGE_SIZE, type ListQuery, type Paged } from '@recaudo/domain/paging';
import { MAX_RECORD_ID } from '@recaudo/domain/validation';
import type { Executor } from '../db/client';
import { executeSql } from './render';

/**
 * Runs a paged list: `rows` receives the limit and offset and `count` the total for the "a-b de n"
 * counter. The page size is at most MAX_PAGE_SIZE (`per_page=Todos` included, listQuerySchema).
 */
export async function paginate<T>(
  query: Pick<ListQuery, 'page' | 'per_page'>,
  rows: (limit: number, offset: number) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<Paged<T>> {
  const perPage = Math.min(query.per_page, MAX_PAGE_SIZE);
  const [data, total] = await Promise.all([rows(perPage, (query.page - 1) * perPage), count()]);
  return { data, current_page: query.page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

/** One page of a large list (selectPage); a null limit is every row. */
export interface PageSelect {
  columns: SQL;
  /** A table, or a table with its joins as SQL. */
  from: PgTable | SQL;
  where: SQL | undefined;
  order: (SQL | PgColumn)[];
  limit: number | null;
  offset: number;
}

/**
 * The statement that chooses a page of the large lists (payments, clients, addresses): their ids
 * (and sort keys), written as one SQL template. Drizzle's select builder took about 50 µs of a
 * request's CPU to render the same statement (its `is()` type checks on every chunk), the largest
 * cost of ours in those requests; the template renders in a third of that.
 */
export const pageSelect = ({ columns, from, where, order, limit, offset }: PageSelect): SQL =>
  sql`select ${columns} from ${from}${where ? sql` where ${where}` : sql``} order by ${sql.join(order, sql`, `)}${
    limit === null ? sql`` : sql` limit ${limit}`
  }${offset ? sql` offset ${offset}` : sql``}`;

export async function selectPage<T>(db: Executor, page: PageSelect): Promise<T[]> {
  return executeSql<T>(db, pageSelect(page));
}

/**
 * The ORDER BY of a list: the sorter's field when the list allows it, else the default. A field
 * whose expression costs building (a ledger computation) may be given as a function, built only
 * when the list is sorted by it.
 */
export function sortOrder(
  sorter: ListQuery['sorter'],
  allowed: Record<string, PgColumn | SQL | (() => SQL)>,
  fallback: SQL | PgColumn,
  tieBreaker?: PgColumn,
): (SQL | PgColumn)[] {
  const field = sorter?.field ? allowed[sorter.field] : undefined;
  const column = typeof field === 'function' ? field() : field;
  const order = sorter?.order?.toLowerCase().startsWith('desc') ? desc : asc;
  const primary = column && sorter?.order ? order(column) : fallback;
  return tieBreaker ? [primary, asc(tieBreaker)] : [primary];
}

const escapeLike = (search: string) => search.replace(/[\\%_]/g, (match) => `\\${match}`);

/** `%text%` for ILIKE with the user's wildcards taken literally. */
export const likePattern = (search: string) => `%${escapeLike(search)}%`;

/** `text%`: a prefix search that a btree index with text_pattern_ops can answer. */
export const prefixPattern = (search: string) => `${escapeLike(search)}%`;

/** A filter value as a list: one value or `filters[x][]=…`, select options `{value}` unwrapped. */
function filterItems(value: unknown): unknown[] {
  const values = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];
  return values.map((item) => (typeof item === 'object' && item !== null && 'value' in item ? (item as { value: unknown }).value : item));
}

/**
 * A filter value as a list of record ids: `filters[user]=3` or `filters[user][]=3&...`. An id
 * beyond PostgreSQL's integer names no record, so it is left out like any other non-id.
 */
export function idList(value: unknown): number[] {
  return filterItems(value)
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0 && id <= MAX_RECORD_ID);
}

/** A filter value as whole numbers from 0 to MAX_RECORD_ID (counts such as months_to_pay); empty and boolean items are none. */
export function wholeList(value: unknown): number[] {
  return filterItems(value)
    .filter((item) => item !== '' && item !== null && typeof item !== 'boolean')
    .map(Number)
    .filter((item) => Number.isInteger(item) && item >= 0 && item <= MAX_RECORD_ID);
}

/** A filter value as trimmed texts of at most 64 characters (codes, types, exact numbers). */
export function textList(value: unknown): string[] {
  return filterItems(value)
    .map((item) => (typeof item === 'number' ? String(item) : item))
    .filter((item): item is string => typeof item === 'string' && item.trim().length > 0 && item.length <= 64)
    .map((item) => item.trim());
}

/** A checkbox filter as the query string carries it: true, 'true', 1 or '1'. */
export const isChecked = (value: unknown) => value === true || value === 'true' || value === '1' || value === 1;

/** `filters[dates][]=01-01-2026&filters[dates][]=31-01-2026` as two Caracas days (YYYY-MM-DD), or null when not a valid pair. */
export function dayPair(value: unknown): [string, string] | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [from, to] = value.map(parseDateParam);
  return from && to ? [from, to] : null;
}

/** A `dayPair` as the instants that bound those Caracas days: [start of the first day, start of the day after the last). */
export function caracasDayRange(value: unknown): [Date, Date] | null {
  const pair = dayPair(value);
  if (!pair) return null;
  const [from, to] = pair;
  const dayAfter = new Date(`${to}T12:00:00Z`);
  dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
  return [caracasDayStart(from), caracasDayStart(dayAfter.toISOString().slice(0, 10))];
}
