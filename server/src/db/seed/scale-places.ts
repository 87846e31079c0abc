import { keyed, monthDate, nextIdBase, pick, rnd, run, syncSequence, words, type StageContext } from './scale-sql';
import { FIRST_NAMES, LAST_NAMES } from './scale-words';

/** The scale set's regional units and economic activities, the first two stages of seed:scale. */

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
export const COMMUNITY_NAMES = ['Los Samanes', 'El Paraíso', 'La Esperanza', 'Las Acacias', 'Villa Hermosa', 'El Bosque', 'Los Jardines', 'La Floresta', 'Altos del Sol', 'Brisas del Lago', 'San Rafael', 'Monte Claro'];
const ACTIVITY_GROUPS = ['Alimentos y bebidas', 'Salud', 'Construcción', 'Transporte', 'Educación', 'Turismo', 'Tecnología', 'Manufactura'];
const ACTIVITIES_PER_GROUP = 6;
const ACTIVITY_NAMES = ['Venta al detal', 'Venta al mayor', 'Servicios profesionales', 'Talleres', 'Distribución', 'Oficinas administrativas'];

/** 6 states (reused when the demo made them), 30 municipalities, 120 parishes, 480 communities. */
export async function regional({ db, anchor }: StageContext): Promise<void> {
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
export async function activities({ db }: StageContext): Promise<void> {
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
