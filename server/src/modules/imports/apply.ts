import { eq, sql, type SQL } from 'drizzle-orm';
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
const createdAtOf = (day: SQL) => sql`coalesce((${day} + time '12:00') at time zone 'America/Caracas', now())`;

/**
 * A batch's rows go to PostgreSQL as one JSON parameter read back by json_to_recordset: one
 * short statement per table, where a VALUES list of every column of every row cost the query
 * builder and the server's parser more than the insert itself.
 */
const asRecordset = (rows: readonly object[]) => sql`json_to_recordset(${JSON.stringify(rows)}::json)`;

export async function applyBatch(tx: Executor, plan: BatchPlan, userId: number): Promise<void> {
  const creating = plan.plans.filter((entry) => entry.client.action === 'create');
  const createdIds = new Map<string, number>();
  if (creating.length) {
    const rows = creating.map(({ client }) => {
      const values = (client as { values: ClientValues }).values;
      return {
        type: values.type,
        name: values.name!,
        identification_type: values.identification_type,
        identification: values.identification,
        email: values.email ?? null,
        phone: values.phone ?? [],
        gender: values.type === 0 ? (values.gender ?? null) : null,
        birth_date: values.type === 0 ? (values.birth_date ?? null) : null,
        address: values.address ?? null,
        active: values.active ?? true,
        created_day: values.created_at ?? null,
      };
    });
    const inserted = (await tx.execute(sql`insert into clients (type, name, identification_type, identification, email, phone, gender, birth_date, address, active, created_by, created_at)
      select r.type, r.name, r.identification_type, r.identification, r.email, r.phone, r.gender, r.birth_date, r.address, r.active, ${userId}::int, ${createdAtOf(sql`r.created_day`)}
      from ${asRecordset(rows)} as r(type smallint, name varchar, identification_type varchar, identification varchar, email varchar, phone jsonb, gender varchar, birth_date date, address text, active boolean, created_day date)
      returning id, identification_type, identification`)) as unknown as { rows: { id: number; identification_type: string; identification: string }[] };
    for (const row of inserted.rows) createdIds.set(`${row.identification_type}-${row.identification}`, Number(row.id));
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
    const rows = newAddresses.map((entry) => {
      const { columns, createdAt } = entry.address as Extract<BatchPlan['plans'][number]['address'], { action: 'create' }>;
      return {
        client_id: clientIdOf(entry),
        type: columns.type,
        address: columns.address,
        state_id: columns.stateId,
        municipality_id: columns.municipalityId,
        parish_id: columns.parishId,
        community_id: columns.communityId,
        economic_activity_id: columns.economicActivityId,
        is_custom_fee: columns.isCustomFee,
        fee: columns.fee,
        opening_paid_through: columns.openingPaidThrough,
        created_day: createdAt ?? null,
      };
    });
    await tx.execute(sql`insert into addresses_payments (client_id, type, address, state_id, municipality_id, parish_id, community_id, economic_activity_id, is_custom_fee, fee, opening_paid_through, created_by, created_at)
      select r.client_id, r.type, r.address, r.state_id, r.municipality_id, r.parish_id, r.community_id, r.economic_activity_id, r.is_custom_fee, r.fee, r.opening_paid_through, ${userId}::int, ${createdAtOf(sql`r.created_day`)}
      from ${asRecordset(rows)} as r(client_id integer, type smallint, address text, state_id integer, municipality_id integer, parish_id integer, community_id integer,
        economic_activity_id integer, is_custom_fee boolean, fee numeric, opening_paid_through varchar, created_day date)`);
  }
  for (const entry of plan.plans) {
    if (entry.address?.action === 'update') await tx.update(addressesPayments).set({ ...entry.address.columns, updatedAt: sql`now()` }).where(eq(addressesPayments.id, entry.address.id));
  }
}
