import { Column, getTableName, is, sql, SQL, Subquery } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';

/**
 * A statement that every request runs with other values only (a page's rows by id, the session
 * of a token), built once per database or transaction and per `variant` (what changes its text,
 * such as the current month), then prepared under a name. Drizzle then neither rebuilds nor
 * re-renders it, and PostgreSQL parses it once per connection instead of on every request: a
 * named statement's text must never change, so the name carries the variant. Its rows are mapped
 * by a plan made once (`planRows`).
 *
 * Use it for the fixed statements of hot paths, with `sql.placeholder()` for the values; a
 * list's `where` that the caller's filters shape stays built per request.
 */
export function preparedStatement<P>(name: string, build: (db: Executor, statementName: string, variant: string) => P): (db: Executor, variant?: string) => P {
  const built = new WeakMap<Executor, Map<string, P>>();
  return (db, variant = '') => {
    let variants = built.get(db);
    if (!variants) built.set(db, (variants = new Map()));
    let statement = variants.get(variant);
    if (!statement) {
      statement = planRows(build(db, variant ? `${name}_${variant.replace(/\W/g, '_')}` : name, variant));
      variants.set(variant, statement);
    }
    return statement;
  };
}

/**
 * `column = any($ids)`: a prepared statement's condition for a page of ids, executed with
 * `{ ids }`. One array parameter keeps the statement's text the same whatever the page's size.
 */
export const inIdsPlaceholder = (column: PgColumn): SQL => sql`${column} = any(${sql.placeholder('ids')}::int[])`;

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What Drizzle keeps on a prepared select (pg-core session.js): its columns, joins and mapper. */
interface PreparedSelect {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
}

/** The decoder Drizzle gives a selected field (as in utils.js `mapResultRow`). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  const query = is(field, SQL) ? field : is(field, Subquery) ? (field._ as unknown as { sql: SQL }).sql : (field as SQL.Aliased).sql;
  return (query as unknown as { decoder: Decoder }).decoder;
}

/**
 * Drizzle maps every row of a prepared select by asking, for each column of each row, what kind
 * of field it is and which decoder it has (utils.js `mapResultRow`): for a page of ten payments
 * of 80 columns, a tenth of the request's CPU. The answers never change, so they are taken once
 * here and the rows are built from that plan, into the same nested objects, by a function
 * compiled for the select (`rowBuilder`).
 *
 * Drizzle also turns a left-joined table's object into null when its columns are null; a select
 * that could need that keeps Drizzle's own mapping.
 */
function planRows<P>(prepared: P): P {
  const select = prepared as PreparedSelect;
  const fields = select.fields;
  if (!fields || select.customResultMapper) return prepared;
  const joins = select.joinsNotNullableMap;
  const mayNullify = joins !== undefined && fields.some(({ path, field }) => path.length === 2 && is(field, Column) && !joins[getTableName(field.table)]);
  if (mayNullify) return prepared;
  const buildRow = rowBuilder(fields.map(({ path, field }) => ({ path, decoder: decoderOf(field) })));
  select.customResultMapper = (rows) => rows.map(buildRow);
  return prepared;
}

/** Drizzle's decoder of an expression without mapWith. */
const expressionDecoder = decoderOf(sql``);

/** A decoder that gives back what the driver read (text columns, expressions without mapWith). */
const passesThrough = (decoder: Decoder) =>
  decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue || decoder.mapFromDriverValue === expressionDecoder.mapFromDriverValue;

type Shape = Map<string, number | Shape>;

/**
 * A function that builds one row as a single object literal with the select's nested shape:
 * objects of one fixed shape, where assigning each key in a loop made V8 store it through a
 * generic path. Keys are written as JSON strings; values that pass through are read as they are.
 * A payments page (10 rows of 67 columns): 50–71 µs by the loop, 11–15 µs by this function.
 */
function rowBuilder(columns: { path: string[]; decoder: Decoder }[]): (row: unknown[]) => Record<string, unknown> {
  const shape: Shape = new Map();
  columns.forEach(({ path }, index) => {
    let node = shape;
    for (const parent of path.slice(0, -1)) {
      let child = node.get(parent);
      if (!(child instanceof Map)) node.set(parent, (child = new Map()));
      node = child;
    }
    node.set(path[path.length - 1]!, index);
  });
  const value = (index: number) =>
    passesThrough(columns[index]!.decoder) ? `row[${index}]` : `(row[${index}] === null ? null : decoders[${index}](row[${index}]))`;
  const literal = (node: Shape): string =>
    `{${[...node].map(([key, child]) => `${JSON.stringify(key)}: ${typeof child === 'number' ? value(child) : literal(child)}`).join(', ')}}`;
  const decoders = columns.map(({ decoder }) => decoder.mapFromDriverValue.bind(decoder));
  return new Function('decoders', `return (row) => (${literal(shape)});`)(decoders) as (row: unknown[]) => Record<string, unknown>;
}
