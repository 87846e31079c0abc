import Decimal from 'decimal.js';
import { debtTotal } from './amounts';
import type { RateSource } from './exchange-rates';
import type { BalanceMovement } from './balance';
import { feeAt, feesTotal, type FeeSchedule } from './tariffs';
import { addMonths, currentMonth, monthRange, type Coverage, type Month } from './months';
import { caracasDay } from './dates';
import { monthSurcharge, surchargeTotal, type AgreementHold, type LateFeeSettings } from './late-fees';
import type { StatementAgreement } from './payment-agreements';

/**
 * The statement of account (issue 33): every month of an address from its start to the current
 * one (and any paid ahead) with its fee and state, what is owed in $ and in BS at today's dollar
 * rate, and the aging bucket of the months owed. The owed months are the ones `months_to_pay`
 * counts (DESIGN §5): a month covered by a payment Procesando is not owed, it is waiting.
 */

export const AGING_BUCKETS = ['1-3', '4-6', '7-12', '13+'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_LABELS: Record<AgingBucket, string> = { '1-3': '1 a 3 meses', '4-6': '4 a 6 meses', '7-12': '7 a 12 meses', '13+': 'Más de 12 meses' };

/** The bucket of an address owing `monthsOwed` months; null when it owes nothing. */
export function agingBucket(monthsOwed: number): AgingBucket | null {
  if (monthsOwed <= 0) return null;
  if (monthsOwed <= 3) return '1-3';
  if (monthsOwed <= 6) return '4-6';
  if (monthsOwed <= 12) return '7-12';
  return '13+';
}

/** The month-count range of a bucket, both ends included (13+ has no upper end). */
export const AGING_RANGES: Record<AgingBucket, { from: number; to: number | null }> = {
  '1-3': { from: 1, to: 3 },
  '4-6': { from: 4, to: 6 },
  '7-12': { from: 7, to: 12 },
  '13+': { from: 13, to: null },
};

export const isAgingBucket = (value: unknown): value is AgingBucket => typeof value === 'string' && (AGING_BUCKETS as readonly string[]).includes(value);

/** `filters[aging]` of the addresses list names none of AGING_BUCKETS. */
export const invalidAgingMessage = 'La antigüedad de la deuda debe ser 1-3, 4-6, 7-12 o 13+ meses.';

/** One bucket of the staff dashboard's aging card: the addresses owing that many months and what they owe. */
export interface AgingCardBucket {
  bucket: AgingBucket;
  addresses: number;
  owed_usd: string;
  owed_bs: string;
  /** The late-payment surcharge its addresses owe in $ before VAT (issue 50), beside the months' fees. */
  surcharge_usd: string;
}

/** The aging card's total row: every owing address and what they owe. */
export function agingCardTotal(buckets: readonly AgingCardBucket[]): Omit<AgingCardBucket, 'bucket'> {
  return {
    addresses: buckets.reduce((sum, bucket) => sum + bucket.addresses, 0),
    owed_usd: buckets.reduce((sum, bucket) => sum.plus(bucket.owed_usd), new Decimal(0)).toFixed(2),
    owed_bs: buckets.reduce((sum, bucket) => sum.plus(bucket.owed_bs), new Decimal(0)).toFixed(2),
    surcharge_usd: buckets.reduce((sum, bucket) => sum.plus(bucket.surcharge_usd), new Decimal(0)).toFixed(2),
  };
}

/** `opening`: the opening balance of an imported or hand-given position (issue 48), one line for the month it covers to. */
export type StatementMonthState = 'opening' | 'paid' | 'balance' | 'marked' | 'pending' | 'owed';
export const STATEMENT_MONTH_STATES: Record<StatementMonthState, string> = {
  opening: 'Saldo inicial',
  paid: 'Pagado',
  balance: 'Pagado con abonos',
  marked: 'Marcado a mano',
  pending: 'Procesando',
  owed: 'Adeudado',
};

/** The payment holding a month, as the statement names it. */
export interface StatementPayment {
  id: number;
  /** The document number ("A-00000123"), null while the payment has none. */
  number: string | null;
  date_payment: string;
}

export interface StatementMonth {
  month: Month;
  /** The monthly fee in $ in force for this month (issue 50; null without one). */
  fee: string | null;
  state: StatementMonthState;
  payment: StatementPayment | null;
  /** An owed month's late-payment surcharge by today in $, before VAT (issue 50); absent: none. */
  surcharge_usd?: string;
}

/** The late-payment surcharge owed (issue 50), a line of its own beside the months' fees: in $ before VAT and in BS at today's rate. */
export interface SurchargeFigures {
  surcharge_usd: string;
  surcharge_bs: string;
}

/** A payment whose surcharge was waived in whole or part (issue 50), as the statement lists it. */
export interface SurchargeWaiver {
  payment_id: number;
  number: string | null;
  date_payment: string;
  surcharge_usd: string;
  waived_usd: string;
  reason: string | null;
}

export interface DebtFigures {
  months_owed: number;
  /** The owed months' fees added up, in $. */
  owed_usd: string;
  /** The same at today's dollar rate, in BS. */
  owed_bs: string;
}

export interface AddressStatement extends DebtFigures, SurchargeFigures {
  address_payment_id: number;
  address: string;
  type: 0 | 1;
  fee: string | null;
  start_month: Month;
  months: StatementMonth[];
  /** The oldest month owed (the first a "Pagar" pays), null when nothing is owed. */
  oldest_owed: Month | null;
  /** Last month of the paid run from the start, null when the start month is owed. */
  solvent_to_date: Month | null;
  aging: AgingBucket | null;
  /** The credit balance in $ (issue 50) and every movement of it, oldest first. */
  balance_usd: string;
  balance_movements: BalanceMovement[];
  /** The payments of the address whose surcharge was waived, oldest first. */
  surcharge_waivers: SurchargeWaiver[];
  /** Its current or broken payment agreement with the installments (issue 50), null without one. */
  agreement?: StatementAgreement | null;
}

export type AgingTotals = Record<AgingBucket, { addresses: number; owed_usd: string; owed_bs: string }>;

export interface Statement extends DebtFigures, SurchargeFigures {
  client: { id: number; name: string; identification_type: string; identification: string; email: string | null };
  /** BS per $ used for `owed_bs`. */
  dollar_rate: string;
  /** The value date and source of that rate (issue 47), null while no rate was ever stored. */
  dollar_rate_value_date: string | null;
  dollar_rate_source: RateSource | null;
  /** Today in Caracas, 'YYYY-MM'. */
  current_month: Month;
  addresses: AddressStatement[];
  aging: AgingTotals;
}

export interface AddressStatementInput {
  address_payment_id: number;
  address: string;
  type: 0 | 1;
  fee: string | null;
  start_month: Month;
  /** The last month the opening balance covers, null without one. */
  opening_paid_through: Month | null;
  /** The ledger's rows of the address, with the payment of each paid month. */
  coverage: (Coverage & { payment: StatementPayment | null })[];
  /** The credit balance and its movements (issue 50); none when left out. */
  balance?: { balance_usd: string; movements: BalanceMovement[] };
  /** The fee's changes (issue 50): each month at the tariff in force for it; none: every month at `fee`. */
  fee_changes?: FeeSchedule['changes'];
  /** The late-payment surcharge settings of the address's fee source (issue 50); none: no surcharge. */
  late_fee?: LateFeeSettings | null;
  /** The months a payment agreement holds (no surcharge while current). */
  holds?: ReadonlyMap<Month, AgreementHold>;
  surcharge_waivers?: SurchargeWaiver[];
}

/**
 * One address's statement at `now`: from the start month (or an earlier covered one) to the
 * current month, and on to the last month paid ahead. Each month's fee is the tariff in force for
 * it (domain tariffs.ts); the debt is the sum of the owed months' fees.
 */
export function addressStatement(input: AddressStatementInput, dollarRate: string, now: Date = new Date()): AddressStatement {
  const current = currentMonth(now);
  const today = caracasDay(now);
  const schedule: FeeSchedule = { fee: input.fee, changes: input.fee_changes ?? [] };
  const byMonth = new Map(input.coverage.map((entry) => [entry.month, entry]));
  const covered = [...byMonth.keys()].sort();
  const first = covered[0] && covered[0] < input.start_month ? covered[0] : input.start_month;
  const last = covered.length && covered[covered.length - 1]! > current ? covered[covered.length - 1]! : current;
  const months: StatementMonth[] = monthRange(first, last)
    .map((month): StatementMonth | null => {
      const entry = byMonth.get(month);
      if (entry) return { month, fee: feeAt(schedule, month), state: entry.from_balance ? 'balance' : entry.payment_id === null ? 'marked' : entry.pending ? 'pending' : 'paid', payment: entry.payment };
      // Before the start nothing is due; after the current month only covered months are listed.
      if (month < input.start_month || month > current) return null;
      const fee = feeAt(schedule, month);
      const surcharge = monthSurcharge({ month, fee, settings: input.late_fee ?? null, today, covered: false, agreement: input.holds?.get(month) });
      return surcharge === null ? { month, fee, state: 'owed', payment: null } : { month, fee, state: 'owed', payment: null, surcharge_usd: surcharge };
    })
    .filter((entry): entry is StatementMonth => entry !== null);
  // The opening balance is one line, dated by the last month it covers, ahead of the ledger's months.
  if (input.opening_paid_through !== null) months.unshift({ month: input.opening_paid_through, fee: feeAt(schedule, input.opening_paid_through), state: 'opening', payment: null });
  const owed = months.filter((entry) => entry.state === 'owed');
  const surchargeUsd = surchargeTotal(owed.map((entry) => entry.surcharge_usd ?? null));
  let paidThrough: Month | null = input.opening_paid_through;
  for (let month = input.start_month; byMonth.has(month); month = addMonths(month, 1)) paidThrough = month;
  return {
    address_payment_id: input.address_payment_id,
    address: input.address,
    type: input.type,
    fee: input.fee,
    start_month: input.start_month,
    months,
    ...debtOfFees(
      owed.map((entry) => entry.fee),
      dollarRate,
    ),
    oldest_owed: owed[0]?.month ?? null,
    solvent_to_date: paidThrough,
    aging: agingBucket(owed.length),
    balance_usd: input.balance?.balance_usd ?? '0.00',
    balance_movements: input.balance?.movements ?? [],
    ...surchargeFigures(surchargeUsd, dollarRate),
    surcharge_waivers: input.surcharge_waivers ?? [],
  };
}

/** A surcharge in $ and in BS at `dollarRate`, to the cent. */
export const surchargeFigures = (surchargeUsd: string, dollarRate: string): SurchargeFigures => ({ surcharge_usd: surchargeUsd, surcharge_bs: debtTotal(1, surchargeUsd, dollarRate) });

/** Whether there is a surcharge to show: above zero. */
export const owesSurcharge = (figures: SurchargeFigures) => new Decimal(figures.surcharge_usd).greaterThan(0);

/** The surcharge of several addresses added up. */
export const sumSurcharges = (addresses: readonly SurchargeFigures[]): SurchargeFigures => ({
  surcharge_usd: surchargeTotal(addresses.map((address) => address.surcharge_usd)),
  surcharge_bs: surchargeTotal(addresses.map((address) => address.surcharge_bs)),
});

/** Months owed × the monthly fee, in $ to the cent (no fee: nothing). */
export const owedDollars = (monthsOwed: number, fee: string | null) =>
  new Decimal(fee ?? '0').times(Math.max(0, monthsOwed)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/** Months owed with their amount in $ and in BS at `dollarRate` (spec 02 §9 debt total: no VAT). */
export function debtFigures(monthsOwed: number, fee: string | null, dollarRate: string): DebtFigures {
  return { months_owed: monthsOwed, owed_usd: owedDollars(monthsOwed, fee), owed_bs: debtTotal(monthsOwed, fee ?? '0', dollarRate) };
}

/** The owed figures of months whose fees add up to `owedUsd`: that sum at `dollarRate` in BS, to the cent. */
export const debtOfDollars = (monthsOwed: number, owedUsd: string, dollarRate: string): DebtFigures => ({
  months_owed: monthsOwed,
  owed_usd: new Decimal(owedUsd).toFixed(2),
  owed_bs: debtTotal(1, owedUsd, dollarRate),
});

/** The owed figures of months priced one by one (issue 50): their fees added in $, and that sum in BS. */
export const debtOfFees = (fees: readonly (string | null)[], dollarRate: string): DebtFigures => debtOfDollars(fees.length, feesTotal(fees), dollarRate);

/** The owed figures of several addresses added up, and by aging bucket. */
export function sumDebts(addresses: readonly (DebtFigures & { aging: AgingBucket | null })[]): DebtFigures & { aging: AgingTotals } {
  const aging = Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, { addresses: 0, owed_usd: '0.00', owed_bs: '0.00' }])) as AgingTotals;
  let usd = new Decimal(0);
  let bs = new Decimal(0);
  let months = 0;
  for (const address of addresses) {
    months += address.months_owed;
    usd = usd.plus(address.owed_usd);
    bs = bs.plus(address.owed_bs);
    if (!address.aging) continue;
    const bucket = aging[address.aging];
    bucket.addresses += 1;
    bucket.owed_usd = new Decimal(bucket.owed_usd).plus(address.owed_usd).toFixed(2);
    bucket.owed_bs = new Decimal(bucket.owed_bs).plus(address.owed_bs).toFixed(2);
  }
  return { months_owed: months, owed_usd: usd.toFixed(2), owed_bs: bs.toFixed(2), aging };
}

