import Decimal from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';
import { RETENTION_RATE } from '@recaudo/domain/amounts';
import { salesBookBounds, type SalesBookQuery, type SalesBookRow, type SalesBookTotals, type SalesBookType, type SalesBookTransaction } from '@recaudo/domain/sales-book';
import type { Executor } from '../../db/client';
import { money } from '../../platform/envelope';
import { idsInOrder, inKeyOrder, type RowSource } from '../../platform/export';
import { executeSql } from '../../platform/render';

/**
 * The Libro de Ventas read from where the documents are (issue 49, docs/decisions.md "Libro de
 * Ventas"): the invoices (01) and notes (02, 03) the printer issued (200) or issued and then
 * annulled (800), by their emission day in Caracas (the `fechaEmision` sent, taken from
 * `created_at`), and the client's withholding vouchers by the voucher's own date. All figures in
 * bolívares, computed by PostgreSQL's numeric (decimal) arithmetic:
 * - an invoice states the payment's bill; its VAT is the foreign VAT × rate to the cent and its
 *   base the rest (as `documentTotals` sent it); a residential bill has no VAT: exempt;
 * - a note stores its own bolívar base, VAT and total (`noteTotals`);
 * - a credit note counts negative, a cancelled document zero;
 * - the withholding is the invoice's bolívar VAT × 75 % (what `apply-retention` registered); it is
 *   on its invoice's row when the voucher's date is in the same book, else on a row of its own
 *   (type 05) in the book of the voucher's date;
 * - IGTF is the document's `igtf` (an invoice's collected, a credit note's share given back).
 * Recaudo invoices at the general rate only (VAT_RATE): the 8 % and 31 % columns are listed and
 * stay zero.
 */

/** The book's first instant and the first instant after it, in Caracas. */
function bookBounds(query: Pick<SalesBookQuery, 'period' | 'half'>) {
  const { from, to } = salesBookBounds(query);
  return {
    fromDay: sql`${from}::date`,
    toDay: sql`${to}::date`,
    fromAt: sql`(${from}::date::timestamp at time zone 'America/Caracas')`,
    toAt: sql`(${to}::date::timestamp at time zone 'America/Caracas')`,
  };
}

/** Which rows to read: all of the book, or a batch of keys (documents by id, vouchers by minus their invoice's id). */
interface RowKeys {
  documents: number[];
  vouchers: number[];
}

/** A batch's keys as one parameter, hidden from the planner: estimating 1 000 written-out ids cost more than reading their rows. */
const keyList = (ids: number[]) => sql`array(select unnest(${`{${ids.join(',')}}`}::int[]))`;
const serieNumber = (serie: SQL, number: SQL) => sql`case when ${serie} <> '' then ${serie} || '-' || ${number} else ${number} end`;
const rate = (value: string) => sql.raw(`${Number(value)}::numeric`);

type Bounds = ReturnType<typeof bookBounds>;
const inBook = (b: Bounds, day: SQL) => sql`(${day} >= ${b.fromDay} and ${day} < ${b.toDay})`;
/** The book's documents (`legal_documents d`): issued or issued and annulled, of the book's days. */
const isBookDocument = (b: Bounds) =>
  sql`d.type_document in ('01', '02', '03') and d.status in (200, 800) and d.created_at >= ${b.fromAt} and d.created_at < ${b.toAt}`;
/** The vouchers of the book's days whose invoice (`legal_documents inv` of `payments p`) is of another book. */
const isOtherBookVoucher = (b: Bounds) =>
  sql`p.is_retention_apply_success and ${inBook(b, sql`p.date_withholding_voucher`)} and not (inv.created_at >= ${b.fromAt} and inv.created_at < ${b.toAt})`;
const VOUCHER_INVOICE = sql`join legal_documents inv on inv.payment_id = p.id and inv.type_document = '01' and inv.status = 200`;

/**
 * The book's keys in its order, read from the documents alone: the day, then the control number
 * (a voucher's row sorts by its invoice's), then the key. A page and an export take their keys
 * here and their figures by key (`bookRows`).
 */
function bookKeys(query: Pick<SalesBookQuery, 'period' | 'half'>, limit: number | null = null, offset = 0): SQL {
  const b = bookBounds(query);
  return sql`
    select id from (
      select d.id, (d.created_at at time zone 'America/Caracas')::date as day, d.control_number from legal_documents d where ${isBookDocument(b)}
      union all
      select -inv.id, p.date_withholding_voucher, inv.control_number from payments p ${VOUCHER_INVOICE} where ${isOtherBookVoucher(b)}
    ) as book
    order by day, control_number nulls last, abs(id), id
    ${limit === null ? sql`` : sql`limit ${limit}`} offset ${offset}`;
}

