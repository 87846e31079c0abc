import Decimal from 'decimal.js';
import { z } from 'zod';
import { caracas } from './dates';
import type { RateSource } from './exchange-rates';
import type { PaymentStatus } from './payments';
import type { PaymentRow } from './payment-rows';
import type { AgingCardBucket, ClientDebts } from './statement';
import type { Currency } from './tenders';

/**
 * The dashboards (spec 03 §2 Dashboard, §7 `dashboard/admin`, `dashboard/client`). The
 * administrator's figures count approved payments by the Caracas day they were registered
 * (docs/decisions.md, Solvencies and dashboards).
 */

/** 0 Mes (a month, MM-YYYY) or 1 Año (a year, YYYY). */
export const DASHBOARD_OPTIONS = { 0: 'Mes', 1: 'Año' } as const;
export type DashboardOption = keyof typeof DASHBOARD_OPTIONS;
/** How `filters[dates]` writes the period of each option. */
export const DASHBOARD_PERIOD_FORMATS = { 0: 'MM-YYYY', 1: 'YYYY' } as const;
/** The current month or year in Caracas, as `filters[dates]` writes it. */
export const currentDashboardPeriod = (option: DashboardOption) => caracas().format(DASHBOARD_PERIOD_FORMATS[option]);

export const dashboardMessages = {
  monthFormat: 'El formato del mes es MM-YYYY.',
  yearFormat: 'El formato del año es YYYY.',
  noPayments: 'No tiene ningún pago registrado',
} as const;

const option = z.preprocess((value) => (value === '1' || value === 1 ? 1 : 0), z.union([z.literal(0), z.literal(1)]));

/** `GET dashboard/admin?filters[option]=0&filters[dates]=11-2026` (or `filters[date]`); no date = now. */
export const dashboardAdminQuerySchema = z.object({
  filters: z
    .object({ option: option.optional().default(0), dates: z.string().trim().max(10).optional(), date: z.string().trim().max(10).optional() })
    .optional()
    .default({ option: 0 })
    .superRefine((filters, context) => {
      const value = filters.dates ?? filters.date;
      if (!value) return;
      if (filters.option === 0 && !/^(0[1-9]|1[0-2])-\d{4}$/.test(value)) context.addIssue({ code: 'custom', path: ['dates'], message: dashboardMessages.monthFormat });
      if (filters.option === 1 && !/^\d{4}$/.test(value)) context.addIssue({ code: 'custom', path: ['dates'], message: dashboardMessages.yearFormat });
    }),
});
export type DashboardAdminQuery = z.output<typeof dashboardAdminQuerySchema>;

export interface PaymentAggregate {
  count_payments: number;
  amount_payment: string;
  dollar_amount_payment: string;
}

export interface PeriodCard {
  current: PaymentAggregate;
  previous: PaymentAggregate;
  /** Change of the count against the previous period, in percent with two decimals. */
  percentage: string;
}

export interface SeriesPoint extends PaymentAggregate {
  /** YYYY-MM-DD (a day of the month) or YYYY-MM (a month of the year). */
  date: string;
}

export interface DashboardAdmin {
  payments: { day: PeriodCard; month: PeriodCard; year: PeriodCard };
  date_payment: SeriesPoint[];
  payments_to_proccess: PaymentRow[];
  data_general: { configuration: { name: 'update_dollar_rate' | 'update_euro_rate'; value: string }[] };
  /** For the Administrador: the digital printer's control numbers are running out (INVOICE_RANGE_WARNING), else null. */
  printer_warning: string | null;
  /** For the Administrador: the last scheduled backup failed, and why (issue 46), else null. */
  backup_warning: string | null;
}

/** `GET dashboard/aging`: what every address owes by aging bucket (issue 33), the sum over the addresses list's rows. */
export interface DashboardAging {
  aging: AgingCardBucket[];
}

export interface DashboardClient {
  client: {
    id: number;
    type: number;
    name: string;
    identification_type: string;
    identification: string;
    email: string | null;
    phone: string[];
    gender: string | null;
    birth_date: string | null;
    created_at: string;
    /** Opted out of the monthly payment reminders (issue 33). */
    reminders_opt_out: boolean;
  };
  latest_payment: { id: number; status: PaymentStatus; date_payment: string; amount_payment: string; created_at: string; number_correlative: string | null } | null;
  dollar_rate: string;
  euro_rate: string;
  /** The value date and source of each rate (issue 47): the home names them, "Tasa BCV 245,67 del 01-12-2026". */
  dollar_rate_value_date: string | null;
  dollar_rate_source: RateSource | null;
  euro_rate_value_date: string | null;
  euro_rate_source: RateSource | null;
  /** What the client owes per address at today's dollar rate (issue 33). */
  debts: ClientDebts;
}

/**
 * Percent change of `current` against `previous`: (current − previous) / previous × 100, two
 * decimals half-up. From zero: 100 when something happened, 0 when nothing did.
 */
export function percentageChange(current: Decimal.Value, previous: Decimal.Value): string {
  const now = new Decimal(current);
  const before = new Decimal(previous);
  if (before.isZero()) return now.isZero() ? '0.00' : '100.00';
  return now.minus(before).dividedBy(before).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** green positive, red negative, yellow zero. */
export const percentageTone = (percentage: string) => (Number(percentage) > 0 ? 'up' : Number(percentage) < 0 ? 'down' : 'flat');

/** One currency of `GET dashboard/collections` (issue 49): what the approved payments' lines brought in it, its bolívar value and the change given in it. */
export interface CollectionTotals {
  currency: Currency;
  amount: string;
  amount_ves: string;
  change: string;
}

/** `GET dashboard/collections`: the chart's month or year in each currency, and the IGTF collected (bolívares). */
export interface DashboardCollections {
  currencies: CollectionTotals[];
  igtf: string;
}