export const statementMessages = {
  fileName: 'Estado de cuenta.pdf',
  mailSent: 'Estado de cuenta enviado al correo del cliente',
  noEmail: 'El cliente no tiene correo registrado',
  notFound: 'No se ha encontrado el estado de cuenta',
  scopeRequired: 'Indica el cliente o la dirección del estado de cuenta.',
  upToDate: 'Estás al día',
  /** The home's summary when nothing is owed but some month waits on a payment Procesando. */
  inReview: 'Tu pago está en revisión',
} as const;

/** `/verify-statement/{hash}`: the public check the statement's QR code opens. */
export const verifyStatementPath = (hash: string) => `/verify-statement/${hash}`;

/** What the public check shows of an issued statement: who, when, and what it said was owed. */
export interface StatementVerification extends DebtFigures {
  /** The identification masked (`maskedIdentification`); no street address (issue 46). */
  client: { name: string; identification_type: string; identification: string };
  dollar_rate: string;
  /** Null for a statement issued before issue 47 kept them. */
  dollar_rate_value_date: string | null;
  dollar_rate_source: RateSource | null;
  created_at: string;
}

/** One address on the client's home (issue 33 "what I owe"). */
export interface AddressDebt extends DebtFigures, SurchargeFigures {
  address_payment_id: number;
  address: string;
  type: 0 | 1;
  oldest_owed: Month | null;
  solvent_to_date: Month | null;
  /** The months covered only by a payment still Procesando, oldest first: not owed, not yet solvent. */
  pending_months: Month[];
  /** Whether a current payment agreement holds its owed months: its installments pay them (issue 50). */
  in_agreement: boolean;
}

