import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { notFound } from '../../platform/errors';
import { assertPublicRate, publicLimitsOf, recordPublicHit } from './registration';

interface PublicLookup {
  /** The action its misses are counted under, per IP ("verify-payment-miss"). */
  missAction: string;
  ip: string;
  /** The 404's message: the spec's text for a hash that names nothing. */
  notFoundMessage: string;
}

/**
 * What a public verification (API call or page) finds by a document's hash. Misses are counted
 * per IP, and past the limit even a real hash is refused (429): a guesser is stopped, a reader of
 * real documents never.
 */
export async function publicLookup<T>(db: Database, config: Config, lookup: PublicLookup, find: () => Promise<T | null>): Promise<T> {
  await assertPublicRate(db, lookup.missAction, lookup.ip, publicLimitsOf(config), { record: false });
  const found = await find();
  if (found === null) {
    await recordPublicHit(db, lookup.missAction, lookup.ip);
    throw notFound(lookup.notFoundMessage);
  }
  return found;
}
