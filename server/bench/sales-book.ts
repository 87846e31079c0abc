import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';

/** The month the bench fills with documents: before any other data, so no other scenario reads them. */
export const SALES_BOOK_PERIOD = '2020-01';
/** Issue 49: a month of 90 000 documents exports to XLSX in at most 15 s. */
export const SALES_BOOK_DOCUMENTS = 90_000;
const CREDIT_NOTES = 6_000;
const DEBIT_NOTES = 3_000;
const INVOICES = SALES_BOOK_DOCUMENTS - CREDIT_NOTES - DEBIT_NOTES;
const SERIE = 'LVB';

const count = async (db: Database, query: ReturnType<typeof sql>) => {
  const result = (await db.execute(query)) as unknown as { rows: { count: string | number }[] };
  return Number(result.rows[0]?.count ?? 0);
};

/**
 * Fills, once, the bench's database with a month of printer documents for the sales book: 81 000
 * invoices of a commercial address of the demo (one payment each, in a series of their own, one
 * in five paid with IGTF, one in ten with the client's withholding, one in a hundred cancelled),
 * 6 000 credit notes and 3 000 debit notes, spread over the month's days. Answers the documents
 * the month holds.
 */
export async function fillSalesBookMonth(db: Database): Promise<number> {
  const inMonth = sql`select count(*) from legal_documents where created_at >= (${`${SALES_BOOK_PERIOD}-01`}::date::timestamp at time zone 'America/Caracas')
    and created_at < ((${`${SALES_BOOK_PERIOD}-01`}::date + interval '1 month')::timestamp at time zone 'America/Caracas')`;
  const existing = await count(db, inMonth);
  if (existing >= SALES_BOOK_DOCUMENTS) return existing;
  if (existing > 0) throw new Error(`El mes ${SALES_BOOK_PERIOD} tiene ${existing} documentos: no los hizo este banco de pruebas.`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into correlatives (serie, number, number_credit_note, number_debit_note) values (${SERIE}, '00000000', '00000000', '00000000') on conflict (serie) do nothing`);
    // Payments of the month, on the demo's first commercial address (any address when it has none).
    await tx.execute(sql`
      insert into payments (client_id, address_payment_id, payment_method_id, serie_id, status, type_document, number_correlative, number,
        date_payment, date_bill, exchange_rate, exchange_rate_id, amount_payment, amount_bill, dollar_amount_payment, dollar_amount_bill,
        tax_base, iva, retention, is_apply_retention, is_retention_apply_success, number_withholding_voucher, date_withholding_voucher,
        igtf_rate, igtf_base, igtf_currency_amount, igtf_amount, months_payment, hash, apply_invoice_factory, status_invoice_factory, created_at, updated_at)
      select a.client_id, a.id, 1, s.id, 1, '01', lpad(n::text, 8, '0'), '00-' || lpad(n::text, 8, '0'),
        day, day, 25.00, 1, 580.00, 580.00, 23.20, 23.20,
        20.00, 3.20, case when n % 10 = 0 then 2.40 else 0 end, n % 10 = 0, n % 10 = 0,
        case when n % 10 = 0 then '202001' || lpad(n::text, 8, '0') end, case when n % 10 = 0 then day + 3 end,
        case when n % 5 = 0 then 3 else 0 end, case when n % 5 = 0 then 23.20 else 0 end, case when n % 5 = 0 then 0.70 else 0 end, case when n % 5 = 0 then 17.50 else 0 end,
        array[${SALES_BOOK_PERIOD}]::varchar(7)[], encode(sha256(('recaudo-sales-book-bench-' || n)::bytea), 'hex'), true, case when n % 100 = 0 then 800 else 200 end,
        at, at
      from generate_series(1, ${INVOICES}) as n
      cross join lateral (select (${`${SALES_BOOK_PERIOD}-01`}::date + (n % 31)) as day) d
      cross join lateral (select (d.day + time '08:00' + make_interval(secs => n % 36000))::timestamp at time zone 'America/Caracas' as at) t
      cross join (select id from correlatives where serie = ${SERIE}) s
      cross join (select id, client_id from addresses_payments order by type desc, id limit 1) a`);
    // Their invoices, then the notes on the first ones, a day later.
    await tx.execute(sql`
      insert into legal_documents (payment_id, type_document, serie_id, serie, number_document, transaction_id, status, control_number,
        tax_base, iva, total, igtf, created_at, issued_at, updated_at)
      select p.id, '01', p.serie_id, ${SERIE}, p.number_correlative, 'RCLVB01' || p.number_correlative, p.status_invoice_factory, p.number,
        p.tax_base, p.iva, p.amount_bill, p.igtf_amount, p.created_at, p.created_at, p.created_at
      from payments p where p.serie_id = (select id from correlatives where serie = ${SERIE})`);
    await tx.execute(sql`
      insert into legal_documents (payment_id, type_document, serie_id, serie, number_document, transaction_id, status, control_number,
        notes, tax_base, iva, total, igtf, created_at, issued_at, updated_at)
      select d.payment_id, case when d.k <= ${CREDIT_NOTES} then '02' else '03' end, d.serie_id, ${SERIE}, lpad(d.k::text, 8, '0'),
        'RCLVBN' || lpad(d.k::text, 8, '0'), 200, '01-' || lpad(d.k::text, 8, '0'),
        'Ajuste', 100.00, 16.00, 116.00, case when d.k <= ${CREDIT_NOTES} and d.igtf > 0 then 3.50 else 0 end,
        least(d.created_at + interval '1 day', (${`${SALES_BOOK_PERIOD}-31 18:00`}::timestamp at time zone 'America/Caracas')),
        d.created_at + interval '1 day', d.created_at
      from (select i.*, row_number() over (order by i.id) as k from legal_documents i
            where i.serie = ${SERIE} and i.type_document = '01' and i.status = 200 order by i.id limit ${CREDIT_NOTES + DEBIT_NOTES}) d`);
  });
  await db.execute(sql`analyze payments`);
  await db.execute(sql`analyze legal_documents`);
  return count(db, inMonth);
}
