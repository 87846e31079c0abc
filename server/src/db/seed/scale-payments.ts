import { keyed, monthDate, monthText, nextIdBase, rnd, run, scalar, syncSequence, type StageContext } from './scale-sql';

/**
 * The payments of the scale set (DESIGN §8: 2 000 000 by default), set-based like the other
 * stages and as deterministic (ids, numbers and hashes follow from the parameters and the anchor):
 *
 * - Each address's coverage runs (`scale_plan`, the rows of the `ledger` stage) are cut into
 *   payments of 1 to n months, n per address, chosen so the live payments are about 90 % of the
 *   total; the ledger rows of those months then name their payment. The run that ends in the
 *   pending month of ~1.5 % of the addresses is paid by a payment Procesando (all its months
 *   pending); every other live payment is Aprobado, with its series' consecutive number.
 * - The rest are Rechazado attempts (one month, no coverage) spread over the addresses.
 * - Registered in the first month paid (months paid ahead: in the anchor month, on its first
 *   days), by 40 cashiers over 6 series; methods 35 % transfer, 20 % point of sale, 25 % mobile
 *   payment, 20 % cash; amounts as domain `paymentAmounts` at a rate that falls 3 % a month
 *   going back from BS 245,67 ($) / 267,78 (€, commercial addresses).
 *
 * Addresses without a fee (incomplete) keep their manual marks.
 */

const SERIES = 6;
const CASHIERS = 40;
const DOLLAR_NOW = '245.67';
const caracasTime = (date: string, hours: string, minutes: string) => `((${date})::timestamp + make_interval(hours => ${hours}, mins => ${minutes})) at time zone 'America/Caracas'`;

/** The triggers this stage turns off while it writes; it writes their effect itself. */
const STAGE_TRIGGERS = [
  ['payments', 'payments_counts_insert'],
  ['payments', 'payments_day_totals_insert'],
  // Its payments belong to no closing yet: nothing to recompute, only a transition table to fill.
  ['payments', 'payments_closed_box_figures_insert'],
  ['address_months', 'address_months_summary_update'],
  // The scale set issues no solvency certificates, so there is nothing to revoke; left on, these
  // deferred triggers queue an event per ledger row and block re-enabling the others.
  ['address_months', 'address_months_revoke_solvencies_update'],
  ['address_months', 'address_months_revoke_solvencies_delete'],
] as const;

async function seriesAndCashiers({ db }: StageContext): Promise<void> {
  const stamp = `timestamptz '2020-01-01 08:00-04'`;
  await run(
    db,
    `insert into correlatives (serie, number, number_credit_note, number_debit_note, created_at, updated_at)
     select 'E-' || k, '00000000', '00000000', '00000000', ${stamp}, ${stamp} from generate_series(1, ${SERIES}) as k
     on conflict (serie) do nothing`,
  );
  await run(db, `create temp table scale_series on commit drop as select k, (select id from correlatives where serie = 'E-' || k) as id from generate_series(1, ${SERIES}) as k`);
  await keyed(db, 'scale_series', 'k');
  await run(
    db,
    `insert into users (role_id, name, email, password_hash, created_at, updated_at)
     select coalesce((select id from roles where id = 3), 1), 'Cajero Escala ' || k, 'cajero.escala' || k || '@recaudo.test', '!', ${stamp}, ${stamp}
     from generate_series(1, ${CASHIERS}) as k
     where not exists (select 1 from users u where lower(u.email) = 'cajero.escala' || k || '@recaudo.test')`,
  );
  await run(db, `create temp table scale_cashiers on commit drop as select k, (select id from users where email = 'cajero.escala' || k || '@recaudo.test') as id from generate_series(1, ${CASHIERS}) as k`);
  await keyed(db, 'scale_cashiers', 'k');
  await run(db, `create temp table scale_banks on commit drop as select row_number() over (order by id)::int as k, id from banks`);
  await keyed(db, 'scale_banks', 'k');
  for (const table of ['correlatives', 'users']) await syncSequence(db, table);
}

