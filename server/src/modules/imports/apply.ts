import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { addressesPayments } from '../addresses-payment/tables';
import { clients } from '../clients/tables';
import { clientKeysIn, type BatchPlan } from './plan';
import type { ClientValues } from './rows';

/**
 * Writes one batch's plan in the caller's transaction: new clients in one statement, then their
 * and the known clients' new addresses in one more (so the ledger, totals and counters triggers
 * run once a batch), then the few updates. Imported clients get no user: self-registration sends
 * its code to the e-mail or phone on file.
 */

/** A creation date an export gave: noon in Caracas that day, so every screen shows that date. */
const noonInCaracas = (day: string) => sql`(${day}::date + time '12:00') at time zone 'America/Caracas'`;

export async function applyBatch(tx: Executor, plan: BatchPlan, userId: number): Promise<void> {
  const creating = plan.plans.filter((entry) => entry.client.action === 'create');
  const createdIds = new Map<string, number>();
  if (creating.length) {
    const inserted = await tx
      .insert(clients)
      .values(
        creating.map(({ client }) => {
          const values = (client as { values: ClientValues }).values;
          return {
            type: values.type,
            name: values.name!,
            identificationType: values.identification_type,
            identification: values.identification,
            email: values.email ?? null,
            phone: values.phone ?? [],
            gender: values.type === 0 ? (values.gender ?? null) : null,
            birthDate: values.type === 0 ? (values.birth_date ?? null) : null,
            address: values.address ?? null,
            active: values.active ?? true,
            createdBy: userId,
            ...(values.created_at ? { createdAt: noonInCaracas(values.created_at) } : {}),
          };
        }),
      )
      .returning({ id: clients.id, identificationType: clients.identificationType, identification: clients.identification });
    for (const row of inserted) createdIds.set(`${row.identificationType}-${row.identification}`, row.id);
  }
  // A client first named in an earlier batch is on file by now; one first named in this batch was just created.
  const missing = plan.plans.filter((entry) => entry.client.action === 'named_new' && !createdIds.has(entry.row.clientKey!)).map((entry) => entry.row.clientKey!);
  if (missing.length) {
    const found = await tx
      .select({ id: clients.id, identificationType: clients.identificationType, identification: clients.identification })
      .from(clients)
      .where(clientKeysIn([...new Set(missing)]));
    for (const row of found) createdIds.set(`${row.identificationType}-${row.identification}`, row.id);
  }
  const clientIdOf = (entry: BatchPlan['plans'][number]) => ('id' in entry.client ? entry.client.id : createdIds.get(entry.row.clientKey!)!);
  for (const entry of plan.plans) {
    if (entry.client.action === 'update') await tx.update(clients).set({ ...entry.client.changes, updatedAt: sql`now()` }).where(eq(clients.id, entry.client.id));
  }
  const newAddresses = plan.plans.filter((entry) => entry.address?.action === 'create');
  if (newAddresses.length) {
    await tx.insert(addressesPayments).values(
      newAddresses.map((entry) => {
        const address = entry.address as Extract<BatchPlan['plans'][number]['address'], { action: 'create' }>;
        return {
          ...address.columns,
          clientId: clientIdOf(entry),
          createdBy: userId,
          ...(address.createdAt ? { createdAt: noonInCaracas(address.createdAt) } : {}),
        };
      }),
    );
  }
  for (const entry of plan.plans) {
    if (entry.address?.action === 'update') await tx.update(addressesPayments).set({ ...entry.address.columns, updatedAt: sql`now()` }).where(eq(addressesPayments.id, entry.address.id));
  }
}
