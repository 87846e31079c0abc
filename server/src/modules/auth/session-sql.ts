import { sql } from 'drizzle-orm';
import { roles } from '../roles/tables';
import { users } from '../users/tables';
import { accessTokens } from './tables';

/**
 * A session idles out once `expired_session_time` minutes pass without use (0 = never), by the
 * database's clock: a JavaScript Date against a stored timestamp compares two clocks, and
 * milliseconds with microseconds. The request's check and the sessions list both read it.
 */
export const idleExpired = sql<boolean>`(${roles.expiredSessionTime} > 0 and ${accessTokens.lastUsedAt} < now() - make_interval(mins => ${roles.expiredSessionTime}))`;

/** Writing last_used_at on every request would cost a write per call; a minute's precision is enough. */
export const touchDue = sql<boolean>`(${accessTokens.lastUsedAt} < now() - interval '30 seconds')`;

/** The role demands a second factor and the user has none enabled yet (their session can only enrol). */
export const twoFactorSetupPending = sql<boolean>`(${roles.require2fa} and ${users.totpEnabledAt} is null)`;
