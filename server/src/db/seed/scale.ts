import { sql } from 'drizzle-orm';
import { currentMonth, isMonth, type Month } from '@recaudo/domain/months';
import type { Database, Executor } from '../client';
import { paymentsStage } from './scale-payments';

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

/* ---------------- Fixed shapes of the regional and activity data ---------------- */

const STATES = ['Aragua', 'Lara', 'Zulia', 'Miranda', 'Distrito Capital', 'Mérida'];
const MUNICIPALITIES_PER_STATE = 5;
const PARISHES_PER_MUNICIPALITY = 4;
const COMMUNITIES_PER_PARISH = 4;
const MUNICIPALITY_NAMES = [
  'Girardot', 'Mario Briceño Iragorry', 'Santiago Mariño', 'Sucre', 'Zamora',
  'Iribarren', 'Palavecino', 'Torres', 'Jiménez', 'Morán',
  'Maracaibo', 'San Francisco', 'Cabimas', 'Lagunillas', 'Mara',
  'Chacao', 'Baruta', 'El Hatillo', 'Plaza', 'Zamora de Miranda',
  'Libertador', 'Caricuao', 'El Valle', 'La Vega', 'Antímano',
  'Campo Elías', 'Alberto Adriani', 'Tovar', 'Rangel', 'Santos Marquina',
];
const PARISH_NAMES = ['Catedral', 'San José', 'Santa Rosa', 'El Carmen', 'La Candelaria', 'San Juan', 'Concepción', 'Santa Lucía'];
const COMMUNITY_PREFIXES = ['Urb.', 'Barrio', 'Sector', 'Conj. Res.'];
const COMMUNITY_NAMES = ['Los Samanes', 'El Paraíso', 'La Esperanza', 'Las Acacias', 'Villa Hermosa', 'El Bosque', 'Los Jardines', 'La Floresta', 'Altos del Sol', 'Brisas del Lago', 'San Rafael', 'Monte Claro'];
const ACTIVITY_GROUPS = ['Alimentos y bebidas', 'Salud', 'Construcción', 'Transporte', 'Educación', 'Turismo', 'Tecnología', 'Manufactura'];
const ACTIVITIES_PER_GROUP = 6;
const ACTIVITY_NAMES = ['Venta al detal', 'Venta al mayor', 'Servicios profesionales', 'Talleres', 'Distribución', 'Oficinas administrativas'];

const FIRST_NAMES = ['José', 'María', 'Luis', 'Carmen', 'Carlos', 'Ana', 'Jesús', 'Rosa', 'Pedro', 'Luisa', 'Miguel', 'Gabriela', 'Rafael', 'Daniela', 'Andrés', 'Yolanda', 'Juan', 'Milagros', 'Francisco', 'Carolina', 'Antonio', 'Andreína', 'Manuel', 'Yusmary', 'Víctor', 'Marisol', 'Ricardo', 'Beatriz', 'Alejandro', 'Elena'];
const LAST_NAMES = ['Rodríguez', 'González', 'Hernández', 'Martínez', 'Pérez', 'Sánchez', 'Ramírez', 'Torres', 'Flores', 'Díaz', 'Morales', 'Rojas', 'Castillo', 'Mendoza', 'Herrera', 'Silva', 'Romero', 'Gutiérrez', 'Álvarez', 'Medina', 'Suárez', 'Blanco', 'Vargas', 'Contreras', 'Guerrero', 'Marcano', 'Salazar', 'Chacón', 'Briceño', 'Linares', 'Acosta', 'Parra', 'Rivas', 'Moreno', 'Ochoa', 'Zambrano', 'Colmenares', 'Villarroel', 'Urdaneta', 'Quintero'];
const BUSINESS_KINDS = ['Inversiones', 'Comercial', 'Distribuidora', 'Panadería', 'Farmacia', 'Ferretería', 'Abasto', 'Restaurante', 'Taller', 'Servicios', 'Textiles', 'Inmobiliaria'];
const BUSINESS_NAMES = ['El Roble', 'La Espiga', 'San Rafael', 'El Tornillo', 'Sabor Criollo', 'Oriente', 'Los Andes', 'La Esquina', 'El Lago', 'Del Centro', 'Caribe', 'La Victoria', 'Bolívar', 'El Sol', 'Horizonte', 'Avila'];
const BUSINESS_FORMS = ['C.A.', 'S.A.', 'S.R.L.', '2020 C.A.', 'y Asociados'];
const STREETS = ['Av. Bolívar', 'Calle Páez', 'Av. Las Delicias', 'Calle Sucre', 'Av. Universidad', 'Calle Miranda', 'Av. Principal', 'Calle Real', 'Carrera 5', 'Av. Intercomunal'];

/* ---------------- SQL helpers ---------------- */

