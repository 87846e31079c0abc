import { z } from 'zod';
import { formatAmount } from '@recaudo/domain/format-money';
import { formatDate } from '@recaudo/domain/format';
import {
  SALES_BOOK_RATES,
  SALES_BOOK_TRANSACTIONS,
  SALES_BOOK_TYPES,
  type SalesBookRow,
  type SalesBookTotals,
} from '@recaudo/domain/sales-book';
import type { ExportColumn } from '../../platform/export';

const amount = z.string();

export const salesBookRowSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  identification: z.string(),
  name: z.string(),
  type_document: z.enum(['01', '02', '03', '05']),
  transaction: z.enum(['registro', 'complemento', 'anulacion']),
  number: z.string(),
  control_number: z.string().nullable(),
  affected_invoice: z.string().nullable(),
  total: amount,
  exempt: amount,
  base_reduced: amount,
  iva_reduced: amount,
  base_general: amount,
  iva_general: amount,
  base_additional: amount,
  iva_additional: amount,
  withheld: amount,
  voucher_number: z.string().nullable(),
  voucher_date: z.string().nullable(),
  igtf: amount,
});

const rateSchema = z.object({ base: amount, iva: amount });

export const salesBookTotalsSchema = z.object({
  invoices: z.number().int(),
  debit_notes: z.number().int(),
  credit_notes: z.number().int(),
  cancelled: z.number().int(),
  vouchers: z.number().int(),
  total: amount,
  exempt: amount,
  reduced: rateSchema,
  general: rateSchema,
  additional: rateSchema,
  iva: amount,
  withheld: amount,
  igtf: amount,
});

/** A row of the export; the footer's rows (totals, summary) name themselves in the name's column and leave the document's other columns blank. */
export type SalesBookLine = SalesBookRow | { label: string; amounts: Partial<Record<AmountKey, string>> };

type AmountKey = 'total' | 'exempt' | 'base_reduced' | 'iva_reduced' | 'base_general' | 'iva_general' | 'base_additional' | 'iva_additional' | 'withheld' | 'igtf';

const isDocument = (line: SalesBookLine): line is SalesBookRow => 'id' in line;
const text = (read: (row: SalesBookRow) => string | null) => (line: SalesBookLine) => (isDocument(line) ? (read(line) ?? '') : '');
const money = (key: AmountKey) => (line: SalesBookLine) => {
  const value = isDocument(line) ? line[key] : line.amounts[key];
  if (value === undefined) return '';
  // A leading minus would be escaped as a formula (escapeCell): negatives take the accountant's parentheses.
  return value.startsWith('-') ? `(${formatAmount(value.slice(1))})` : formatAmount(value);
};

export const salesBookExportColumns: ExportColumn<SalesBookLine>[] = [
  { header: 'Fecha', value: text((row) => formatDate(row.date)), width: 12 },
  { header: 'RIF / Cédula', value: text((row) => row.identification), width: 13 },
  { header: 'Nombre o razón social', value: (line) => (isDocument(line) ? line.name : line.label), width: 26 },
  { header: 'Tipo de documento', value: text((row) => SALES_BOOK_TYPES[row.type_document]), width: 15 },
  { header: 'Transacción', value: text((row) => SALES_BOOK_TRANSACTIONS[row.transaction]), width: 12 },
  { header: 'Nº documento', value: text((row) => row.number), width: 14 },
  { header: 'Nº control', value: text((row) => row.control_number), width: 13 },
  { header: 'Factura afectada', value: text((row) => row.affected_invoice), width: 14 },
  { header: 'Total con IVA (Bs)', value: money('total'), width: 16 },
  { header: 'Ventas exentas (Bs)', value: money('exempt'), width: 16 },
  { header: 'Base 8 % (Bs)', value: money('base_reduced'), width: 14 },
  { header: 'IVA 8 % (Bs)', value: money('iva_reduced'), width: 14 },
  { header: 'Base 16 % (Bs)', value: money('base_general'), width: 16 },
  { header: 'IVA 16 % (Bs)', value: money('iva_general'), width: 14 },
  { header: 'Base 31 % (Bs)', value: money('base_additional'), width: 14 },
  { header: 'IVA 31 % (Bs)', value: money('iva_additional'), width: 14 },
  { header: 'IVA retenido (Bs)', value: money('withheld'), width: 14 },
  { header: 'Nº comprobante', value: text((row) => row.voucher_number), width: 16 },
  { header: 'Fecha comprobante', value: text((row) => (row.voucher_date ? formatDate(row.voucher_date) : null)), width: 12 },
  { header: 'IGTF (Bs)', value: money('igtf'), width: 14 },
];

/**
 * What the export writes after the documents: the totals row (every amount column summed) and
 * the summary per rate, one line each with its amount in "Total con IVA". Amounts are written as
 * 1.234,56 under headers that name the bolívar, so the narrow PDF columns hold them; a credit
 * note's as (1.234,56).
 */
export function salesBookFooter(totals: SalesBookTotals): SalesBookLine[] {
  const rates = SALES_BOOK_RATES.flatMap(({ key, label }) => [
    { label: `Base imponible ${label.toLowerCase()}`, amounts: { total: totals[key].base } },
    { label: `Débito fiscal ${label.toLowerCase()}`, amounts: { total: totals[key].iva } },
  ]);
  return [
    {
      label: 'Totales',
      amounts: {
        total: totals.total,
        exempt: totals.exempt,
        base_reduced: totals.reduced.base,
        iva_reduced: totals.reduced.iva,
        base_general: totals.general.base,
        iva_general: totals.general.iva,
        base_additional: totals.additional.base,
        iva_additional: totals.additional.iva,
        withheld: totals.withheld,
        igtf: totals.igtf,
      },
    },
    { label: 'Ventas internas exentas', amounts: { total: totals.exempt } },
    ...rates,
    { label: 'Total débito fiscal', amounts: { total: totals.iva } },
    { label: 'IVA retenido por los compradores', amounts: { total: totals.withheld } },
    { label: 'IGTF percibido', amounts: { total: totals.igtf } },
  ];
}
