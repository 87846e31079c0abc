import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { notFound } from '../../platform/errors';
import { assertPublicRate, recordPublicHit } from './registration';

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
  const limits = { perIp: config.PUBLIC_MAX_REQUESTS_PER_IP, windowMinutes: config.LOGIN_FAILURE_WINDOW_MINUTES };
  await assertPublicRate(db, lookup.missAction, lookup.ip, limits, { record: false });
  const found = await find();
  if (found === null) {
    await recordPublicHit(db, lookup.missAction, lookup.ip);
    throw notFound(lookup.notFoundMessage);
  }
  return found;
}
