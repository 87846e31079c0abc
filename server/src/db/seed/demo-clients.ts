import { CLIENT_ROLE_ID } from '@recaudo/domain/roles';
import type { Executor } from '../client';
import { clientNotes, clients } from '../../modules/clients/tables';
import { users } from '../../modules/users/tables';

const PEOPLE = [
  ['José Rodríguez', 'M', '1975-02-14'],
  ['Carmen González', 'F', '1982-07-30'],
  ['Luis Hernández', 'M', '1968-11-05'],
  ['Ana Martínez', 'F', '1990-03-21'],
  ['Pedro Sánchez', 'M', '1959-09-09'],
  ['Rosa Ramírez', 'F', '1987-12-01'],
  ['Miguel Torres', 'M', '1979-05-17'],
  ['Luisa Flores', 'F', '1995-08-08'],
  ['Carlos Díaz', 'M', '1971-01-26'],
  ['Gabriela Morales', 'F', '1984-04-12'],
  ['Jesús Rojas', 'M', '1963-06-03'],
  ['Daniela Castillo', 'F', '1999-10-19'],
  ['Rafael Mendoza', 'M', '1977-03-07'],
  ['Yolanda Herrera', 'F', '1966-02-28'],
  ['Andrés Silva', 'M', '1992-12-15'],
  ['Sucesión Pérez Blanco', null, null],
] as const;

const BUSINESSES = [
  ['Inversiones El Roble C.A.', 'J'],
  ['Panadería La Espiga', 'J'],
  ['Farmacia San Rafael', 'J'],
  ['Ferretería El Tornillo', 'J'],
  ['Restaurante Sabor Criollo', 'FP'],
  ['Taller Mecánico Hermanos Ruiz', 'FP'],
  ['Consultorio Dr. Gil', 'FP'],
  ['Abasto La Esquina', 'J'],
  ['Alcaldía del Municipio Sucre', 'G'],
  ['Consejo Comunal Los Samanes', 'C'],
  ['Distribuidora Oriente 2020', 'J'],
  ['Textiles Valencia', 'J'],
  ['Cafetería El Punto', 'FP'],
  ['Fábrica de Bloques Carabobo', 'J'],
] as const;

const PREFIXES = ['412', '414', '416', '422', '424', '426'];
const STREETS = ['Av. Bolívar', 'Calle Páez', 'Av. Las Delicias', 'Calle Sucre', 'Av. Universidad', 'Calle Miranda', 'Urb. La Viña', 'Sector El Trigal'];
const NOTES = [
  'Prefiere que lo contacten por WhatsApp.',
  'Solicitó constancia de solvencia para trámite bancario.',
  'Cambió de número de teléfono en la última visita.',
  'Pagó en efectivo en la oficina principal.',
  'Pidió revisar el cobro de meses anteriores.',
  'Atiende solo en horario de la tarde.',
];

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');

const phone = (index: number, offset = 0) => `${PREFIXES[(index + offset) % PREFIXES.length]}${String(1_000_000 + ((index * 7_919 + offset * 104_729) % 9_000_000)).padStart(7, '0')}`;

/**
 * About 30 demo clients, residential and commercial, with phones, e-mails and notes, and a few
 * client users (password `password` given by the caller's hash). The demo client of
 * cliente@recaudo.test is created by demo.ts and left as is.
 */
export async function seedDemoClients(db: Executor, options: { passwordHash: string; staffUserId: number }): Promise<void> {
  const created: { id: number; name: string; email: string | null }[] = [];
  for (const [index, [name, gender, birthDate]] of PEOPLE.entries()) {
    const succession = gender === null;
    const [row] = await db
      .insert(clients)
      .values({
        type: 0,
        name,
        identificationType: succession ? 'S' : index % 5 === 4 ? 'E' : 'V',
        identification: String(8_000_000 + index * 731_911),
        email: index % 6 === 5 ? null : `${slug(name)}@correo.test`,
        phone: index % 3 === 0 ? [phone(index), phone(index, 1)] : [phone(index)],
        gender,
        birthDate,
        address: `${STREETS[index % STREETS.length]}, casa ${index + 10}, Valencia`,
        createdBy: options.staffUserId,
      })
      .returning({ id: clients.id, name: clients.name, email: clients.email });
    created.push(row!);
  }
  for (const [index, [name, identificationType]] of BUSINESSES.entries()) {
    const [row] = await db
      .insert(clients)
      .values({
        type: 1,
        name,
        identificationType,
        identification: String(300_000_000 + index * 1_234_567),
        email: `contacto@${slug(name).replace(/\./g, '')}.test`,
        phone: [phone(index + 40), ...(index % 2 ? [] : [`273${4_000_000 + index}`])],
        address: `${STREETS[(index + 3) % STREETS.length]}, local ${index + 1}, Valencia`,
        createdBy: options.staffUserId,
      })
      .returning({ id: clients.id, name: clients.name, email: clients.email });
    created.push(row!);
  }
  for (const [index, client] of created.entries()) {
    if (index % 2 === 1) continue;
    await db.insert(clientNotes).values({ clientId: client.id, note: NOTES[index % NOTES.length]!, userId: options.staffUserId });
  }
  // A few client users, for the Clientes tab of the users screen.
  for (const client of created.filter((item) => item.email).slice(0, 5)) {
    await db.insert(users).values({
      roleId: CLIENT_ROLE_ID,
      clientId: client.id,
      name: client.name,
      email: client.email!,
      passwordHash: options.passwordHash,
    });
  }
}
