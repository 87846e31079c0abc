import { asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { hashPassword } from '../../platform/crypto';
import { clients } from '../../modules/clients/tables';
import { correlatives } from '../../modules/correlatives/tables';
import { users } from '../../modules/users/tables';
import { seedDemoAddresses } from './demo-addresses';
import { seedDemoClients } from './demo-clients';
import { seedDemoClosedBoxes } from './demo-closed-boxes';
import { seedDemoConciliations } from './demo-conciliations';
import { seedDemoPayments } from './demo-payments';
import { seedDemoReference } from './demo-reference';
import { seedDemoRegional } from './demo-regional';
import { seedDemoInvoices } from '../../modules/invoices/demo';

export const DEMO_PASSWORD = 'Recaudo2026!';

export const DEMO_USERS = [
  { email: 'admin@recaudo.test', name: 'Administrador Recaudo', roleId: 1 },
  { email: 'analista@recaudo.test', name: 'Ana Analista', roleId: 2 },
  { email: 'cajero@recaudo.test', name: 'Carlos Cajero', roleId: 3 },
  { email: 'cliente@recaudo.test', name: 'María Pérez', roleId: 4 },
] as const;

/**
 * Demo data for a first start on an empty database: the demo users (admin is id 1) and
 * the client the demo client user belongs to. Later areas add their demo records here.
 * Answers whether it seeded anything.
 */
export async function seedDemo(db: Database): Promise<boolean> {
  const [existing] = await db.select({ total: count() }).from(users);
  if (existing && existing.total > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [client] = await tx
      .insert(clients)
      .values({
        type: 0,
        name: 'María Pérez',
        identificationType: 'V',
        identification: '12345678',
        email: 'cliente@recaudo.test',
        phone: ['4141234567'],
        gender: 'F',
        birthDate: '1985-04-12',
        address: 'Av. Bolívar, Edif. Sol, Piso 3, Apto 3-B, Valencia',
      })
      .returning({ id: clients.id });
    for (const [index, user] of DEMO_USERS.entries()) {
      await tx.insert(users).values({
        id: index + 1,
        name: user.name,
        email: user.email,
        roleId: user.roleId,
        clientId: user.roleId === 4 ? (client?.id ?? null) : null,
        passwordHash,
        phone: user.roleId === 4 ? ['4141234567'] : [],
      });
    }
    await tx.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
    await seedDemoRegional(tx);
    await seedDemoReference(tx);
    // The cashier numbers with series A by default: the payment panel and a new closing start from it.
    const [ownSeries] = await tx.select({ id: correlatives.id }).from(correlatives).orderBy(asc(correlatives.id)).limit(1);
    if (ownSeries) await tx.update(users).set({ correlativeId: ownSeries.id }).where(eq(users.id, 3));
    await seedDemoClients(tx, { passwordHash, staffUserId: 1 });
    await seedDemoAddresses(tx, { staffUserId: 1 });
    // The cashier registers most payments, the administrator some.
    await seedDemoPayments(tx, { staffUserIds: [3, 1, 3] });
    await seedDemoClosedBoxes(tx, { cashierId: 3 });
    await seedDemoConciliations(tx);
    await seedDemoInvoices(tx);
  });
  return true;
}
