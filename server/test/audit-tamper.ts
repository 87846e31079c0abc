import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../src/db/client';

/**
 * Runs `statement` as someone with the database owner's powers would, past the audit log's
 * append-only triggers (session_replication_role = replica, as a backup restore loads rows):
 * how a test edits, deletes or moves an entry behind the application's back.
 */
export async function behindTheApplication(db: Database, statement: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}
