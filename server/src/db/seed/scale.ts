import { currentMonth, isMonth, type Month } from '@recaudo/domain/months';
import type { Database, Executor } from '../client';
import { paymentsStage } from './scale-payments';
import { activities, COMMUNITY_NAMES, regional } from './scale-places';
import { BUSINESS_FORMS, BUSINESS_KINDS, BUSINESS_NAMES, FIRST_NAMES, LAST_NAMES, STREETS } from './scale-words';
import { keyed, monthDate, monthIndex, monthText, nextIdBase, pick, rnd, run, scalar, syncSequence, type StageContext } from './scale-sql';

/**
 * The scale data set of DESIGN §8 (`npm run seed:scale`): regional units, economic activities,
 * clients, payment addresses and their month ledger, written by set-based SQL (generate_series
 * and integer arithmetic), so the same parameters and anchor month give the same rows, ids
 * included, on every run.
 *
 * Stages run in order inside one transaction; each reads only what earlier stages wrote (the
 * `scale_*` temporary tables map a stage's ordinal numbers to ids). A payments stage goes after
 * `ledger`: it can group each address's consecutive ledger rows into payments and set their
 * `payment_id` (the `pending` rows are the last month of ~1.5 % of the addresses).
 */

export interface ScaleOptions {
  clients: number;
  addresses: number;
  /** The month the data is "as of": coverage runs up to it (and ahead to its December). */
  month: Month;
  /** Payments in all (scale-payments.ts); default 8 per address, 2 000 000 for the default set. */
  payments?: number;
}

export interface ScaleCounts {
  states: number;
  communities: number;
  activities: number;
  clients: number;
  addresses: number;
  months: number;
  pending: number;
  payments: number;
}

export const SCALE_DEFAULTS = { clients: 200_000, addresses: 250_000 } as const;

