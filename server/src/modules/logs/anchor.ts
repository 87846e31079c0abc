import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { ObjectStore } from '../../platform/storage';
import { chainHead, headBreak, verifyChain, type ChainBreak, type ChainVerdict } from './chain';

/**
 * External anchors of the audit log's chain: once a day the head (position and hash) is written
 * outside the database, to the backups' store (a folder of DATA_DIR, or the S3 bucket) and, when
 * AUDIT_ANCHOR_URL is set, posted there too. The hash of position N commits to every entry up to
 * N, so someone able to rewrite the whole chain and its head (the database's owner) still cannot
 * make it match an anchor taken before the rewrite. Verify compares the chain with the stored ones.
 */

export const ANCHOR_FOLDER = 'audit-anchors';
/** One anchor a day, named by its date in Caracas: `audit-anchors/2026-12-02.json`. */
const ANCHOR_KEY = /^audit-anchors\/\d{4}-\d{2}-\d{2}\.json$/;
/** The receiver of AUDIT_ANCHOR_URL gets this long to answer. */
const POST_TIMEOUT_MS = 10_000;

export interface Anchor {
  position: number;
  hash: string;
  /** When it was taken, by the database's clock (UTC). */
  anchored_at: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Takes today's anchor if there is none yet: answers it, or null when there was one already, the
 * log has no linked entry, or the head is not the last linked entry (a broken chain is reported by
 * verify, not anchored). The post goes first: refused or unanswered, it fails the pass (logged by
 * the schedule) before the day's file exists, so the next pass, an hour later, tries again.
 */
export async function anchorHead(db: Database, store: ObjectStore, url?: string): Promise<Anchor | null> {
  const [clock] = rowsOf<{ day: string; now: string }>(
    await db.execute(sql`select to_char(now() at time zone 'America/Caracas', 'YYYY-MM-DD') as day,
      to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as now`),
  );
  const key = `${ANCHOR_FOLDER}/${clock!.day}.json`;
  if (await store.get(key)) return null;
  const head = await chainHead(db);
  if (head.position === 0 || (await headBreak(db))) return null;
  const anchor: Anchor = { position: head.position, hash: head.hash, anchored_at: clock!.now };
  const body = JSON.stringify(anchor);
  if (url) {
    const answer = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, signal: AbortSignal.timeout(POST_TIMEOUT_MS) });
    if (!answer.ok) throw new Error(`El ancla de la bitácora no fue aceptada por ${url} (HTTP ${answer.status})`);
  }
  await store.put(key, Buffer.from(body));
  return anchor;
}

/** The stored anchors, newest first; a file that is not an anchor is skipped. */
export async function storedAnchors(store: ObjectStore): Promise<Anchor[]> {
  const keys = (await store.list(ANCHOR_FOLDER)).map((item) => item.key).filter((key) => ANCHOR_KEY.test(key));
  const anchors: Anchor[] = [];
  for (const key of keys.sort().reverse()) {
    try {
      const anchor = JSON.parse((await store.get(key))?.toString('utf8') ?? 'null') as Anchor | null;
      if (anchor && Number.isSafeInteger(anchor.position) && typeof anchor.hash === 'string') anchors.push(anchor);
    } catch {
      // An unreadable file proves nothing either way; the other anchors still count.
    }
  }
  return anchors;
}

/**
 * Where the chain stops matching its anchors, or null. The newest anchor vouches for every entry
 * up to it, so when it matches nothing more is read; when it does not, older anchors narrow the
 * break: it lies after the newest one that still matches (or from the start).
 */
export async function anchorBreak(db: Executor, anchors: Anchor[]): Promise<{ checked: number; at: ChainBreak } | null> {
  let mismatch: Anchor | null = null;
  let matched = 0;
  for (const anchor of anchors) {
    const [entry] = rowsOf<{ hash: string }>(await db.execute(sql`select hash from audit_logs where chain_position = ${anchor.position}`));
    if (entry?.hash === anchor.hash) {
      matched = anchor.position;
      break;
    }
    mismatch = anchor;
  }
  if (!mismatch) return null;
  const [entry] = rowsOf<{ id: number; created_at: string }>(
    await db.execute(sql`select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at from audit_logs where chain_position = ${mismatch.position}`),
  );
  return { checked: matched, at: { position: mismatch.position, id: entry ? Number(entry.id) : null, created_at: entry?.created_at ?? null, reason: 'anchor' } };
}

/** The chain walked (chain.ts) and, when it holds, compared with its anchors: `logs/verify` and `npm run audit:verify`. */
export async function verifyAnchored(db: Executor, store: ObjectStore): Promise<ChainVerdict> {
  const verdict = await verifyChain(db);
  if (!verdict.valid) return verdict;
  const found = await anchorBreak(db, await storedAnchors(store));
  return found ? { valid: false, checked: found.checked, broken_at: found.at } : verdict;
}