/**
 * The rows of the book with their figures, all of them (the totals) or those of `keys`. The
 * payment of a document is read by its key (a lateral lookup the planner keeps as one): a batch
 * of 1 000 documents joined to the payments by hash read the whole payments table each time.
 */
function bookRows(query: Pick<SalesBookQuery, 'period' | 'half'>, keys?: RowKeys): SQL {
  const b = bookBounds(query);
  const voucherHere = sql`(p.is_retention_apply_success and d.type_document = '01' and ${inBook(b, sql`p.date_withholding_voucher`)})`;
  const retained = sql`round(p.iva * p.exchange_rate * ${rate(RETENTION_RATE)}, 2)`;
  return sql`
    select d.id, to_char((d.created_at at time zone 'America/Caracas')::date, 'YYYY-MM-DD') as date,
      c.identification_type || '-' || c.identification as identification, c.name,
      d.type_document,
      case when d.status = 800 then 'anulacion' when d.type_document = '01' then 'registro' else 'complemento' end as "transaction",
      ${serieNumber(sql`d.serie`, sql`d.number_document`)} as number, d.control_number,
      -- Looked up for notes only: a join would read every invoice of the month for each batch.
      case when d.type_document <> '01' then (select ${serieNumber(sql`inv.serie`, sql`inv.number_document`)} from legal_documents inv
        where inv.payment_id = d.payment_id and inv.type_document = '01' order by inv.id limit 1) end as affected_invoice,
      (f.sign * d.total)::numeric(18, 2)::text as total,
      (case when f.iva = 0 then f.sign * d.total else 0 end)::numeric(18, 2)::text as exempt,
      '0.00' as base_reduced, '0.00' as iva_reduced,
      (case when f.iva <> 0 then f.sign * (d.total - f.iva) else 0 end)::numeric(18, 2)::text as base_general,
      (f.sign * f.iva)::numeric(18, 2)::text as iva_general,
      '0.00' as base_additional, '0.00' as iva_additional,
      (case when ${voucherHere} and f.sign <> 0 then ${retained} else 0 end)::numeric(18, 2)::text as withheld,
      case when ${voucherHere} then p.number_withholding_voucher end as voucher_number,
      case when ${voucherHere} then to_char(p.date_withholding_voucher, 'YYYY-MM-DD') end as voucher_date,
      (f.sign * d.igtf)::numeric(18, 2)::text as igtf
    from legal_documents d
    cross join lateral (select p.client_id, p.address_payment_id, p.iva, p.exchange_rate, p.is_retention_apply_success,
        p.number_withholding_voucher, p.date_withholding_voucher
      from payments p where p.id = d.payment_id limit 1) p
    join clients c on c.id = p.client_id
    join addresses_payments a on a.id = p.address_payment_id
    cross join lateral (select
      case when d.status = 800 then 0 when d.type_document = '02' then -1 else 1 end as sign,
      case when d.type_document <> '01' then d.iva when a.type = 1 then round(p.iva * p.exchange_rate, 2) else 0 end as iva) f
    where ${isBookDocument(b)} ${keys ? sql`and d.id = any(${keyList(keys.documents)})` : sql``}
    union all
    select -inv.id, to_char(p.date_withholding_voucher, 'YYYY-MM-DD'),
      c.identification_type || '-' || c.identification, c.name,
      '05', 'registro', p.number_withholding_voucher, null,
      ${serieNumber(sql`inv.serie`, sql`inv.number_document`)},
      '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00',
      ${retained}::numeric(18, 2)::text,
      p.number_withholding_voucher, to_char(p.date_withholding_voucher, 'YYYY-MM-DD'), '0.00'
    from payments p ${VOUCHER_INVOICE}
    join clients c on c.id = p.client_id
    where ${isOtherBookVoucher(b)} ${keys ? sql`and inv.id = any(${keyList(keys.vouchers)})` : sql``}`;
}

interface StoredRow extends Omit<SalesBookRow, 'id'> {
  id: number | string;
}