export interface ClientDebts extends DebtFigures, SurchargeFigures {
  dollar_rate: string;
  dollar_rate_value_date: string | null;
  dollar_rate_source: RateSource | null;
  addresses: AddressDebt[];
}

/** The client's home summary of a statement: per address, without the months. */
export function clientDebts(statement: Statement): ClientDebts {
  return {
    dollar_rate: statement.dollar_rate,
    dollar_rate_value_date: statement.dollar_rate_value_date,
    dollar_rate_source: statement.dollar_rate_source,
    months_owed: statement.months_owed,
    owed_usd: statement.owed_usd,
    owed_bs: statement.owed_bs,
    surcharge_usd: statement.surcharge_usd,
    surcharge_bs: statement.surcharge_bs,
    addresses: statement.addresses.map((address) => ({
      address_payment_id: address.address_payment_id,
      address: address.address,
      type: address.type,
      months_owed: address.months_owed,
      owed_usd: address.owed_usd,
      owed_bs: address.owed_bs,
      surcharge_usd: address.surcharge_usd,
      surcharge_bs: address.surcharge_bs,
      oldest_owed: address.oldest_owed,
      solvent_to_date: address.solvent_to_date,
      pending_months: address.months.filter((month) => month.state === 'pending').map((month) => month.month),
      in_agreement: address.agreement?.status === 'current',
    })),
  };
}