/** The addresses that can pay (a fee), numbered densely, with their runs and start. */
async function payable({ db }: StageContext): Promise<void> {
  await run(
    db,
    `create temp table scale_fee on commit drop as
     select row_number() over (order by p.a)::int as f, p.a, p.id as address_id, p.client_id, p.type, p.start, p.span, p.pending,
            p.run1_from, p.run1_to, p.run2_from, p.run2_to,
            (case when ap.is_custom_fee then ap.fee when ap.type = 1 then ea.fee else co.fee end) as fee
     from scale_plan p
     join addresses_payments ap on ap.id = p.id
     left join communities co on co.id = ap.community_id
     left join economic_activities ea on ea.id = ap.economic_activity_id
     where (case when ap.is_custom_fee then ap.fee when ap.type = 1 then ea.fee else co.fee end) is not null`,
  );
  await keyed(db, 'scale_fee', 'f');
}

/** Live payments (chunks of the coverage runs), then rejected ones up to the total. */
async function plan({ db, anchor }: StageContext, total: number): Promise<void> {
  const months = await scalar(
    db,
    `select coalesce(sum(greatest(0, run1_to - run1_from + 1)) + sum(greatest(0, coalesce(run2_to - run2_from + 1, 0))), 0) from scale_fee where run1_from is not null`,
  );
  // Months per payment: ⌊mean⌋ or ⌊mean⌋ + 1 (per address), so that live payments come to ~88 %
  // of the total (each run's last payment may be shorter).
  const mean = Math.max(1, months / Math.max(1, total * 0.88)).toFixed(3);
  await run(
    db,
    `create temp table scale_pay on commit drop as
     with runs as (
       select f.*, r.run, r.from_i, r.to_i, floor(${mean} + ${rnd('f.a', 501)})::int as size,
              greatest(f.run1_to, coalesce(f.run2_to, f.run1_to)) as last_covered
       from scale_fee f
       cross join lateral (values (1, f.run1_from, f.run1_to), (2, f.run2_from, f.run2_to)) as r(run, from_i, to_i)
       where r.from_i is not null and r.to_i >= r.from_i
     ), chunks as (
       select r.a, r.address_id, r.client_id, r.type, r.fee, r.from_i + c.k * r.size as first_i,
              least(r.to_i, r.from_i + (c.k + 1) * r.size - 1) as last_i, r.pending, r.last_covered, r.run
       from runs r cross join lateral generate_series(0, (r.to_i - r.from_i) / r.size) as c(k)
     )
     select a, address_id, client_id, type, fee, first_i, last_i,
            case when pending and last_covered between first_i and last_i then 0 else 1 end as status
     from chunks`,
  );
  const live = await scalar(db, 'select count(*) from scale_pay');
  const payers = await scalar(db, 'select count(*) from scale_fee');
  const rejected = Math.max(0, total - live);
  if (rejected && payers) {
    await run(
      db,
      `insert into scale_pay (a, address_id, client_id, type, fee, first_i, last_i, status)
       select f.a, f.address_id, f.client_id, f.type, f.fee, m.i, m.i, 2
       from generate_series(1, ${rejected}) as n
       join scale_fee f on f.f = 1 + ((n::bigint * 2654435761) % ${payers})::int
       cross join lateral (select least(${anchor}, f.start + floor(${rnd('n', 502)} * greatest(1, f.span))::int) as i) as m`,
    );
  }
  // Registered in the first month paid (paid ahead: the anchor month's first days), in time order.
  await run(db, `alter table scale_pay add column created_at timestamptz, add column n int`);
  await run(
    db,
    `update scale_pay set created_at = case when first_i < ${anchor}
        then ${caracasTime(monthDate('first_i', `1 + floor(${rnd('address_id * 37 + first_i', 503)} * 28)::int`), `8 + floor(${rnd('address_id * 41 + first_i', 504)} * 10)::int`, `floor(${rnd('address_id * 43 + first_i', 505)} * 60)::int`)}
        else ${caracasTime(monthDate(String(anchor), `1 + floor(${rnd('address_id * 37 + first_i', 503)} * 3)::int`), `8 + floor(${rnd('address_id * 41 + first_i', 504)} * 10)::int`, `floor(${rnd('address_id * 43 + first_i', 505)} * 60)::int`)} end`,
  );
  // Ids in time order; each approved payment's number in its series, in the same order.
  await run(
    db,
    `create temp table scale_ordered on commit drop as
     with numbered as (
       select s.*, row_number() over (order by s.created_at, s.address_id, s.first_i, s.status)::int as k from scale_pay s
     ), seried as (
       select n.*, 1 + floor(${rnd('n.k', 522)} * ${SERIES})::int as serie_k from numbered n
     )
     select x.*, case when x.status = 1 then row_number() over (partition by x.serie_k, x.status order by x.k) end as correlative from seried x`,
  );
  await keyed(db, 'scale_ordered', 'k');
}

