import { z } from 'zod';
import { CURRENCIES } from '@recaudo/domain/tenders';
import { CLOSED_BOX_TYPES, type ClosedBoxRow } from '@recaudo/domain/closed-boxes';
import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate, formatDateTime, textOrEmpty } from '@recaudo/domain/format';
import type { ExportColumn } from '../../platform/export';
import type { ClosedBoxDetail } from './queries';

const named = z.object({ id: z.number(), name: z.string() }).nullable();
const groupKey = z.object({ payment_method_id: z.number(), terminal: z.string().nullable(), lot_number: z.string().nullable() });

export const paymentGroupSchema = groupKey.extend({
  name: z.string(),
  currency: z.enum(CURRENCIES),
  count_payments: z.number(),
  amount_bill: z.string(),
  amount_payment: z.string(),
  amount_currency: z.string(),
  tax_base_bs: z.string(),
  commission: z.string(),
  verified: z.boolean(),
});

export const closedBoxRowSchema = z.object({
  id: z.number(),
  date: z.string(),
  user: named,
  user_id: z.number().nullable(),
  type: z.union([z.literal(0), z.literal(1)]),
  serie_id: z.number().nullable(),
  serie: z.string().nullable(),
  checkbook_number: z.string().nullable(),
  lot_number: z.string().nullable(),
  reference: z.string().nullable(),
  exchange_rate: z.string(),
  file: z.string().nullable(),
  status: z.boolean(),
  version: z.number(),
  count_bill: z.number(),
  total_bill: z.string(),
  total: z.string(),
  dollar_amount_bill: z.string(),
  dollar_amount_payment: z.string(),
  transfer: z.string(),
  point_of_sale: z.string(),
  commission: z.string(),
  verify_payments: z.array(groupKey),
  causer: named,
  created_at: z.string(),
  counted_cash: z.object({ VES: z.string().optional(), USD: z.string().optional(), EUR: z.string().optional() }),
  payments: z.array(paymentGroupSchema),
  money: z.object({
    currencies: z.array(
      z.object({
        currency: z.enum(CURRENCIES),
        tendered: z.string(),
        change: z.string(),
        cash_expected: z.string(),
        cash_counted: z.string().nullable(),
        difference: z.string().nullable(),
      }),
    ),
    igtf: z.string(),
  }),
});

export const closedBoxTotalsSchema = z.object({
  count_payments: z.number(),
  amount_bill: z.string(),
  amount_payment: z.string(),
  dollar_amount_bill: z.string(),
  dollar_amount_payment: z.string(),
});

export const userClosingsSchema = closedBoxTotalsSchema.extend({ user_id: z.number(), name: z.string(), count_closed_boxs: z.number() });

/** The file leaves the API as its download path, never the stored name. */
export const closedBoxFileUrl = (row: { id: number; file: string | null }) => (row.file ? `/api/closed-boxs/${row.id}/file` : null);

export const presentClosedBox = (row: ClosedBoxDetail): ClosedBoxDetail => ({ ...row, file: closedBoxFileUrl(row) });

/** Columns of `closed-boxs/export` (Cierres de Caja): a closing's row with its kept figures, not its groups. */
export const closedBoxExportColumns: ExportColumn<ClosedBoxRow>[] = [
  { header: 'ID', value: (row) => row.id, width: 6 },
  { header: 'Fecha', value: (row) => formatDate(row.date), width: 11 },
  { header: 'Responsable', value: (row) => textOrEmpty(row.user?.name), width: 20 },
  { header: 'Tipo', value: (row) => CLOSED_BOX_TYPES[row.type], width: 8 },
  { header: 'Serie', value: (row) => textOrEmpty(row.serie), width: 8 },
  { header: 'Número de chequera', value: (row) => textOrEmpty(row.checkbook_number), width: 14 },
  { header: 'Número de lote', value: (row) => textOrEmpty(row.lot_number), width: 12 },
  { header: 'Referencia', value: (row) => textOrEmpty(row.reference), width: 12 },
  { header: 'Tasa de cambio', value: (row) => formatMoney(row.exchange_rate), width: 12 },
  { header: 'Pagos', value: (row) => row.count_bill, width: 8 },
  { header: 'Monto facturado', value: (row) => formatMoney(row.total_bill), width: 16 },
  { header: 'Monto pagado', value: (row) => formatMoney(row.total), width: 16 },
  { header: 'Monto facturado $', value: (row) => formatMoney(row.dollar_amount_bill, '$'), width: 14 },
  { header: 'Monto pagado $', value: (row) => formatMoney(row.dollar_amount_payment, '$'), width: 14 },
  { header: 'Transferencias', value: (row) => formatMoney(row.transfer), width: 14 },
  { header: 'Punto de venta', value: (row) => formatMoney(row.point_of_sale), width: 14 },
  { header: 'Comisión terminal', value: (row) => formatMoney(row.commission), width: 14 },
  { header: 'Estatus', value: (row) => (row.status ? 'Activo' : 'Inactivo'), width: 9 },
  { header: 'Creado', value: (row) => formatDateTime(row.created_at), width: 16 },
];

export const verificationHistoryEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  user: z.string().nullable(),
  kind: z.enum(['verified', 'unverified', 'payment_updated']),
  groups: z.array(groupKey),
  reason: z.string().nullable(),
  payment_id: z.number().nullable(),
  fields: z.array(z.string()),
});
