import { and, eq, ne } from 'drizzle-orm';
import { clientMessages, clientTypeIssues, type ClientType, type CreateClientInput, type UpdateClientInput } from '@recaudo/domain/clients';
import type { Database, Executor } from '../../db/client';
import { changedFields, recordAudit } from '../../platform/audit';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { assertOwnClient, clientIdOf } from '../../platform/scope';
import type { AuthContext } from '../auth/service';
import { users } from '../users/tables';
import { clientNotes, clients } from './tables';

/** Writing clients: create, edit, contact data, status and deletion, each with its audit entry. */

type ClientRecord = typeof clients.$inferSelect;

export async function getClient(executor: Executor, id: number, lock = false): Promise<ClientRecord> {
  const base = executor.select().from(clients).where(eq(clients.id, id));
  const [client] = lock ? await base.for('update') : await base;
  if (!client) throw notFound(clientMessages.notFound);
  return client;
}

async function assertIdentificationFree(executor: Executor, identificationType: string, identification: string, exceptId?: number) {
  const [clash] = await executor
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.identificationType, identificationType), eq(clients.identification, identification), exceptId ? ne(clients.id, exceptId) : undefined));
  if (clash) throw fieldError('identification', clientMessages.duplicateIdentification(identificationType, identification));
}

export interface NewClient {
  type: ClientType;
  name: string;
  identification_type: string;
  identification: string;
  email: string | null;
  phone: string[];
  gender: 'M' | 'F' | null;
  birth_date: string | null;
  address: string | null;
}

/** Inserts a client in the caller's transaction (staff form or self-registration) with its audit entry. */
export async function insertClient(tx: Executor, values: NewClient, causerId: number | null): Promise<number> {
  await assertIdentificationFree(tx, values.identification_type, values.identification);
  const [client] = await tx
    .insert(clients)
    .values({
      type: values.type,
      name: values.name,
      identificationType: values.identification_type,
      identification: values.identification,
      email: values.email,
      phone: values.phone,
      gender: values.gender,
      birthDate: values.birth_date,
      address: values.address,
      createdBy: causerId,
    })
    .returning({ id: clients.id });
  if (!client) throw new Error('client insert returned nothing');
  await recordAudit(tx, { module: 'clients', event: 'created', causerId, subjectId: client.id, attributes: { ...values } });
  return client.id;
}

export async function createClient(db: Database, auth: AuthContext, input: CreateClientInput): Promise<number> {
  return db.transaction(async (tx) => {
    const { notes, ...values } = input;
    const id = await insertClient(tx, values, auth.user.id);
    if (notes) {
      const [note] = await tx.insert(clientNotes).values({ clientId: id, note: notes, userId: auth.user.id }).returning({ id: clientNotes.id });
      await recordAudit(tx, { module: 'notes', event: 'created', causerId: auth.user.id, subjectType: 'clients', subjectId: id, attributes: { note_id: note?.id, note: notes } });
    }
    return id;
  });
}

const editable = (client: ClientRecord) => ({
  name: client.name,
  identification_type: client.identificationType,
  identification: client.identification,
  email: client.email,
  phone: client.phone,
  gender: client.gender,
  birth_date: client.birthDate,
  address: client.address,
});

/** The type is fixed at creation; the identification type must fit it, and only a person keeps gender and birth date. */
export async function updateClient(db: Database, auth: AuthContext, input: UpdateClientInput): Promise<void> {
  await db.transaction(async (tx) => {
    const client = await getClient(tx, input.id, true);
    const type: ClientType = client.type === 1 ? 1 : 0;
    if (input.type !== undefined && input.type !== type) throw fieldError('type', clientMessages.typeNotChangeable);
    const issues = clientTypeIssues(type, input);
    if (issues) throw new AppError('validation', issues.identification_type![0]!, issues);
    await assertIdentificationFree(tx, input.identification_type, input.identification, client.id);
    const after = {
      name: input.name,
      identification_type: input.identification_type,
      identification: input.identification,
      email: input.email,
      phone: input.phone,
      gender: type === 0 ? input.gender : null,
      birth_date: type === 0 ? input.birth_date : null,
      address: input.address,
    };
    const diff = changedFields(editable(client), after);
    if (!diff.changed) return;
    await tx
      .update(clients)
      .set({
        name: after.name,
        identificationType: after.identification_type,
        identification: after.identification,
        email: after.email,
        phone: after.phone,
        gender: after.gender,
        birthDate: after.birth_date,
        address: after.address,
        updatedAt: new Date(),
      })
      .where(eq(clients.id, client.id));
    await recordAudit(tx, { module: 'clients', event: 'updated', causerId: auth.user.id, subjectId: client.id, old: diff.old, attributes: diff.attributes });
  });
}

/** Staff name the client (`id`); a client user always updates their own. */
export async function updateContactInfo(db: Database, auth: AuthContext, input: { id?: number; email: string; phone: string[] }): Promise<void> {
  const own = clientIdOf(auth);
  if (own !== null && input.id !== undefined) assertOwnClient(auth, input.id, clientMessages.notFound);
  const id = own ?? input.id;
  if (id === undefined) throw fieldError('id', 'El campo id es obligatorio.');
  await db.transaction(async (tx) => {
    const client = await getClient(tx, id, true);
    const diff = changedFields({ email: client.email, phone: client.phone }, { email: input.email, phone: input.phone });
    if (!diff.changed) return;
    await tx.update(clients).set({ email: input.email, phone: input.phone, updatedAt: new Date() }).where(eq(clients.id, client.id));
    await recordAudit(tx, { module: 'clients', event: 'updated', causerId: auth.user.id, subjectId: client.id, old: diff.old, attributes: diff.attributes });
  });
}

export async function changeClientStatus(db: Database, auth: AuthContext, input: { id: number; active: boolean }): Promise<void> {
  await db.transaction(async (tx) => {
    const client = await getClient(tx, input.id, true);
    if (client.active === input.active) return;
    await tx.update(clients).set({ active: input.active, updatedAt: new Date() }).where(eq(clients.id, client.id));
    await recordAudit(tx, { module: 'clients', event: 'updated', causerId: auth.user.id, subjectId: client.id, old: { active: client.active }, attributes: { active: input.active } });
  });
}

/** Deleting a client removes its notes and its users (their sessions end with them). */
export async function deleteClient(db: Database, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const client = await getClient(tx, id, true);
    const clientUsers = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.clientId, client.id));
    await tx.delete(clients).where(eq(clients.id, client.id));
    await recordAudit(tx, { module: 'clients', event: 'deleted', causerId: auth.user.id, subjectId: client.id, old: { ...editable(client), type: client.type, active: client.active } });
    for (const user of clientUsers) {
      await recordAudit(tx, { module: 'users', event: 'deleted', causerId: auth.user.id, subjectId: user.id, old: { email: user.email, client_id: client.id } });
    }
  });
}
