import type { Executor } from '../client';
import { lateFeeValues } from '../../modules/fees/late-fee-columns';
import { communities, municipalities, parishes, states } from '../../modules/regional/tables';

/** Venezuela's 23 states and the Capital District. */
const STATES = [
  'Amazonas', 'Anzoátegui', 'Apure', 'Aragua', 'Barinas', 'Bolívar', 'Carabobo', 'Cojedes', 'Delta Amacuro', 'Distrito Capital', 'Falcón', 'Guárico',
  'La Guaira', 'Lara', 'Mérida', 'Miranda', 'Monagas', 'Nueva Esparta', 'Portuguesa', 'Sucre', 'Táchira', 'Trujillo', 'Yaracuy', 'Zulia',
];

/** Carabobo's 14 municipalities. */
const CARABOBO = [
  'Bejuma', 'Carlos Arvelo', 'Diego Ibarra', 'Guacara', 'Juan José Mora', 'Libertador', 'Los Guayos', 'Miranda', 'Montalbán', 'Naguanagua', 'Puerto Cabello',
  'San Diego', 'San Joaquín', 'Valencia',
];

const PARISHES: Record<string, { name: string; dateStart: string }[]> = {
  Valencia: [
    { name: 'Candelaria', dateStart: '2023-01-01' },
    { name: 'Catedral', dateStart: '2023-01-01' },
    { name: 'El Socorro', dateStart: '2023-06-01' },
    { name: 'Miguel Peña', dateStart: '2023-06-01' },
    { name: 'Negro Primero', dateStart: '2024-01-01' },
    { name: 'Rafael Urdaneta', dateStart: '2023-06-01' },
    { name: 'San Blas', dateStart: '2023-01-01' },
    { name: 'San José', dateStart: '2023-01-01' },
    { name: 'Santa Rosa', dateStart: '2023-06-01' },
  ],
  Naguanagua: [{ name: 'Naguanagua', dateStart: '2023-03-01' }],
};

type DemoCommunity = { name: string; numberHouses: number; responsibleName: string; responsiblePhone: string; fee: string; dateStart: string } & Partial<ReturnType<typeof lateFeeValues>>;

const COMMUNITIES: Record<string, DemoCommunity[]> = {
  'San José': [
    { name: 'Urb. El Viñedo', numberHouses: 320, responsibleName: 'Luisa Márquez', responsiblePhone: '4141234501', fee: '12.50', dateStart: '2023-01-01' },
    { name: 'Urb. La Alegría', numberHouses: 180, responsibleName: 'Pedro Rangel', responsiblePhone: '4241234502', fee: '10.00', dateStart: '2023-02-01' },
  ],
  Catedral: [{ name: 'Casco Central', numberHouses: 450, responsibleName: 'Carmen Ochoa', responsiblePhone: '4121234503', fee: '7.50', dateStart: '2023-01-01' }],
  'San Blas': [{ name: 'Barrio San Blas', numberHouses: 260, responsibleName: 'José Gil', responsiblePhone: '4161234504', fee: '5.00', dateStart: '2023-04-01' }],
  Naguanagua: [
    { name: 'Urb. Mañongo', numberHouses: 540, responsibleName: 'Andrea Pérez', responsiblePhone: '4261234505', fee: '12.00', dateStart: '2023-03-01' },
    { name: 'Urb. La Granja', numberHouses: 410, responsibleName: 'Miguel Torres', responsiblePhone: '4221234506', fee: '9.50', dateStart: '2023-03-01' },
    // The one demo community that charges the late-payment surcharge (issue 50): 2 % a month after 15 days of grace, at most 12 months.
    {
      name: 'Los Guayabitos',
      numberHouses: 150,
      responsibleName: 'Rosa Silva',
      responsiblePhone: '2731234507',
      fee: '6.00',
      dateStart: '2023-05-01',
      ...lateFeeValues({ percent: '2.00', grace_days: 15, cap_months: 12, cap_percent: null }),
    },
  ],
};

/** Demo regional data: every state, Carabobo's municipalities, parishes of Valencia and Naguanagua, and communities with fees. */
export async function seedDemoRegional(db: Executor): Promise<void> {
  const stateRows = await db.insert(states).values(STATES.map((name) => ({ name }))).returning();
  const carabobo = stateRows.find((row) => row.name === 'Carabobo')!;
  const municipalityRows = await db.insert(municipalities).values(CARABOBO.map((name) => ({ name, stateId: carabobo.id }))).returning();
  for (const [municipalityName, list] of Object.entries(PARISHES)) {
    const municipality = municipalityRows.find((row) => row.name === municipalityName)!;
    const parishRows = await db.insert(parishes).values(list.map((parish) => ({ ...parish, municipalityId: municipality.id }))).returning();
    for (const parish of parishRows) {
      const list = COMMUNITIES[parish.name];
      if (list) await db.insert(communities).values(list.map((community) => ({ ...community, parishId: parish.id })));
    }
  }
}
