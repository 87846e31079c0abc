import type { SalesBookRow, SalesBookTotals } from '@recaudo/domain/sales-book';
import type { RowSource } from '../../platform/export';

/**
 * The book's totals summed from the rows an export writes, as `salesBookTotals` sums them in
 * PostgreSQL for the screen (documents counted per type, every amount column added, the débito
 * fiscal the VAT of every rate). An export reads every row anyway: summing them as they pass
 * spares PostgreSQL a second reading of the whole month (1.5–2 s of its CPU for 90 000 documents
 * on a loaded machine), and its footer is by construction the sum of the rows above it.
 */

/**
 * Amounts as whole cents in BigInt: exact like decimal.js, and a fifth of its cost over 900 000
 * amounts (decimal.js added 1.4 s of CPU to the export). A row's amounts always have two decimals.
 */
const cents = (amount: string) => BigInt(amount.replace('.', ''));
const amountOf = (total: bigint) => {
  const digits = (total < 0n ? -total : total).toString().padStart(3, '0');
  return `${total < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

const AMOUNTS = ['total', 'exempt', 'base_reduced', 'iva_reduced', 'base_general', 'iva_general', 'base_additional', 'iva_additional', 'withheld', 'igtf'] as const;

export function salesBookTally() {
  const counts = { invoices: 0, debit_notes: 0, credit_notes: 0, cancelled: 0, vouchers: 0 };
  const sums = Object.fromEntries(AMOUNTS.map((key) => [key, 0n])) as Record<(typeof AMOUNTS)[number], bigint>;
  const add = (row: SalesBookRow) => {
    if (row.type_document === '01') counts.invoices += 1;
    else if (row.type_document === '03') counts.debit_notes += 1;
    else if (row.type_document === '02') counts.credit_notes += 1;
    else counts.vouchers += 1;
    if (row.transaction === 'anulacion') counts.cancelled += 1;
    for (const key of AMOUNTS) sums[key] += cents(row[key]);
  };
  return {
    /** The source with every row it loads counted: an export's walk loads each row once. */
    counting(source: RowSource<SalesBookRow>): RowSource<SalesBookRow> {
      const walk = source.walk;
      if (!walk) throw new Error('the sales book is exported by its walk');
      return {
        ...source,
        walk: {
          keys: () => walk.keys(),
          load: async (keys) => {
            const rows = await walk.load(keys);
            rows.forEach(add);
            return rows;
          },
        },
      };
    },
    totals(): SalesBookTotals {
      const text = (key: (typeof AMOUNTS)[number]) => amountOf(sums[key]);
      return {
        ...counts,
        total: text('total'),
        exempt: text('exempt'),
        reduced: { base: text('base_reduced'), iva: text('iva_reduced') },
        general: { base: text('base_general'), iva: text('iva_general') },
        additional: { base: text('base_additional'), iva: text('iva_additional') },
        iva: amountOf(sums.iva_reduced + sums.iva_general + sums.iva_additional),
        withheld: text('withheld'),
        igtf: text('igtf'),
      };
    },
  };
}
