import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** The previous hash of the first entry. */
export const GENESIS_HASH = '0'.repeat(64);
/** Any fixed number: the advisory lock that lets one chainer at a time extend the chain. */
const CHAIN_LOCK = 7_305_035;

/**
 * An entry as the chain reads it: every value as the database prints it (ids and positions as
 * text, properties as jsonb's own text, the time in UTC to the microsecond), so that the same row
 * hashes alike on PGlite and PostgreSQL and JavaScript never re-serialises a value.
 */
export interface ChainRow {
  position: string;
  id: string;
  log_name: string;
  description: string;
  subject_type: string | null;
  subject_id: string | null;
  causer_id: string | null;
  properties: string;
  error_message: string | null;
  created_at: string;
}

export interface StoredLink {
  previous_hash: string | null;
  hash: string | null;
}

/** The columns of ChainRow, selected from audit_logs with the position given. */
const chainColumns = (position: ReturnType<typeof sql>) => sql`
  ${position} as position, id::text as id, log_name, description, subject_type, subject_id::text as subject_id,
  causer_id::text as causer_id, properties::text as properties, error_message,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at`;

/** The canonical content of an entry: a JSON array in a fixed order, its position included so that moving an entry breaks it. */
export function canonicalEntry(row: ChainRow): string {
  return JSON.stringify([
    row.position,
    row.id,
    row.log_name,
    row.description,
    row.subject_type,
    row.subject_id,
    row.causer_id,
    row.properties,
    row.error_message,
    row.created_at,
  ]);
}

/** The entry's hash: SHA-256 of the previous entry's hash and its own canonical content. */
export function entryHash(previousHash: string, row: ChainRow): string {
  return createHash('sha256').update(previousHash).update('\n').update(canonicalEntry(row)).digest('hex');
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function chainHead(db: Executor): Promise<{ position: number; hash: string }> {
  const [head] = rowsOf<{ position: string; hash: string }>(await db.execute(sql`select position::text as position, hash from audit_chain_head where id = 1`));
  return head ? { position: Number(head.position), hash: head.hash } : { position: 0, hash: GENESIS_HASH };
}

/**
 * Whether the stored head is not the last linked entry: moved back or forward, given another hash,
 * or removed while entries are linked. Head beyond the last entry is entries cut from the end
 * (`missing`); any other difference is the head itself edited (`head`).
 */
export async function headBreak(db: Executor): Promise<'missing' | 'head' | null> {
  const head = await chainHead(db);
  const [last] = rowsOf<{ position: string; hash: string }>(
    await db.execute(sql`select chain_position::text as position, hash from audit_logs where chain_position is not null order by chain_position desc limit 1`),
  );
  const lastLink = last ? { position: Number(last.position), hash: last.hash } : { position: 0, hash: GENESIS_HASH };
  if (head.position === lastLink.position && head.hash === lastLink.hash) return null;
  return head.position > lastLink.position ? 'missing' : 'head';
}

/**
 * Links the entries not chained yet, oldest id first, after the chain's head: gives each the next
 * position, the head's hash as previous hash and its own hash. Writers never wait for this: they
 * insert and commit, and the chainer (one at a time, under an advisory lock) links committed rows
 * later. Answers how many entries it linked.
 *
 * A batch is hashed in one synchronous stretch, so batches are small and the event loop gets a
 * turn between them: catching up on a large unchained log (after the chain's migration or a
 * restore) at 5 000 entries a batch held the server for hundreds of milliseconds at a time, and
 * `/api/health` and every page waited behind it.
 */
export async function chainPending(db: Executor, batch = 1000): Promise<number> {
  let linked = 0;
  // Within one pass each batch starts after the previous one's last id: the index of unchained
  // rows keeps entries of just-linked rows until vacuum, and rescanning them from the start made a
  // pass over many entries quadratic. An entry with a lower id that commits meanwhile is linked by
  // the next pass, which starts from the beginning again. (The order names the table's id: a bare
  // "id" would be the text column of the select.)
  let after = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
      // Nothing is linked onto a head that is not the last linked entry: that would bury the break
      // (verify reports it as such); audit_chain_link refuses it too.
      if (await headBreak(tx)) return 0;
      let head = await chainHead(tx);
      const rows = rowsOf<ChainRow>(
        await tx.execute(
          sql`select ${chainColumns(sql`null::text`)} from audit_logs where chain_position is null and id > ${after} order by audit_logs.id limit ${batch}`,
        ),
      );
      if (!rows.length) return 0;
      after = Number(rows.at(-1)!.id);
      const links = rows.map((row) => {
        const position = head.position + 1;
        const hash = entryHash(head.hash, { ...row, position: String(position) });
        const link = { id: Number(row.id), position, previous_hash: head.hash, hash };
        head = { position, hash };
        return link;
      });
      // The database links them and moves the head (audit_chain_link): the application role may not touch either itself.
      await tx.execute(sql`select audit_chain_link(${JSON.stringify(links)}::jsonb)`);
      return rows.length;
    });
    linked += count;
    if (count < batch) return linked;
    await nextTurn();
  }
}

