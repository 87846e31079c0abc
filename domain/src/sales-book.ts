import { z } from 'zod';

/**
 * The Libro de Ventas (issue 49, providers.md §7): every legal document the printer issued in a
 * month or one of its halves, in date and control-number order, with its bolívar figures per VAT
 * rate, the VAT the client withheld and the IGTF collected; credit notes negative, cancelled
 * documents in their place at zero, and a withholding voucher in the book of its own date.
 */

export const salesBookMessages = {
  periodRequired: 'El campo Período es obligatorio.',
  periodFormat: 'El período debe tener el formato AAAA-MM (por ejemplo 2026-11).',
  half: 'La quincena debe ser 1 (días 1 al 15) o 2 (del 16 al fin de mes).',
} as const;

/** YYYY-MM, months 01 to 12, years 2000 to 2099. */
const PERIOD = /^20\d{2}-(0[1-9]|1[0-2])$/;

/** `period` (YYYY-MM) and the optional `half` (1: days 1–15, 2: 16 to the month's end; absent: the whole month). */
export const salesBookQuerySchema = z.object({
  period: z
    .string({ error: salesBookMessages.periodRequired })
    .trim()
    .min(1, salesBookMessages.periodRequired)
    .regex(PERIOD, salesBookMessages.periodFormat),
  half: z.enum(['1', '2'], { error: salesBookMessages.half }).optional(),
});
export type SalesBookQuery = z.infer<typeof salesBookQuerySchema>;

/** The first day of the book and the first day after it (YYYY-MM-DD). */
export function salesBookBounds({ period, half }: Pick<SalesBookQuery, 'period' | 'half'>): { from: string; to: string } {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  if (half === '1') return { from: `${period}-01`, to: `${period}-16` };
  if (half === '2') return { from: `${period}-16`, to: next };
  return { from: `${period}-01`, to: next };
}

/** 01–03 as the printer numbers them; 05 is the client's withholding voucher, listed in the book of its own date. */
export const SALES_BOOK_TYPES = { '01': 'Factura', '02': 'Nota de crédito', '03': 'Nota de débito', '05': 'Comprobante de retención' } as const;
export type SalesBookType = keyof typeof SALES_BOOK_TYPES;

/** SENIAT's transaction kinds: an invoice is a registro, a note complements its invoice, a cancelled document is an anulación. */
export const SALES_BOOK_TRANSACTIONS = { registro: 'Registro', complemento: 'Complemento', anulacion: 'Anulación' } as const;
export type SalesBookTransaction = keyof typeof SALES_BOOK_TRANSACTIONS;

/** One line of the book; amounts are bolívares as decimal strings, a credit note's negative, a cancelled document's zero. */
export interface SalesBookRow {
  /** The legal document's id; a withholding voucher's row: minus its invoice's id. */
  id: number;
  date: string;
  identification: string;
  name: string;
  type_document: SalesBookType;
  transaction: SalesBookTransaction;
  /** Serie and number ("F-00000101"); a voucher's row: the voucher's number. */
  number: string;
  control_number: string | null;
  /** A note's or a voucher's invoice ("F-00000101"). */
  affected_invoice: string | null;
  total: string;
  exempt: string;
  base_reduced: string;
  iva_reduced: string;
  base_general: string;
  iva_general: string;
  base_additional: string;
  iva_additional: string;
  withheld: string;
  voucher_number: string | null;
  voucher_date: string | null;
  igtf: string;
}

export interface SalesBookRate {
  base: string;
  iva: string;
}

/** The book's sums per rate and its summary. */
export interface SalesBookTotals {
  invoices: number;
  debit_notes: number;
  credit_notes: number;
  cancelled: number;
  vouchers: number;
  total: string;
  exempt: string;
  reduced: SalesBookRate;
  general: SalesBookRate;
  additional: SalesBookRate;
  /** Débito fiscal: the VAT of every rate. */
  iva: string;
  withheld: string;
  igtf: string;
}

/** The VAT rates of the book's columns (providers.md §3, catalog 10). */
export const SALES_BOOK_RATES = [
  { key: 'reduced', label: 'Alícuota reducida 8 %' },
  { key: 'general', label: 'Alícuota general 16 %' },
  { key: 'additional', label: 'Alícuota general más adicional 31 %' },
] as const;

/** "F-00000101", or the bare number when the series has no name. */
export const documentNumber = (serie: string | null, number: string) => (serie ? `${serie}-${number}` : number);
