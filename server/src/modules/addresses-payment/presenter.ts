import { z } from 'zod';
import { ADDRESS_TYPES, type AddressRow } from '@recaudo/domain/addresses';
import { identificationLabel } from '@recaudo/domain/clients';
import { formatDate, formatMonth, textOrEmpty } from '@recaudo/domain/format';
import { BALANCE_MOVEMENT_KINDS } from '@recaudo/domain/balance';
import { CALENDAR_MONTH_STATES } from '@recaudo/domain/months';
import { AGING_BUCKETS, AGING_LABELS } from '@recaudo/domain/statement';
import type { ExportColumn } from '../../platform/export';
import { deliveredTicketSchema } from '../tickets-payments/presenter';

const named = z.object({ id: z.number(), name: z.string() });

export const calendarYearSchema = z.object({
  year: z.number(),
  months: z.array(
    z.object({
      month: z.string(),
      state: z.enum(CALENDAR_MONTH_STATES),
      payment_id: z.number().nullable(),
      from_balance: z.boolean(),
      price_usd: z.string().nullable(),
      paid_usd: z.string(),
      surcharge_usd: z.string().optional(),
    }),
  ),
});

export const addressRowSchema = z.object({
  id: z.number(),
  client_id: z.number(),
  client: z.object({ id: z.number(), name: z.string(), identification_type: z.string(), identification: z.string() }),
  type: z.union([z.literal(0), z.literal(1)]),
  address: z.string(),
  state_id: z.number().nullable(),
  state: named.nullable(),
  municipality_id: z.number().nullable(),
  municipality: named.nullable(),
  parish_id: z.number().nullable(),
  parish: named.extend({ date_start: z.string() }).nullable(),
  community_id: z.number().nullable(),
  community: named.extend({ fee: z.string(), date_start: z.string() }).nullable(),
  economic_activity_id: z.number().nullable(),
  economic_activity: named.extend({ fee: z.string(), activity_group: named.nullable() }).nullable(),
  is_custom_fee: z.boolean(),
  fee: z.string().nullable(),
  date_start: z.string().nullable(),
  opening_paid_through: z.string().nullable(),
  start_month: z.string(),
  months_to_pay: z.number(),
  aging: z.enum(AGING_BUCKETS).nullable(),
  payments: z.array(calendarYearSchema),
  solvent: z.boolean(),
  solvent_to_date: z.string().nullable(),
  /** The credit balance in dollars (issue 50). */
  balance_usd: z.string(),
  fee_changes: z.array(z.object({ effective_month: z.string(), previous_fee: z.string().nullable(), fee: z.string().nullable() })),
  late_fee: z.object({ percent: z.string().nullable(), grace_days: z.number(), cap_months: z.number().nullable(), cap_percent: z.string().nullable() }).nullable(),
  tickets_delivered: z.array(deliveredTicketSchema),
  created_by: z.number().nullable(),
  created_at: z.string(),
});

export const addressBalanceSchema = z.object({
  balance_usd: z.string(),
  balance_ves: z.string(),
  movements: z.array(z.object({ date: z.string(), kind: z.enum(BALANCE_MOVEMENT_KINDS), amount_usd: z.string(), payment_id: z.number().nullable(), month: z.string().nullable() })),
});

/** `estimated` (only when true): a broad search's totals, estimated from a sample (totals.ts). */
export const addressTotalsSchema = z.object({ total_fees: z.string(), total_addresses: z.number(), estimated: z.literal(true).optional() });

export const monthsAnswerSchema = z.object({ payments: z.array(calendarYearSchema), months_to_pay: z.number() });

/** An address as its export reads it: the list row without the ledger's months and the delivered tickets. */
export type AddressExportRow = Omit<AddressRow, 'payments' | 'tickets_delivered' | 'fee_changes' | 'late_fee'>;

const location = (row: AddressExportRow) =>
  [row.state?.name, row.municipality?.name, row.parish?.name, row.type === 0 ? row.community?.name : row.economic_activity?.name]
    .filter((part): part is string => Boolean(part))
    .join(' / ');

export const addressExportColumns: ExportColumn<AddressExportRow>[] = [
  { header: 'ID', value: (row) => row.id, width: 8 },
  { header: 'Cliente', value: (row) => row.client.name, width: 28 },
  { header: 'Identificación', value: (row) => identificationLabel(row.client), width: 16 },
  { header: 'Tipo', value: (row) => ADDRESS_TYPES[row.type], width: 12 },
  { header: 'Dirección', value: (row) => row.address, width: 32 },
  { header: 'Ubicación', value: (row) => textOrEmpty(location(row)), width: 40 },
  { header: 'Tarifa ($)', value: (row) => textOrEmpty(row.fee), width: 10 },
  { header: 'Tarifa personalizada', value: (row) => (row.is_custom_fee ? 'Sí' : 'No'), width: 10 },
  { header: 'Meses por pagar', value: (row) => row.months_to_pay, width: 10 },
  { header: 'Antigüedad', value: (row) => (row.aging ? AGING_LABELS[row.aging] : ''), width: 14 },
  { header: 'Solvente hasta', value: (row) => formatMonth(row.solvent_to_date), width: 12 },
  { header: 'Saldo a favor ($)', value: (row) => row.balance_usd, width: 12 },
  { header: 'Fecha de creación', value: (row) => formatDate(row.created_at), width: 14 },
];
