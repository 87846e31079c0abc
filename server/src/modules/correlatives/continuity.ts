import { eq, sql, type SQL } from 'drizzle-orm';
import { CONTINUITY_TYPES, correlativeMessages, type ContinuityRow, type ContinuitySummary, type ContinuityType } from '@recaudo/domain/correlatives';
import type { Executor } from '../../db/client';
import { notFound } from '../../platform/errors';
import type { RowSource } from '../../platform/export';
import { executeSql } from '../../platform/render';
import { correlatives } from './tables';

/**
 * The numbering continuity report of a series (issue 35): every number it issued, per document
 * type, read from where each number is taken. Invoices (01) and delivery notes (04) take their
 * number when the payment is approved (payments.number_correlative, with or without a digital
 * invoice); credit (02) and debit (03) notes when they are written (legal_documents). Numbers are
 * compared as integers, so "0005" and "00005" are the same number: a duplicate.
 * Gaps come back as rows of their own, in place, so neither the screen nor an export can hide them.
 */


/** Gap ranges listed per type; `missing` still counts them all. */
export const GAP_LIST_LIMIT = 200;

const digits = (column: SQL) => sql`case when ${column} ~ '^[0-9]{1,18}$' then ${column}::bigint end`;

/** Every numbered document of the series as (type, number, n, …); n is the number as an integer. */
const entries = (serieId: number) => sql`
  select case when p.type_document = '04' then '04' else '01' end as type, p.number_correlative as number, ${digits(sql`p.number_correlative`)} as n,
    coalesce(d.control_number, p.number) as control_number,
    to_char(coalesce((d.created_at at time zone 'America/Caracas')::date, p.date_bill, p.date_payment), 'YYYY-MM-DD') as date,
    case when d.status = 800 then 'cancelled' when p.status = 2 then 'payment_rejected' when d.id is null then 'not_sent'
      when d.status is null then 'queued' when d.status = 200 then 'issued' else 'printer_error' end as status,
    d.status as printer_status, p.id as payment_id, d.id as document_id
  from payments p left join legal_documents d on d.payment_id = p.id and d.type_document in ('01', '04')
  where p.serie_id = ${serieId} and p.number_correlative is not null
  union all
  select d.type_document, d.number_document, ${digits(sql`d.number_document`)},
    d.control_number, to_char((d.created_at at time zone 'America/Caracas')::date, 'YYYY-MM-DD'),
    case when d.status = 800 then 'cancelled' when d.status is null then 'queued' when d.status = 200 then 'issued' else 'printer_error' end,
    d.status, d.payment_id, d.id
  from legal_documents d where d.serie_id = ${serieId} and d.type_document in ('02', '03')`;

/** The CTEs the report reads: entries, the distinct numbers with how often each occurs, and the gaps between them. */
const withNumbers = (serieId: number) => sql`
  with entries as (${entries(serieId)}),
  numbered as (select type, n, max(length(number)) as width, count(*)::int as times from entries where n is not null group by type, n),
  gaps as (
    select type, n + 1 as n, next_n - 1 as n_to, width
    from (select type, n, width, lead(n) over (partition by type order by n) as next_n from numbered) as neighbours
    where next_n > n + 1)`;

/** A number that is not digits (only SQL typed by hand) sorts after every real one. */
const LAST = sql.raw('9223372036854775807');

/** One page of the report's rows (documents and gaps) in (type, number) order. */
async function continuityRows(db: Executor, serieId: number, type: ContinuityType | undefined, limit: number | null, offset: number) {
  return executeSql<ContinuityRow>(
    db,
    sql`${withNumbers(serieId)},
    listed as (
      select e.type as type_document, e.number, null::text as number_to, e.control_number, e.date, e.status, e.printer_status, e.payment_id, e.document_id,
        coalesce(x.times > 1, false) as duplicate, coalesce(e.n, ${LAST}) as n_order, coalesce(e.payment_id, 0) as payment_key, coalesce(e.document_id, 0) as document_key
      from entries e left join numbered x on x.type = e.type and x.n = e.n
      union all
      select type, lpad(n::text, width, '0'), lpad(n_to::text, width, '0'), null, null, 'missing', null, null, null, false, n, 0, 0
      from gaps)
    select type_document, number, number_to, control_number, date, status, printer_status, payment_id, document_id, duplicate
    from listed
    where ${type ?? null}::text is null or type_document = ${type ?? null}
    order by type_document, n_order, payment_key, document_key
    ${limit === null ? sql`` : sql`limit ${limit}`} offset ${offset}`,
  );
}

