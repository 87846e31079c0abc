import { sql } from 'drizzle-orm';
import type { Coverage, Month } from '@recaudo/domain/months';
import { addressMonths } from './tables';

/**
 * The address's ledger months as one JSON array of `[month, payment_id, pending, from_balance]`,
 * oldest first: a page of the list reads them as a column of its rows' statement (queries.ts),
 * one round trip where a query of its own cost another.
 */
export const MONTHS_JSON = sql<MonthsJson>`(select json_agg(json_build_array("m"."month", "m"."payment_id", "m"."pending", "m"."from_balance") order by "m"."month")
  from ${addressMonths} "m" where "m"."address_payment_id" = "addresses_payments"."id")`;

export type MonthsJson = [Month, number | null, boolean, boolean][] | null;

/** The ledger months of MONTHS_JSON, as the calendar reads them. */
export const coverageFromJson = (months: MonthsJson): Coverage[] =>
  (months ?? []).map(([month, payment_id, pending, from_balance]) => ({ month, payment_id, pending, from_balance }));