/** A text[] literal of fixed words (ours, no quotes inside). */
const words = (list: readonly string[]) => `array[${list.map((word) => `'${word.replace(/'/g, "''")}'`).join(', ')}]::text[]`;
/** A word of `list` picked by a number in [0, 1). */
const pick = (list: readonly string[], unit: string) => `(${words(list)})[1 + floor((${unit}) * ${list.length})::int]`;
/**
 * Deterministic number in [0, 1) from an integer and a salt: multiply-xorshift on 32 bits,
 * twice. Written out as one expression (a SQL function with a FROM would not be inlined and
 * costs a call per row); cheap, well spread, and the same on every PostgreSQL.
 */
export function rnd(n: string, salt: number): string {
  const x = `((${n})::bigint * 2654435761 + ${salt * 2246822519 + 12345}) % 4294967296`;
  const y = `((${x}) # ((${x}) >> 16)) * 73244475 % 4294967296`;
  return `(((${y}) # ((${y}) >> 15))::double precision / 4294967296.0)`;
}
/** 'YYYY-MM' of a month index (year × 12 + month − 1). */
export const monthText = (index: string) => `(lpad(((${index}) / 12)::text, 4, '0') || '-' || lpad(((${index}) % 12 + 1)::text, 2, '0'))`;
/** First day of a month index. */
export const monthDate = (index: string, day = '1') => `make_date((${index}) / 12, (${index}) % 12 + 1, ${day})`;
const monthIndex = (month: Month) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

export async function run(db: Executor, text: string): Promise<void> {
  const t0 = performance.now();
  await db.execute(sql.raw(text));
  if (process.env.SCALE_DEBUG) console.log(((performance.now() - t0) / 1000).toFixed(2), text.slice(0, 80).replace(/\s+/g, ' '));
}

/** A temporary table of a stage, with its key and statistics so the next joins plan well. */
export async function keyed(db: Executor, table: string, key: string): Promise<void> {
  await run(db, `alter table ${table} add primary key (${key})`);
  await run(db, `analyze ${table}`);
}