/** The printer's smallint comes back as text from some drivers. */
const publicRow = (row: ContinuityRow): ContinuityRow => ({ ...row, printer_status: row.printer_status === null ? null : Number(row.printer_status) });

/** The series, or 404. */
export async function serieOf(db: Executor, serieId: number) {
  const [row] = await db.select().from(correlatives).where(eq(correlatives.id, serieId));
  if (!row) throw notFound(correlativeMessages.notFound);
  return row;
}

/**
 * The report's rows as a list source. Every page computes the gaps and duplicates over the whole
 * series, so an export reads the report once (100 000 numbers: 7 s, 37 MB on a loaded machine)
 * and writes it out in batches, where re-reading it per 1 000-row batch would take 100 × 3.4 s.
 * The caller checks the series exists.
 */
export function continuitySource(db: Executor, serieId: number, type?: ContinuityType): RowSource<ContinuityRow> {
  let report: ContinuityRow[] = [];
  return {
    async rows(limit, offset) {
      return (await continuityRows(db, serieId, type, limit, offset)).map(publicRow);
    },
    async count() {
      const [row] = await executeSql<{ total: number }>(
        db,
        sql`${withNumbers(serieId)}
        select ((select count(*) from entries where ${type ?? null}::text is null or type = ${type ?? null})
          + (select count(*) from gaps where ${type ?? null}::text is null or type = ${type ?? null}))::int as total`,
      );
      return Number(row?.total ?? 0);
    },
    walk: {
      async keys() {
        report = await continuityRows(db, serieId, type, null, 0);
        return report.map((_, position) => position);
      },
      load: async (positions) => positions.map((position) => publicRow(report[position]!)),
    },
  };
}

/** Per type: first, last, count, cancelled, the gaps and the duplicates (all four types, empty ones too). */
export async function continuitySummary(db: Executor, serieId: number): Promise<{ serie: { id: number; serie: string }; summary: ContinuitySummary[] }> {
  const serie = await serieOf(db, serieId);
  const [totals, gaps, duplicates] = await Promise.all([
    executeSql<{ type: ContinuityType; first: string | null; last: string | null; count: number; cancelled: number; missing: string | null }>(
      db,
      sql`${withNumbers(serieId)}
      select e.type, lpad(min(e.n)::text, max(length(e.number)), '0') as first, lpad(max(e.n)::text, max(length(e.number)), '0') as last,
        count(*)::int as count, (count(*) filter (where e.status = 'cancelled'))::int as cancelled,
        (select coalesce(sum(g.n_to - g.n + 1), 0)::text from gaps g where g.type = e.type) as missing
      from entries e group by e.type`,
    ),
    executeSql<{ type: ContinuityType; from: string; to: string }>(
      db,
      sql`${withNumbers(serieId)}
      select type, "from", "to" from (
        select type, n, lpad(n::text, width, '0') as "from", lpad(n_to::text, width, '0') as "to", row_number() over (partition by type order by n) as position from gaps
      ) as listed where position <= ${GAP_LIST_LIMIT} order by type, n`,
    ),
    executeSql<{ type: ContinuityType; number: string; times: number }>(
      db,
      sql`${withNumbers(serieId)} select type, lpad(n::text, width, '0') as number, times from numbered where times > 1 order by type, n`,
    ),
  ]);
  const counters: Record<ContinuityType, string> = { '01': serie.number, '02': serie.numberCreditNote, '03': serie.numberDebitNote, '04': serie.numberDeliveryNote };
  const summary = CONTINUITY_TYPES.map((type): ContinuitySummary => {
    const total = totals.find((row) => row.type === type);
    return {
      type_document: type,
      counter: counters[type],
      first: total?.first ?? null,
      last: total?.last ?? null,
      count: Number(total?.count ?? 0),
      cancelled: Number(total?.cancelled ?? 0),
      missing: Number(total?.missing ?? 0),
      gaps: gaps.filter((row) => row.type === type).map(({ from, to }) => ({ from, to })),
      duplicates: duplicates.filter((row) => row.type === type).map(({ number, times }) => ({ number, times: Number(times) })),
    };
  });
  return { serie: { id: serie.id, serie: serie.serie }, summary };
}
