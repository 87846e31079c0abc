import { isDeepStrictEqual } from 'node:util';
import { Column, Name, Param, SQL, StringChunk, Table, type Query } from 'drizzle-orm';
import type { Executor } from '../db/client';

/**
 * Drizzle renders a statement by asking of each chunk, with `is()`, which of a dozen kinds it is,
 * and every `is()` that fails walks the chunk's class chain comparing names (entity.js). Under
 * load that was 5 % of a list request's CPU for its page of ids alone. A list's page and count
 * are made of a few kinds (text, nested SQL, tables, columns, values): those are rendered here by
 * `instanceof`, exactly as Drizzle writes them, and a statement holding anything else (a
 * subquery builder, an alias, a placeholder, inlined values) is rendered by Drizzle.
 *
 * In tests and development every statement is rendered both ways and must come out the same, so
 * the suite proves this writes what Drizzle would.
 */

interface Dialect {
  casing: { getColumnCasing(column: Column): string };
  escapeName(name: string): string;
  sqlToQuery(query: SQL): Query;
}

interface Session {
  prepareQuery(query: Query, fields: undefined, name: undefined, isResponseInArrayMode: false): { execute(): Promise<unknown> };
}

/** What Drizzle keeps on a database or transaction (pg-core db.js): its dialect and session. */
interface Internals {
  dialect: Dialect;
  session: Session;
}

/** The keys Drizzle keeps a table's name, schema and alias flag under (table.js, table.utils.js). */
const TABLE_NAME = Symbol.for('drizzle:Name');
const TABLE_SCHEMA = Symbol.for('drizzle:Schema');
const IS_ALIAS = Symbol.for('drizzle:IsAlias');

const CHECKED = process.env.NODE_ENV === 'test' || process.env.NODE_ENV === 'development';

type TableFields = Record<symbol, unknown>;

/** A table named as Drizzle names it when it is neither aliased nor in a schema; else null. */
const plainTable = (table: TableFields): string | null => (table[IS_ALIAS] || table[TABLE_SCHEMA] !== undefined ? null : (table[TABLE_NAME] as string));

class Rendering {
  text = '';
  readonly params: unknown[] = [];

  constructor(private readonly dialect: Dialect) {}

  private value(value: unknown) {
    this.params.push(value);
    this.text += `$${this.params.length}`;
  }

  /** Appends a chunk as Drizzle's `buildQueryFromSourceParams` would; false for a kind left to Drizzle. */
  append(chunk: unknown): boolean {
    if (chunk instanceof StringChunk) {
      this.text += chunk.value.join('');
      return true;
    }
    if (chunk instanceof SQL) {
      if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
      for (const inner of chunk.queryChunks) if (!this.append(inner)) return false;
      return true;
    }
    if (chunk instanceof Column) {
      const table = plainTable(chunk.table as unknown as TableFields);
      if (table === null) return false;
      this.text += `${this.dialect.escapeName(table)}.${this.dialect.escapeName(this.dialect.casing.getColumnCasing(chunk))}`;
      return true;
    }
    if (chunk instanceof Table) {
      const table = plainTable(chunk as unknown as TableFields);
      if (table === null) return false;
      this.text += this.dialect.escapeName(table);
      return true;
    }
    if (chunk instanceof Name) {
      this.text += this.dialect.escapeName(chunk.value);
      return true;
    }
    if (chunk instanceof Param) {
      if (chunk.value !== null && typeof chunk.value === 'object' && !(chunk.value instanceof Date) && !Array.isArray(chunk.value)) return false;
      const mapped = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (mapped instanceof SQL) return false;
      this.value(mapped);
      return true;
    }
    if (chunk === undefined) return true;
    if (Array.isArray(chunk)) {
      this.text += '(';
      for (const [index, item] of chunk.entries()) {
        if (index > 0) this.text += ', ';
        if (!this.append(item)) return false;
      }
      this.text += ')';
      return true;
    }
    if (chunk === null || chunk instanceof Date || ['string', 'number', 'boolean', 'bigint'].includes(typeof chunk)) {
      this.value(chunk);
      return true;
    }
    return false;
  }
}

/** The statement's text and values as Drizzle would write them. */
export function renderSql(db: Executor, query: SQL): Query {
  const { dialect } = db as unknown as Internals;
  const rendering = new Rendering(dialect);
  const rendered = rendering.append(query) ? { sql: rendering.text, params: rendering.params } : dialect.sqlToQuery(query);
  if (CHECKED) {
    const expected = dialect.sqlToQuery(query);
    if (rendered.sql !== expected.sql || !isDeepStrictEqual(rendered.params, expected.params)) {
      throw new Error(`renderSql escribió ${JSON.stringify(rendered)}, Drizzle ${JSON.stringify({ sql: expected.sql, params: expected.params })}`);
    }
  }
  return rendered;
}

/** `db.execute(query)` with the statement rendered by `renderSql`: its rows, as Drizzle's session answers them. */
export async function executeSql<T>(db: Executor, query: SQL): Promise<T[]> {
  const prepared = (db as unknown as Internals).session.prepareQuery(renderSql(db, query), undefined, undefined, false);
  return ((await prepared.execute()) as { rows: T[] }).rows;
}