/** SCALE_CLIENTS, SCALE_ADDRESSES, SCALE_PAYMENTS and SCALE_MONTH (YYYY-MM, default the current Caracas month). */
export function scaleOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): ScaleOptions {
  const whole = (name: string, fallback: number) => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    const parsed = Number(value.replace(/_/g, ''));
    if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} debe ser un entero positivo`);
    return parsed;
  };
  const month = env.SCALE_MONTH || currentMonth();
  if (!isMonth(month)) throw new Error('SCALE_MONTH debe tener la forma YYYY-MM');
  const addresses = whole('SCALE_ADDRESSES', SCALE_DEFAULTS.addresses);
  const options = { clients: whole('SCALE_CLIENTS', SCALE_DEFAULTS.clients), addresses, month, payments: whole('SCALE_PAYMENTS', addresses * 8) };
  if (options.addresses < options.clients) throw new Error('SCALE_ADDRESSES no puede ser menor que SCALE_CLIENTS (cada cliente tiene al menos una dirección)');
  return options;
}

/* ---------------- Stages ---------------- */

/**
 * 88 % residential clients (V, 7 % E) and 12 % commercial (J, 10 % G). The identification
 * ranges (V 1–7.9 M, E 80 M+, G 200 M+, J 400 M+) miss the demo clients', so both sets fit.
 */
async function clientsStage({ db, options, anchor }: StageContext): Promise<void> {
  const base = await nextIdBase(db, 'clients');
  await run(
    db,
    `create temp table scale_clients on commit drop as
     select n, ${base} + n as id, case when ${rnd('n', 301)} < 0.12 then 1 else 0 end as type, ${rnd('n', 302)} as kind
     from generate_series(1, ${options.clients}) as n`,
  );
  await keyed(db, 'scale_clients', 'n');
  const person = `${pick(FIRST_NAMES, rnd('n', 303))} || ' ' || ${pick(LAST_NAMES, rnd('n', 304))} || ' ' || ${pick(LAST_NAMES, rnd('n', 305))}`;
  const business = `${pick(BUSINESS_KINDS, rnd('n', 306))} || ' ' || ${pick(BUSINESS_NAMES, rnd('n', 307))} || ' ' || ${pick(BUSINESS_FORMS, rnd('n', 308))}`;
  // Registered over the five years before the anchor, in client order.
  const created = `(${monthDate(`${anchor} - 60`)}::timestamp + (n::double precision / ${options.clients}) * (${monthDate(`${anchor}`)}::timestamp - ${monthDate(`${anchor} - 60`)}::timestamp)) at time zone 'America/Caracas'`;
  await run(
    db,
    `insert into clients (id, type, name, identification_type, identification, email, phone, gender, address, created_at, updated_at)
     select id, type,
            case when type = 0 then ${person} else ${business} end,
            case when type = 0 then (case when kind < 0.93 then 'V' else 'E' end) else (case when kind < 0.9 then 'J' else 'G' end) end,
            (case when type = 0 then (case when kind < 0.93 then 1000000 + (n::bigint * 7919) % 6900000 else 80000000 + (n::bigint * 7919) % 9000000 end)
                  else (case when kind < 0.9 then 400000000 + (n::bigint * 7919) % 90000000 else 200000000 + (n::bigint * 7919) % 90000000 end) end)::text,
            case when ${rnd('n', 309)} < 0.7 then 'cliente' || n || '@correo.test' end,
            case when ${rnd('n', 310)} < 0.85 then jsonb_build_array(${pick(['412', '414', '416', '424', '426'], rnd('n', 311))} || lpad(((n::bigint * 104729) % 10000000)::text, 7, '0')) else '[]'::jsonb end,
            case when type = 0 then (case when ${rnd('n', 312)} < 0.5 then 'F' else 'M' end) end,
            ${pick(STREETS, rnd('n', 313))} || ', casa ' || (1 + n % 97),
            ${created}, ${created}
     from scale_clients order by n`,
  );
  await syncSequence(db, 'clients');
}

/**
 * One address per client, then the rest to clients picked across the list. The first address
 * follows the client's type; the extra ones are half commercial (~20 % commercial in all).
 * 0.4 % are incomplete, 8 % of the commercial ones have a custom fee, a quarter have their
 * own start date. `scale_plan` keeps each address's start month and coverage runs for the ledger.
 */
async function addresses({ db, options, anchor }: StageContext): Promise<void> {
  const base = await nextIdBase(db, 'addresses_payments');
  const communities = await scalar(db, 'select count(*) from scale_communities');
  const activityCount = await scalar(db, 'select count(*) from scale_activities');
  await run(
    db,
    `create temp table scale_plan on commit drop as
     with picked as (
       select a, ${base} + a as id,
              case when a <= ${options.clients} then a else 1 + ((a::bigint * 2654435761) % ${options.clients})::int end as client_n,
              1 + floor(${rnd('a', 401)} * ${communities})::int as community_k,
              1 + floor(${rnd('a', 402)} * ${activityCount})::int as activity_k,
              ${rnd('a', 403)} < 0.004 as incomplete
       from generate_series(1, ${options.addresses}) as a
     ), typed as (
       select p.*, c.id as client_id, case when p.a <= ${options.clients} then c.type when ${rnd('p.a', 404)} < 0.5 then 1 else 0 end as type
       from picked p join scale_clients c on c.n = p.client_n
     ), located as (
       select t.*, co.id as community_id, co.start as community_start, co.fee as community_fee, pa.id as parish_id, pa.municipality_id, pa.state_id, pa.start as parish_start,
              act.id as activity_id,
              case when t.type = 0 then (case when t.incomplete then null else co.start end) else pa.start end as service_start
       from typed t join scale_communities co on co.k = t.community_k join scale_parishes pa on pa.k = co.parish_k join scale_activities act on act.k = t.activity_k
     ), dated as (
       select l.*,
              case when ${rnd('l.a', 405)} < 0.25 and l.service_start is not null then least(${anchor}, l.service_start + floor(${rnd('l.a', 406)} * 24)::int) end as own_start,
              case when l.service_start is null then ${anchor} - floor(${rnd('l.a', 407)} * 36)::int
                   else least(${anchor}, greatest(l.service_start, ${anchor} - 60) + floor(${rnd('l.a', 408)} * greatest(1, ${anchor} - greatest(l.service_start, ${anchor} - 60) + 1))::int) end as created_month
       from located l
     ), started as (
       select d.*, coalesce(d.own_start, d.service_start, d.created_month) as start, ${rnd('d.a', 410)} as pattern
       from dated d
     )
     select s.*,
            greatest(0, ${anchor} - s.start + 1) as span,
            ((${anchor} / 12) * 12 + 11) as december
     from started s`,
  );
  await keyed(db, 'scale_plan', 'a');
  // Coverage runs: up to date (36 %, a third of them ahead to December), stopped 1–12 months
  // ago (30 %), a gap then paying again (16 %), joined late (10 %), never paid (8 %).
  await run(
    db,
    `alter table scale_plan add column run1_from int, add column run1_to int, add column run2_from int, add column run2_to int, add column pending boolean`,
  );
  await run(
    db,
    `update scale_plan set
       run1_from = case when pattern < 0.92 then start + case when pattern >= 0.82 then 1 + floor(${rnd('a', 411)} * 12)::int else 0 end end,
       run1_to = case
         when pattern < 0.36 then case when ${rnd('a', 412)} < 0.33 then december else ${anchor} end
         when pattern < 0.66 then ${anchor} - 1 - floor(${rnd('a', 413)} * 12)::int
         when pattern < 0.82 then least(december, start + floor(${rnd('a', 414)} * span / 2)::int)
         when pattern < 0.92 then ${anchor} end,
       pending = ${rnd('a', 416)} < 0.015`,
  );
  await run(
    db,
    `update scale_plan set
       run2_from = run1_to + 2 + floor(${rnd('a', 417)} * 6)::int,
       run2_to = case when ${rnd('a', 418)} < 0.15 then december else ${anchor} - floor(${rnd('a', 419)} * 3)::int end
     where pattern >= 0.66 and pattern < 0.82`,
  );

  await run(
    db,
    `insert into addresses_payments (id, client_id, type, address, state_id, municipality_id, parish_id, community_id, economic_activity_id, is_custom_fee, fee, date_start, created_at, updated_at)
     select id, client_id, type,
            ${pick(STREETS, rnd('a', 420))} || ', ' || case when type = 0 then 'casa ' else 'local ' end || (1 + a % 199) || ', ' || ${pick(COMMUNITY_NAMES, rnd('a', 421))},
            state_id, municipality_id, parish_id,
            case when type = 0 and not incomplete then community_id end,
            case when type = 1 and not incomplete then activity_id end,
            type = 1 and not incomplete and ${rnd('a', 422)} < 0.08,
            case when type = 1 and not incomplete and ${rnd('a', 422)} < 0.08 then (10 + floor(${rnd('a', 423)} * 200) * 0.5)::numeric(18, 2) end,
            case when own_start is not null then ${monthDate('own_start', `1 + a % 28`)} end,
            ${monthDate('created_month', `1 + a % 28`)}::timestamp at time zone 'America/Caracas' + make_interval(hours => 8 + a % 10, mins => a % 60),
            ${monthDate('created_month', `1 + a % 28`)}::timestamp at time zone 'America/Caracas' + make_interval(hours => 8 + a % 10, mins => a % 60)
     from scale_plan order by a`,
  );
  await syncSequence(db, 'addresses_payments');
}

/** Manual marks for each coverage run, written a slice of addresses at a time. */
async function ledger({ db, options }: StageContext): Promise<void> {
  const slice = 25_000;
  for (let from = 1; from <= options.addresses; from += slice) {
    await run(
      db,
      `insert into address_months (address_payment_id, month, payment_id, pending, created_at)
       select p.id, ${monthText('m.i')}, null, p.pending and m.i = greatest(p.run1_to, coalesce(p.run2_to, p.run1_to)),
              ${monthDate('m.i', '5')}::timestamp at time zone 'America/Caracas' + make_interval(hours => 9)
       from scale_plan p
       cross join lateral (
         select generate_series(p.run1_from, p.run1_to) as i
         union all
         select generate_series(p.run2_from, p.run2_to)
       ) as m
       where p.a between ${from} and ${from + slice - 1}
       order by p.id, m.i`,
    );
  }
  await syncSequence(db, 'address_months');
}

/**
 * The ledger summary of the new addresses, the list totals (migration 0005), the clients'
 * address counters (migration 0023) and the aging groups (migration 0038), in one pass each:
 * the stages above write with those triggers off, which would otherwise work on every slice.
 */
async function summary({ db }: StageContext): Promise<void> {
  await run(db, 'select address_ledger_refresh(array(select id from scale_plan))');
  await run(db, 'select address_totals_rebuild()');
  await run(db, 'select client_address_totals_rebuild()');
  await run(db, 'select address_aging_rebuild()');
}

/** The triggers that keep the ledger summary per statement; off while `seedScale` writes. */
const SUMMARY_TRIGGERS = [
  ['addresses_payments', 'addresses_payments_summary_insert'],
  ['addresses_payments', 'addresses_payments_totals_insert'],
  ['addresses_payments', 'addresses_payments_totals_update'],
  ['addresses_payments', 'addresses_payments_client_totals_insert'],
  ['addresses_payments', 'addresses_payments_client_totals_update'],
  ['addresses_payments', 'addresses_payments_aging_insert'],
  ['addresses_payments', 'addresses_payments_aging_update'],
  ['address_months', 'address_months_summary_insert'],
] as const;

/** In order: `payments` groups the ledger's months into payments before `summary` reads the ledger. */
export const SCALE_STAGES = [
  { name: 'regional', run: regional },
  { name: 'activities', run: activities },
  { name: 'clients', run: clientsStage },
  { name: 'addresses', run: addresses },
  { name: 'ledger', run: ledger },
  { name: 'payments', run: paymentsStage },
  { name: 'summary', run: summary },
] as const;

/**
 * Writes the scale set beside whatever the database holds (base seed, demo data); a database
 * that already has it is refused. One transaction: a failure leaves nothing behind.
 */
export async function seedScale(db: Database, options: ScaleOptions, log: (message: string) => void = () => {}): Promise<ScaleCounts> {
  const anchor = monthIndex(options.month);
  await db.transaction(async (tx) => {
    if ((await scalar(tx, `select count(*) from economic_activities where code like 'ESC-%'`)) > 0) {
      throw new Error('La base de datos ya tiene el conjunto de escala.');
    }
    for (const [table, trigger] of SUMMARY_TRIGGERS) await run(tx, `alter table ${table} disable trigger ${trigger}`);
    for (const stage of SCALE_STAGES) {
      const started = performance.now();
      await stage.run({ db: tx, options, anchor });
      log(`${stage.name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    for (const [table, trigger] of SUMMARY_TRIGGERS) await run(tx, `alter table ${table} enable trigger ${trigger}`);
  });
  return scaleCounts(db);
}

export async function scaleCounts(db: Executor): Promise<ScaleCounts> {
  const count = (text: string) => scalar(db, text);
  return {
    states: await count('select count(*) from states'),
    communities: await count('select count(*) from communities'),
    activities: await count('select count(*) from economic_activities'),
    clients: await count('select count(*) from clients'),
    addresses: await count('select count(*) from addresses_payments'),
    months: await count('select count(*) from address_months'),
    pending: await count('select count(*) from address_months where pending'),
    payments: await count('select count(*) from payments'),
  };
}