const publicRow = (row: StoredRow): SalesBookRow => ({
  id: Number(row.id),
  date: row.date,
  identification: row.identification,
  name: row.name,
  type_document: row.type_document as SalesBookType,
  transaction: row.transaction as SalesBookTransaction,
  number: row.number,
  control_number: row.control_number,
  affected_invoice: row.affected_invoice,
  total: money(row.total),
  exempt: money(row.exempt),
  base_reduced: money(row.base_reduced),
  iva_reduced: money(row.iva_reduced),
  base_general: money(row.base_general),
  iva_general: money(row.iva_general),
  base_additional: money(row.base_additional),
  iva_additional: money(row.iva_additional),
  withheld: money(row.withheld),
  voucher_number: row.voucher_number,
  voucher_date: row.voucher_date,
  igtf: money(row.igtf),
});

const COLUMNS = sql.raw(
  'id, date, identification, name, type_document, "transaction", number, control_number, affected_invoice, total, exempt, base_reduced, iva_reduced, base_general, iva_general, base_additional, iva_additional, withheld, voucher_number, voucher_date, igtf',
);

/** The rows of these keys, in the keys' order. */
async function rowsOf(db: Executor, query: Pick<SalesBookQuery, 'period' | 'half'>, keys: number[]): Promise<SalesBookRow[]> {
  if (!keys.length) return [];
  const wanted = { documents: keys.filter((key) => key > 0), vouchers: keys.filter((key) => key < 0).map((key) => -key) };
  const rows = await executeSql<StoredRow>(db, sql`select ${COLUMNS} from (${bookRows(query, wanted)}) as book`);
  return inKeyOrder(keys, rows.map(publicRow), (row) => row.id);
}

/**
 * The book as a list source: a page's keys by OFFSET (the screen), an export's keys read once in
 * book order; the rows then by key, a batch at a time, so a month of 90 000 documents never sits
 * in memory.
 */
export function salesBookSource(db: Executor, query: Pick<SalesBookQuery, 'period' | 'half'>): RowSource<SalesBookRow> {
  return {
    async rows(limit, offset) {
      const keys = await executeSql<{ id: number | string }>(db, bookKeys(query, limit, offset));
      return rowsOf(db, query, keys.map((row) => Number(row.id)));
    },
    async count() {
      const [row] = await executeSql<{ total: number }>(db, sql`select count(*)::int as total from (${bookKeys(query)}) as book`);
      return Number(row?.total ?? 0);
    },
    walk: {
      keys: () => idsInOrder(db, bookKeys(query)),
      load: (keys) => rowsOf(db, query, keys),
    },
  };
}

interface StoredTotals {
  invoices: number;
  debit_notes: number;
  credit_notes: number;
  cancelled: number;
  vouchers: number;
  total: string;
  exempt: string;
  base_reduced: string;
  iva_reduced: string;
  base_general: string;
  iva_general: string;
  base_additional: string;
  iva_additional: string;
  withheld: string;
  igtf: string;
}

/** The sums of the book's rows per column, the documents counted per type, and the débito fiscal (every rate's VAT). */
export async function salesBookTotals(db: Executor, query: Pick<SalesBookQuery, 'period' | 'half'>): Promise<SalesBookTotals> {
  const sum = (column: string) => sql.raw(`coalesce(sum(${column}::numeric), 0)::numeric(18, 2)::text as ${column}`);
  const [row] = await executeSql<StoredTotals>(
    db,
    sql`select
      (count(*) filter (where type_document = '01'))::int as invoices,
      (count(*) filter (where type_document = '03'))::int as debit_notes,
      (count(*) filter (where type_document = '02'))::int as credit_notes,
      (count(*) filter (where "transaction" = 'anulacion'))::int as cancelled,
      (count(*) filter (where type_document = '05'))::int as vouchers,
      ${sql.join(
        ['total', 'exempt', 'base_reduced', 'iva_reduced', 'base_general', 'iva_general', 'base_additional', 'iva_additional', 'withheld', 'igtf'].map(sum),
        sql`, `,
      )}
    from (${bookRows(query)}) as book`,
  );
  const totals = row!;
  const iva = [totals.iva_reduced, totals.iva_general, totals.iva_additional].reduce((all, value) => all.plus(value), new Decimal(0));
  return {
    invoices: Number(totals.invoices),
    debit_notes: Number(totals.debit_notes),
    credit_notes: Number(totals.credit_notes),
    cancelled: Number(totals.cancelled),
    vouchers: Number(totals.vouchers),
    total: money(totals.total),
    exempt: money(totals.exempt),
    reduced: { base: money(totals.base_reduced), iva: money(totals.iva_reduced) },
    general: { base: money(totals.base_general), iva: money(totals.iva_general) },
    additional: { base: money(totals.base_additional), iva: money(totals.iva_additional) },
    iva: iva.toFixed(2),
    withheld: money(totals.withheld),
    igtf: money(totals.igtf),
  };
}
