import { z } from 'zod';
import type { ExportColumn } from '../../platform/export';
import type { CorrelativeRow } from './service';

export const correlativeRowSchema = z.object({
  id: z.number(),
  serie: z.string(),
  number: z.string(),
  number_credit_note: z.string(),
  number_debit_note: z.string(),
  /** Read only: taken by delivery notes (type 04), never typed. */
  number_delivery_note: z.string(),
  count_payments: z.number(),
});

/** Counters stay text so a spreadsheet keeps their leading zeros. */
export const correlativeExportColumns: ExportColumn<CorrelativeRow>[] = [
  { header: 'ID', value: (row) => row.id, width: 8 },
  { header: 'Serie', value: (row) => row.serie, width: 12 },
  { header: 'Número de factura', value: (row) => row.number, width: 18 },
  { header: 'Número de nota de crédito', value: (row) => row.number_credit_note, width: 22 },
  { header: 'Número de nota de débito', value: (row) => row.number_debit_note, width: 22 },
  { header: 'Número de nota de entrega', value: (row) => row.number_delivery_note, width: 22 },
  { header: 'Pagos', value: (row) => row.count_payments, width: 10 },
];
