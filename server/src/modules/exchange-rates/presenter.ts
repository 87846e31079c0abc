import { z } from 'zod';
import { formatDate, formatDateTime } from '@recaudo/domain/format';
import { formatRate, RATE_CURRENCY_LABELS, RATE_SOURCE_LABELS, type ExchangeRateRow } from '@recaudo/domain/exchange-rates';
import type { ExportColumn } from '../../platform/export';

export const exchangeRateRowSchema = z.object({
  id: z.number(),
  currency: z.enum(['USD', 'EUR']),
  rate: z.string(),
  value_date: z.string(),
  source: z.enum(['bcv', 'manual']),
  reason: z.string().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
}) satisfies z.ZodType<ExchangeRateRow>;

const rateInForceSchema = z.object({ rate: z.string(), value_date: z.string(), source: z.enum(['bcv', 'manual']), stale: z.boolean() }).nullable();
export const currentRatesSchema = z.object({ usd: rateInForceSchema, eur: rateInForceSchema });

export const bcvAlertSchema = z.object({
  id: z.number(),
  cause: z.enum(['page_changed', 'invalid_rate', 'jump']),
  title: z.string(),
  detail: z.string(),
  read: z.object({ value_date: z.string().nullable(), usd: z.string().nullable(), eur: z.string().nullable() }),
  created_at: z.string(),
});

/** The BCV's state for the Administrador: open alerts, and whether no value date arrived for too long. */
export const bcvStatusSchema = z.object({ alerts: z.array(bcvAlertSchema), stale: z.boolean(), last_value_date: z.string().nullable() });

export const exchangeRateExportColumns: ExportColumn<ExchangeRateRow>[] = [
  { header: 'Moneda', value: (row) => RATE_CURRENCY_LABELS[row.currency], width: 10 },
  { header: 'Tasa (BS)', value: (row) => formatRate(row.rate), width: 16 },
  { header: 'Fecha valor', value: (row) => formatDate(row.value_date), width: 12 },
  { header: 'Fuente', value: (row) => RATE_SOURCE_LABELS[row.source], width: 10 },
  { header: 'Motivo', value: (row) => row.reason ?? '', width: 30 },
  { header: 'Usuario', value: (row) => row.user?.name ?? '', width: 20 },
  { header: 'Registrada', value: (row) => formatDateTime(row.created_at), width: 18 },
];
