import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import { clientMessages, type NoteRow } from '@recaudo/domain/clients';
import type { ListQuery } from '@recaudo/domain/paging';
import type { Database, Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { iso } from '../../platform/envelope';
import { notFound } from '../../platform/errors';
import type { RowSource } from '../../platform/export';
import { likePattern } from '../../platform/paging';
import type { AuthContext } from '../auth/service';
import { users } from '../users/tables';
import { getClient } from './service';
import { clientNotes } from './tables';

/** A client's notes (client detail): list, add, edit, delete, each audited under `notes`. */

export function noteSource(db: Executor, clientId: number, query: ListQuery): RowSource<NoteRow> {
  const where = and(eq(clientNotes.clientId, clientId), query.search ? ilike(clientNotes.note, likePattern(query.search)) : undefined);
  return {
    async rows(limit, offset) {
      const base = db
        .select({
          id: clientNotes.id,
          note: clientNotes.note,
          client_id: clientNotes.clientId,
          user_id: users.id,
          user_name: users.name,
          created_at: clientNotes.createdAt,
        })
        .from(clientNotes)
        .leftJoin(users, eq(users.id, clientNotes.userId))
        .where(where)
        .orderBy(desc(clientNotes.createdAt), desc(clientNotes.id))
        .offset(offset);
      const rows = limit === null ? await base : await base.limit(limit);
      return rows.map((row) => ({
        id: row.id,
        note: row.note,
        client_id: row.client_id,
        user: row.user_id !== null && row.user_name !== null ? { id: row.user_id, name: row.user_name } : null,
        created_at: iso(row.created_at),
      }));
    },
    async count() {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(clientNotes)
        .where(where);
      return Number(row?.total ?? 0);
    },
  };
}

export async function assertClientExists(db: Executor, id: number): Promise<void> {
  await getClient(db, id);
}

export async function createNote(db: Database, auth: AuthContext, input: { client_id: number; note: string }): Promise<number> {
  return db.transaction(async (tx) => {
    await getClient(tx, input.client_id);
    const [note] = await tx.insert(clientNotes).values({ clientId: input.client_id, note: input.note, userId: auth.user.id }).returning({ id: clientNotes.id });
    if (!note) throw new Error('note insert returned nothing');
    await recordAudit(tx, {
      module: 'notes',
      event: 'created',
      causerId: auth.user.id,
      subjectType: 'clients',
      subjectId: input.client_id,
      attributes: { note_id: note.id, note: input.note },
    });
    return note.id;
  });
}

async function getNote(executor: Executor, id: number) {
  const [note] = await executor.select().from(clientNotes).where(eq(clientNotes.id, id));
  if (!note) throw notFound(clientMessages.noteNotFound);
  return note;
}

export async function updateNote(db: Database, auth: AuthContext, input: { id: number; note: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const note = await getNote(tx, input.id);
    if (note.note === input.note) return;
    await tx.update(clientNotes).set({ note: input.note, updatedAt: new Date() }).where(eq(clientNotes.id, note.id));
    await recordAudit(tx, {
      module: 'notes',
      event: 'updated',
      causerId: auth.user.id,
      subjectType: 'clients',
      subjectId: note.clientId,
      old: { note_id: note.id, note: note.note },
      attributes: { note_id: note.id, note: input.note },
    });
  });
}

export async function deleteNote(db: Database, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const note = await getNote(tx, id);
    await tx.delete(clientNotes).where(eq(clientNotes.id, note.id));
    await recordAudit(tx, {
      module: 'notes',
      event: 'deleted',
      causerId: auth.user.id,
      subjectType: 'clients',
      subjectId: note.clientId,
      old: { note_id: note.id, note: note.note },
    });
  });
}