/** Edited, moved or removed entries; the head edited; or the chain no longer the one anchored outside the database (anchor.ts). */
export type BreakReason = 'content' | 'order' | 'missing' | 'head' | 'anchor';

export interface ChainBreak {
  /** The position in the chain where it breaks: the entries before it are verified. */
  position: number;
  /** The entry found there instead and its time (UTC); null when the missing entries were the last ones. */
  id: number | null;
  created_at: string | null;
  reason: BreakReason;
}

export interface ChainVerdict {
  valid: boolean;
  /** Entries verified, from the first, before the break (all of them when valid). */
  checked: number;
  broken_at: ChainBreak | null;
}

/**
 * Checks one stored entry against what the chain expects at `position` after `previousHash`:
 * a row at a later position means entries in between were removed; a previous hash other than the
 * predecessor's means the entry was moved; a hash other than the content's means it was edited.
 */
export function linkBreak(expected: { position: number; previousHash: string }, row: ChainRow & StoredLink): BreakReason | null {
  if (Number(row.position) !== expected.position) return 'missing';
  if (row.previous_hash !== expected.previousHash) return 'order';
  if (row.hash !== entryHash(expected.previousHash, row)) return 'content';
  return null;
}

/**
 * Walks the chained entries in position order, a page at a time (keyset on the position's unique
 * index, so a million entries stream without holding them), and answers the first break. Entries
 * not chained yet are not judged here: the chainer links them first.
 */
export async function verifyChain(db: Executor, pageSize = 10_000): Promise<ChainVerdict> {
  const head = await chainHead(db);
  let expected = { position: 1, previousHash: GENESIS_HASH };
  let last: ChainRow | null = null;
  for (;;) {
    const rows = rowsOf<ChainRow & StoredLink>(
      await db.execute(sql`
        select ${chainColumns(sql`chain_position::text`)}, previous_hash, hash from audit_logs
        where chain_position >= ${expected.position} order by chain_position limit ${pageSize}`),
    );
    for (const row of rows) {
      const reason = linkBreak(expected, row);
      if (reason) return broken(expected.position - 1, { position: expected.position, id: Number(row.id), created_at: row.created_at, reason });
      expected = { position: expected.position + 1, previousHash: row.hash! };
      last = row;
    }
    if (rows.length < pageSize) break;
  }
  const checked = expected.position - 1;
  if (head.position > checked) return broken(checked, { position: checked + 1, id: null, created_at: null, reason: 'missing' });
  // A head behind the last entry, with another hash, or gone: edited where only the chainer writes.
  if (last && (head.position < checked || head.hash !== expected.previousHash))
    return broken(checked, { position: checked, id: Number(last.id), created_at: last.created_at, reason: 'head' });
  return { valid: true, checked, broken_at: null };
}

const broken = (checked: number, at: ChainBreak): ChainVerdict => ({ valid: false, checked, broken_at: at });