async function insertPayments({ db, anchor }: StageContext): Promise<{ base: number; count: number }> {
  const base = await nextIdBase(db, 'payments');
  const count = await scalar(db, 'select count(*) from scale_ordered');
  const banks = await scalar(db, 'select count(*) from scale_banks');
  const slice = 250_000;
  for (let from = 1; from <= count; from += slice) {
    await run(
      db,
      `insert into payments (id, client_id, address_payment_id, payment_method_id, bank_id, serie_id, status, type_document, number_correlative, number,
                             checkbook_number, date_payment, date_bill, exchange_rate, exchange_rate_id, amount_payment, amount_bill, dollar_amount_payment,
                             dollar_amount_bill, tax_base, iva, is_apply_retention, retention, reference, terminal, lot_number, notes, type_payment_month,
                             months_payment, bdv_verified, hash, created_by, created_at, updated_at)
       with facts as (
         select o.*, ${base} + o.k as id,
                case when ${rnd('o.k', 520)} < 0.35 then 1 when ${rnd('o.k', 520)} < 0.55 then 2 when ${rnd('o.k', 520)} < 0.80 then 3 else 4 end as method,
                1 + floor(${rnd('o.k', 523)} * ${CASHIERS})::int as cashier_k,
                least(o.first_i, ${anchor}) as created_i,
                (o.created_at at time zone 'America/Caracas')::date as day,
                o.last_i - o.first_i + 1 as months,
                o.type = 1 and ${rnd('o.k', 524)} < 0.3 as retained
         from scale_ordered o where o.k between ${from} and ${from + slice - 1}
       ), rated as (
         select f.*, round(${DOLLAR_NOW}::numeric * power(0.97::numeric, ${anchor} - f.created_i) * (case when f.type = 1 then 1.09 else 1 end), 2) as rate,
                round(f.fee * f.months, 2) as base
         from facts f
       ), taxed as (
         select r.*, case when r.type = 1 then round(r.base * 0.16, 2) else 0 end as iva from rated r
       ), totals as (
         select t.*, case when t.retained then round(t.iva * 0.75, 2) else 0 end as retention, t.base + t.iva as total from taxed t
       )
       select t.id, t.client_id, t.address_id, t.method, case when t.method in (1, 3) then b.id end, se.id, t.status,
              case when t.status = 1 and ${rnd('t.k', 527)} < 0.01 then '04' else '01' end, lpad(t.correlative::text, 8, '0'),
              case when t.status = 1 then lpad(((t.id::bigint * 7919) % 100000000)::text, 8, '0') end,
              case when t.status = 1 then 'CH-' || lpad((1 + floor(${rnd('t.k', 526)} * 400))::text, 4, '0') end,
              t.day - (case when t.method = 1 then 1 else 0 end), case when t.status = 1 then t.day end,
              t.rate, case when t.type = 1 then 2 else 1 end,
              round((t.total - t.retention) * t.rate, 2), round(t.total * t.rate, 2), t.total - t.retention, t.total,
              t.base, t.iva, t.retained, t.retention,
              case when t.method in (1, 3) then lpad(((t.id::bigint * 982451653) % 1000000000000)::text, 12, '0') end,
              case when t.method = 2 then 'TER-' || lpad((1 + floor(${rnd('t.k', 525)} * 60))::text, 3, '0') end,
              case when t.method = 2 then 'L-' || to_char(t.day, 'YYMMDD') end,
              case t.status when 2 then 'La referencia no aparece en el estado de cuenta.' when 1 then '' end,
              case when t.months > 1 or t.first_i <> t.created_i then 1 else 0 end,
              array(select ${monthText('g')} from generate_series(t.first_i, t.last_i) as g)::varchar(7)[],
              t.method = 3 and t.status = 1 and ${rnd('t.k', 528)} < 0.5,
              encode(sha256(('recaudo-scale-payment-' || t.id)::bytea), 'hex'),
              ca.id, t.created_at, t.created_at
       from totals t
       join scale_series se on se.k = t.serie_k
       join scale_cashiers ca on ca.k = t.cashier_k
       left join scale_banks b on b.k = 1 + (t.k % ${Math.max(1, banks)})
       order by t.id`,
    );
  }
  return { base, count };
}

