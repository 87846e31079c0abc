import { z } from 'zod';
import { BANK_DATE_FORMAT, formatBankTime, movementRangeIssue, parseBankAmount, type BankMovement } from '@recaudo/domain/bank-operations';
import { caracas, dayjs } from '@recaudo/domain/dates';
import { fieldError } from '../../platform/errors';
import type { ExportColumn, RowSource } from '../../platform/export';
import { lowestMovementNumber } from '../../providers/bank/bdv-client';
import type { BankProvider } from '../../providers/bank/types';

export const movementsBodySchema = z.object({
  dateInit: z.string().trim().optional(),
  dateEnd: z.string().trim().optional(),
  currencyType: z.enum(['VES'], { error: 'El tipo de moneda debe ser VES' }).optional().default('VES'),
  movementNumber: z.string().trim().max(30).optional().default(''),
});
export type MovementsBody = z.output<typeof movementsBodySchema>;

/** The bank answers at most 100 per page; a month of a busy account stays far below this many pages. */
const MAX_PAGES = 60;

/** Every movement of one range the bank accepts, following `nroMov` newest first (providers.md §1.3, §4). */
async function wholeRange(bank: BankProvider, from: string, to: string, currencyType: string, movementNumber: string): Promise<BankMovement[]> {
  const movs: BankMovement[] = [];
  let after = movementNumber;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await bank.movements({ dateInit: from, dateEnd: to, currencyType, movementNumber: after });
    movs.push(...answer.movs);
    if (!answer.movs.length || movs.length >= answer.totalOfMovements || answer.movs.length < 100) break;
    after = lowestMovementNumber(answer.movs);
  }
  return movs;
}

/**
 * The business account's movements of a date range within the search window (spec 02 §5): the
 * bank does not take a range that includes today unless today is asked alone, so such a range is
 * asked as the days before today plus today, newest first.
 */
export async function findMovements(bank: BankProvider, body: MovementsBody): Promise<{ movs: BankMovement[]; totalOfMovements: number }> {
  const issue = movementRangeIssue(body.dateInit, body.dateEnd);
  if (issue) throw fieldError('dateInit', issue);
  const today = caracas().format(BANK_DATE_FORMAT);
  const start = dayjs(body.dateInit, BANK_DATE_FORMAT, true);
  const end = dayjs(body.dateEnd, BANK_DATE_FORMAT, true);
  const ranges: [string, string][] = [];
  if (body.dateEnd === today && body.dateInit !== today) {
    ranges.push([today, today], [start.format(BANK_DATE_FORMAT), caracas().subtract(1, 'day').format(BANK_DATE_FORMAT)]);
  } else ranges.push([start.format(BANK_DATE_FORMAT), end.format(BANK_DATE_FORMAT)]);
  const movs: BankMovement[] = [];
  for (const [from, to] of ranges) movs.push(...(await wholeRange(bank, from, to, body.currencyType, body.movementNumber)));
  return { movs, totalOfMovements: movs.length };
}

/** The screen's local text filter, the same on the server for the export. */
export function matchesSearch(movement: BankMovement, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return Object.values(movement).some((value) => String(value).toLowerCase().includes(needle));
}

export const movementExportColumns: ExportColumn<BankMovement>[] = [
  { header: 'Referencia', value: (row) => row.referencia, width: 18 },
  { header: 'Nro. movimiento', value: (row) => row.nroMov, width: 14 },
  { header: 'Descripción', value: (row) => row.descripcion, width: 28 },
  { header: 'Fecha', value: (row) => (dayjs(row.fecha, 'YYYY-MM-DD', true).isValid() ? dayjs(row.fecha).format('DD-MM-YYYY') : row.fecha), width: 12 },
  { header: 'Hora', value: (row) => formatBankTime(row.hora), width: 10 },
  { header: 'Tipo', value: (row) => row.mov, width: 10 },
  { header: 'Saldo', value: (row) => parseBankAmount(row.saldo) ?? row.saldo, width: 16 },
  { header: 'Monto', value: (row) => parseBankAmount(row.importe) ?? row.importe, width: 14 },
  { header: 'Observación', value: (row) => row.observacion, width: 34 },
];

export const arraySource = <T>(rows: T[]): RowSource<T> => ({
  rows: async (limit, offset) => rows.slice(offset, limit === null ? undefined : offset + limit),
  count: async () => rows.length,
});