export async function scalar(db: Executor, text: string): Promise<number> {
  const result = (await db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
  return Number(Object.values(result.rows[0] ?? {})[0] ?? 0);
}

/** Ids continue after the rows already there (base and demo seeds), then the sequence follows. */
export const nextIdBase = (db: Executor, table: string) => scalar(db, `select coalesce(max(id), 0) from ${table}`);
export const syncSequence = (db: Executor, table: string) =>
  run(db, `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`);

export interface StageContext {
  db: Executor;
  options: ScaleOptions;
  /** Month index of `options.month`. */
  anchor: number;
}

/* ---------------- Stages ---------------- */

/** 6 states (reused when the demo made them), 30 municipalities, 120 parishes, 480 communities. */
async function regional({ db, anchor }: StageContext): Promise<void> {
  await run(
    db,
    `insert into states (name, created_at, updated_at)
     select s.name, timestamptz '2020-01-01 08:00-04', timestamptz '2020-01-01 08:00-04'
     from unnest(${words(STATES)}) with ordinality as s(name, k)
     where not exists (select 1 from states x where x.name = s.name) order by s.k`,
  );
  await run(
    db,
    `create temp table scale_states on commit drop as
     select s.k::int as k, (select min(x.id) from states x where x.name = s.name) as id from unnest(${words(STATES)}) with ordinality as s(name, k)`,
  );
  await keyed(db, 'scale_states', 'k');

  const municipalityBase = await nextIdBase(db, 'municipalities');
  await run(
    db,
    `create temp table scale_municipalities on commit drop as
     select m as k, ${municipalityBase} + m as id, st.id as state_id, (${words(MUNICIPALITY_NAMES)})[m] as name
     from generate_series(1, ${STATES.length * MUNICIPALITIES_PER_STATE}) as m
     join scale_states st on st.k = (m - 1) / ${MUNICIPALITIES_PER_STATE} + 1`,
  );
  await keyed(db, 'scale_municipalities', 'k');
  await run(
    db,
    `insert into municipalities (id, state_id, name, created_at, updated_at)
     select id, state_id, name, timestamptz '2020-01-01 08:00-04', timestamptz '2020-01-01 08:00-04' from scale_municipalities order by k`,
  );

  // Parishes open their commercial service between 60 and 13 months before the anchor.
  const parishBase = await nextIdBase(db, 'parishes');
  const parishCount = STATES.length * MUNICIPALITIES_PER_STATE * PARISHES_PER_MUNICIPALITY;
  await run(
    db,
    `create temp table scale_parishes on commit drop as
     select p as k, ${parishBase} + p as id, mu.id as municipality_id, mu.state_id,
            (${words(PARISH_NAMES)})[1 + (p - 1 + mu.k) % ${PARISH_NAMES.length}] as name,
            ${anchor} - 60 + floor(${rnd('p', 101)} * 48)::int as start
     from generate_series(1, ${parishCount}) as p
     join scale_municipalities mu on mu.k = (p - 1) / ${PARISHES_PER_MUNICIPALITY} + 1`,
  );
  await keyed(db, 'scale_parishes', 'k');
  await run(
    db,
    `insert into parishes (id, municipality_id, name, date_start, created_at, updated_at)
     select id, municipality_id, name, ${monthDate('start')}, timestamptz '2020-01-01 08:00-04', timestamptz '2020-01-01 08:00-04' from scale_parishes order by k`,
  );

  // Communities start with or after their parish; one in fifty starts in the coming months.
  const communityBase = await nextIdBase(db, 'communities');
  await run(
    db,
    `create temp table scale_communities on commit drop as
     select c as k, ${communityBase} + c as id, pa.k as parish_k, pa.id as parish_id,
            (${words(COMMUNITY_PREFIXES)})[1 + (c - 1) % ${COMMUNITY_PREFIXES.length}] || ' ' || (${words(COMMUNITY_NAMES)})[1 + (c * 7) % ${COMMUNITY_NAMES.length}] as name,
            (3 + floor(${rnd('c', 102)} * 35) * 0.5)::numeric(18, 2) as fee,
            case when ${rnd('c', 103)} < 0.02 then ${anchor} + 1 + floor(${rnd('c', 104)} * 3)::int
                 else least(${anchor} - 6, pa.start + floor(${rnd('c', 105)} * 30)::int) end as start
     from generate_series(1, ${parishCount * COMMUNITIES_PER_PARISH}) as c
     join scale_parishes pa on pa.k = (c - 1) / ${COMMUNITIES_PER_PARISH} + 1`,
  );
  await keyed(db, 'scale_communities', 'k');
  await run(
    db,
    `insert into communities (id, parish_id, name, number_houses, responsible_name, responsible_phone, fee, date_start, created_at, updated_at)
     select id, parish_id, name, 100 + (k * 37) % 500, ${pick(FIRST_NAMES, rnd('k', 106))} || ' ' || ${pick(LAST_NAMES, rnd('k', 107))},
            '414' || lpad(((k * 7919) % 10000000)::text, 7, '0'), fee, ${monthDate('start')}, timestamptz '2020-01-01 08:00-04', timestamptz '2020-01-01 08:00-04'
     from scale_communities order by k`,
  );
  for (const table of ['states', 'municipalities', 'parishes', 'communities']) await syncSequence(db, table);
}

/** 8 activity groups with 6 activities each, fees from $10 to $120. */
async function activities({ db }: StageContext): Promise<void> {
  const groupBase = await nextIdBase(db, 'activity_groups');
  await run(
    db,
    `insert into activity_groups (id, name, created_at, updated_at)
     select ${groupBase} + g.k, g.name, timestamptz '2020-01-01 08:00-04', timestamptz '2020-01-01 08:00-04'
     from unnest(${words(ACTIVITY_GROUPS)}) with ordinality as g(name, k) order by g.k`,
  );
  const activityBase = await nextIdBase(db, 'economic_activities');
  await run(
    db,
    `create temp table scale_activities on commit drop as
     select a as k, ${activityBase} + a as id, ${groupBase} + (a - 1) / ${ACTIVITIES_PER_GROUP} + 1 as group_id,
            (${words(ACTIVITY_NAMES)})[1 + (a - 1) % ${ACTIVITY_NAMES.length}] || ' (' || (${words(ACTIVITY_GROUPS)})[(a - 1) / ${ACTIVITIES_PER_GROUP} + 1] || ')' as name,
            (10 + floor(${rnd('a', 201)} * 23) * 5)::numeric(18, 2) as fee
     from generate_series(1, ${ACTIVITY_GROUPS.length * ACTIVITIES_PER_GROUP}) as a`,
  );
  await keyed(db, 'scale_activities', 'k');
  await run(
    db,
    `insert into economic_activities (id, activity_group_id, name, code, fee, created_at, updated_at)
     select id, group_id, name, 'ESC-' || lpad(k::text, 3, '0'), fee, timestamptz '2020-01-01 08:00-04', timestamptz '2020-01-01 08:00-04' from scale_activities order by k`,
  );
  for (const table of ['activity_groups', 'economic_activities']) await syncSequence(db, table);
}

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
 * The ledger summary of the new addresses, the list totals (migration 0005) and the clients'
 * address counters (migration 0023), in one pass each:
 * the stages above write with those triggers off, which would otherwise work on every slice.
 */
async function summary({ db }: StageContext): Promise<void> {
  await run(db, 'select address_ledger_refresh(array(select id from scale_plan))');
  await run(db, 'select address_totals_rebuild()');
  await run(db, 'select client_address_totals_rebuild()');
}

/** The triggers that keep the ledger summary per statement; off while `seedScale` writes. */
const SUMMARY_TRIGGERS = [
  ['addresses_payments', 'addresses_payments_summary_insert'],
  ['addresses_payments', 'addresses_payments_totals_insert'],
  ['addresses_payments', 'addresses_payments_totals_update'],
  ['addresses_payments', 'addresses_payments_client_totals_insert'],
  ['addresses_payments', 'addresses_payments_client_totals_update'],
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