/** The ledger rows of each live payment's months name it (pending while Procesando). */
async function cover({ db, options }: StageContext, base: number): Promise<void> {
  await run(db, 'create index on scale_ordered (a)');
  const slice = 25_000;
  for (let from = 1; from <= options.addresses; from += slice) {
    await run(
      db,
      `update address_months am set payment_id = x.id, pending = x.pending
       from (select ${base} + o.k as id, o.address_id, ${monthText('g.i')} as month, o.status = 0 as pending
             from scale_ordered o cross join lateral generate_series(o.first_i, o.last_i) as g(i)
             where o.status <> 2 and o.a between ${from} and ${from + slice - 1}) as x
       where am.address_payment_id = x.address_id and am.month = x.month`,
    );
  }
}

export async function paymentsStage(context: StageContext): Promise<void> {
  const { db, options } = context;
  const total = options.payments ?? options.addresses * 8;
  for (const [table, trigger] of STAGE_TRIGGERS) await run(db, `alter table ${table} disable trigger ${trigger}`);
  await seriesAndCashiers(context);
  await payable(context);
  await plan(context, total);
  const { base } = await insertPayments(context);
  await cover(context, base);
  // The payment counts the triggers would have kept (migrations 0007, 0010, 0013).
  await run(
    db,
    `update addresses_payments ap set payments_count = ap.payments_count + c.n
     from (select address_payment_id, count(*)::int as n from payments where id > ${base} group by address_payment_id) as c
     where ap.id = c.address_payment_id`,
  );
  await run(
    db,
    `insert into activity_payment_counts as c (economic_activity_id, payments)
     select ap.economic_activity_id, count(*) from payments p join addresses_payments ap on ap.id = p.address_payment_id
     where p.id > ${base} and ap.economic_activity_id is not null group by ap.economic_activity_id
     on conflict (economic_activity_id) do update set payments = c.payments + excluded.payments`,
  );
  await run(
    db,
    `insert into serie_payment_counts as c (serie_id, payments)
     select serie_id, count(*) from payments where id > ${base} and serie_id is not null group by serie_id
     on conflict (serie_id) do update set payments = c.payments + excluded.payments`,
  );
  await run(
    db,
    `insert into payment_method_payment_counts as c (payment_method_id, payments)
     select payment_method_id, count(*) from payments where id > ${base} group by payment_method_id
     on conflict (payment_method_id) do update set payments = c.payments + excluded.payments`,
  );
  // The daily totals by location of the new approved payments (migration 0011).
  await run(
    db,
    `insert into payment_day_totals as t (day, type, state_id, municipality_id, parish_id, community_id, payments, amount_bill, amount_payment, dollar_amount_bill, dollar_amount_payment)
     select (p.created_at at time zone 'America/Caracas')::date, ap.type, coalesce(ap.state_id, 0), coalesce(ap.municipality_id, 0), coalesce(ap.parish_id, 0), coalesce(ap.community_id, 0),
            count(*), sum(p.amount_bill), sum(p.amount_payment), sum(p.dollar_amount_bill), sum(p.dollar_amount_payment)
     from payments p join addresses_payments ap on ap.id = p.address_payment_id
     where p.id > ${base} and p.status = 1
     group by 1, 2, 3, 4, 5, 6
     on conflict (day, type, state_id, municipality_id, parish_id, community_id) do update set payments = t.payments + excluded.payments,
       amount_bill = t.amount_bill + excluded.amount_bill, amount_payment = t.amount_payment + excluded.amount_payment,
       dollar_amount_bill = t.dollar_amount_bill + excluded.dollar_amount_bill, dollar_amount_payment = t.dollar_amount_payment + excluded.dollar_amount_payment`,
  );
  await run(
    db,
    `update correlatives c set number = lpad(x.n::text, 8, '0')
     from (select serie_id, max(number_correlative)::bigint as n from payments where id > ${base} and number_correlative is not null group by serie_id) as x
     where c.id = x.serie_id`,
  );
  await syncSequence(db, 'payments');
  for (const [table, trigger] of STAGE_TRIGGERS) await run(db, `alter table ${table} enable trigger ${trigger}`);
}
