import { z } from 'zod';
import { integer, numeric, type PgColumn } from 'drizzle-orm/pg-core';
import type { LateFeeSettings } from '@recaudo/domain/late-fees';

/**
 * The late-payment surcharge settings (issue 50, domain late-fees.ts) a community and an economic
 * activity both hold: off while `late_fee_percent` is null.
 */
export const lateFeeColumns = () => ({
  lateFeePercent: numeric('late_fee_percent', { precision: 5, scale: 2 }),
  lateFeeGraceDays: integer('late_fee_grace_days').notNull().default(0),
  lateFeeCapMonths: integer('late_fee_cap_months'),
  lateFeeCapPercent: numeric('late_fee_cap_percent', { precision: 5, scale: 2 }),
});

type LateFeeColumnKey = 'lateFeePercent' | 'lateFeeGraceDays' | 'lateFeeCapMonths' | 'lateFeeCapPercent';

/** The settings' columns of a table under their API names, for a select. */
export const lateFeeSelect = <Table extends Record<LateFeeColumnKey, PgColumn>>(
  table: Table,
): { late_fee_percent: Table['lateFeePercent']; late_fee_grace_days: Table['lateFeeGraceDays']; late_fee_cap_months: Table['lateFeeCapMonths']; late_fee_cap_percent: Table['lateFeeCapPercent'] } => ({
  late_fee_percent: table.lateFeePercent,
  late_fee_grace_days: table.lateFeeGraceDays,
  late_fee_cap_months: table.lateFeeCapMonths,
  late_fee_cap_percent: table.lateFeeCapPercent,
});

/** The settings as the table stores them. */
export const lateFeeValues = (settings: LateFeeSettings) => ({
  lateFeePercent: settings.percent,
  lateFeeGraceDays: settings.grace_days,
  lateFeeCapMonths: settings.cap_months,
  lateFeeCapPercent: settings.cap_percent,
});

/** The stored settings read back, from a row selected with `lateFeeSelect`. */
export const lateFeeSettingsOfRow = (row: { late_fee_percent: string | null; late_fee_grace_days: number; late_fee_cap_months: number | null; late_fee_cap_percent: string | null }): LateFeeSettings => ({
  percent: row.late_fee_percent,
  grace_days: row.late_fee_grace_days,
  cap_months: row.late_fee_cap_months,
  cap_percent: row.late_fee_cap_percent,
});

export const lateFeeRowSchema = {
  late_fee_percent: z.string().nullable(),
  late_fee_grace_days: z.number(),
  late_fee_cap_months: z.number().nullable(),
  late_fee_cap_percent: z.string().nullable(),
};
