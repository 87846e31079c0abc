import Decimal from 'decimal.js';
import { z } from 'zod';
import { dayjs } from './dates';
import { moneyField } from './money-field';
import type { Month } from './months';
import { blank, fail, recordId } from './validation';

/**
 * Payment agreements (convenios de pago, issue 50): an address owing at least
 * `AGREEMENT_MIN_MONTHS` months freezes its debt at signing (each month at its price, plus a
 * surcharge part) and pays it as a down payment and 2–24 monthly installments. Payments to the
 * agreement pay the installments in order and cover its months oldest first.
 */

/** The fewest owed months an agreement may gather. */
export const AGREEMENT_MIN_MONTHS = 3;
export const AGREEMENT_MIN_INSTALLMENTS = 2;
export const AGREEMENT_MAX_INSTALLMENTS = 24;

export const AGREEMENT_STATUSES = ['current', 'completed', 'broken', 'cancelled'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

export const AGREEMENT_STATUS_LABELS: Record<AgreementStatus, string> = {
  current: 'Vigente',
  completed: 'Cumplido',
  broken: 'Incumplido',
  cancelled: 'Anulado',
};

export const INSTALLMENT_STATUSES = ['paid', 'partial', 'pending', 'overdue'] as const;
export type InstallmentStatus = (typeof INSTALLMENT_STATUSES)[number];

export const INSTALLMENT_STATUS_LABELS: Record<InstallmentStatus, string> = {
  paid: 'Pagada',
  partial: 'Abonada',
  pending: 'Por pagar',
  overdue: 'Vencida',
};

export const agreementMessages = {
  created: 'Convenio de pago registrado',
  cancelled: 'Convenio de pago anulado',
  notFound: 'El convenio de pago no existe',
  addressNotFound: 'La dirección de pago no existe',
  tooFewMonths: (owed: number) =>
    `La dirección debe al menos ${AGREEMENT_MIN_MONTHS} meses para firmar un convenio de pago; debe ${owed} ${owed === 1 ? 'mes' : 'meses'}.`,
  installmentsRange: `El número de cuotas debe estar entre ${AGREEMENT_MIN_INSTALLMENTS} y ${AGREEMENT_MAX_INSTALLMENTS}.`,
  firstDueDateInvalid: 'La fecha de la primera cuota debe tener el formato AAAA-MM-DD.',
  firstDueDatePast: 'La fecha de la primera cuota no puede ser anterior a hoy.',
  downPaymentAboveDebt: (debt: string) => `La cuota inicial debe ser menor que la deuda del convenio ($ ${debt}).`,
  scheduleDoesNotAddUp: (financed: string) => `Las cuotas deben sumar lo que queda de la deuda después de la cuota inicial ($ ${financed}).`,
  installmentTooSmall: 'Cada cuota debe ser de al menos $ 0,01.',
  alreadyCurrent: 'La dirección ya tiene un convenio de pago vigente.',
  notCurrent: 'Solo se puede anular un convenio vigente.',
  paymentAgreementMismatch: 'El convenio de pago no es de esta dirección o no está vigente.',
  paymentAgreementMonths: 'Un pago a un convenio no elige meses: cubre los de sus cuotas, del más antiguo al más reciente.',
  paidByInstallments: 'En convenio de pago: estos meses se pagan con las cuotas de «Mi convenio».',
  monthInAgreement: (month: string) => `${month} está en el convenio de pago vigente de la dirección: se paga con sus cuotas.`,
  solvencyWithAgreement: 'La dirección tiene un convenio de pago vigente: no se emite solvencia hasta cumplirlo.',
  breachSubject: 'Convenio de pago incumplido',
  fileName: 'Convenio de pago.pdf',
  mailSent: 'Convenio de pago enviado al correo del cliente',
} as const;

const firstDueDate = z.unknown().transform((value, ctx) => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || !dayjs(value, 'YYYY-MM-DD', true).isValid()) {
    return fail(ctx, agreementMessages.firstDueDateInvalid);
  }
  return value;
});

const installmentCount = z.unknown().transform((value, ctx) => {
  const count = typeof value === 'string' && !blank(value) ? Number(value) : value;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < AGREEMENT_MIN_INSTALLMENTS || count > AGREEMENT_MAX_INSTALLMENTS) {
    return fail(ctx, agreementMessages.installmentsRange);
  }
  return count;
});

/**
 * `POST payment-agreements/store`. `installment_amounts` is optional: without it the server splits
 * what the down payment leaves in equal installments (the last takes the remainder); with it, the
 * amounts must add up to that to the cent.
 */
export const createAgreementSchema = z.object({
  address_payment_id: recordId('Dirección de pago'),
  down_payment_usd: moneyField('Cuota inicial'),
  installments: installmentCount,
  first_due_date: firstDueDate,
  installment_amounts: z
    .array(moneyField('Monto de la cuota', { positive: true }))
    .max(AGREEMENT_MAX_INSTALLMENTS)
    .optional(),
});
export type CreateAgreementInput = z.output<typeof createAgreementSchema>;

export const agreementListFiltersSchema = z.object({
  client_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  address_payment_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  status: z.enum(AGREEMENT_STATUSES).optional(),
});

export interface AgreementInstallment {
  number: number;
  due_date: string;
  amount_usd: string;
  paid_usd: string;
  status: InstallmentStatus;
}

export interface AgreementMonth {
  month: Month;
  price_usd: string;
  surcharge_usd: string;
}

export interface PaymentAgreement {
  id: number;
  address_payment_id: number;
  client_id: number;
  status: AgreementStatus;
  debt_usd: string;
  surcharge_usd: string;
  down_payment_usd: string;
  paid_usd: string;
  created_at: string;
  ended_at: string | null;
  months: AgreementMonth[];
  installments: AgreementInstallment[];
}

/**
 * The installments' amounts: `financed` split in `count` equal parts to the cent, the last one
 * taking what the rounding left, so they add up to `financed` exactly.
 */
export function splitInstallments(financed: Decimal.Value, count: number): string[] {
  const total = new Decimal(financed);
  const each = total.dividedBy(count).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  const last = total.minus(each.times(count - 1));
  return [...Array.from({ length: count - 1 }, () => each.toFixed(2)), last.toFixed(2)];
}

/** The due date of each installment: the first date, then the same day of each following month (the month's last day when shorter). */
export const installmentDueDates = (first: string, count: number): string[] =>
  Array.from({ length: count }, (_, index) => dayjs(first, 'YYYY-MM-DD').add(index, 'month').format('YYYY-MM-DD'));

/** Whether the amounts add up to `financed` to the cent. */
export const addsUpTo = (amounts: readonly string[], financed: Decimal.Value) =>
  amounts.reduce((sum, amount) => sum.plus(amount), new Decimal(0)).equals(new Decimal(financed));

/**
 * What the installments have been paid, in order: `paid` fills the down payment (number 0), then
 * each installment up to its amount; anything beyond the last is not the agreement's.
 */
export function fillInstallments(amounts: readonly string[], paid: Decimal.Value): string[] {
  let left = new Decimal(paid);
  return amounts.map((amount) => {
    const part = Decimal.min(left, amount);
    left = left.minus(part);
    return part.toFixed(2);
  });
}

/**
 * The months an agreement's payments cover, oldest first (docs/decisions.md): the money paid to the
 * agreement goes to its months in proportion to the debt — a month is covered once the paid share
 * of the debt reaches the months up to it, with their surcharge part.
 */
export function coveredMonthCount(months: readonly AgreementMonth[], paid: Decimal.Value): number {
  let reached = new Decimal(0);
  let count = 0;
  for (const month of months) {
    reached = reached.plus(month.price_usd).plus(month.surcharge_usd);
    if (reached.greaterThan(paid)) break;
    count += 1;
  }
  return count;
}

/** How an installment is named to people: the down payment, or «Cuota n». */
export const installmentName = (number: number) => (number === 0 ? 'Cuota inicial' : `Cuota ${number}`);

/** The next installment not yet paid in full (the down payment first), or null once all are. */
export const nextInstallment = (installments: readonly AgreementInstallment[]) =>
  installments.find((installment) => new Decimal(installment.paid_usd).lessThan(installment.amount_usd)) ?? null;

/** A row of `GET payment-agreements` (newest first). */
export interface AgreementListRow {
  id: number;
  client_id: number;
  client_name: string;
  address_payment_id: number;
  address: string;
  status: AgreementStatus;
  debt_usd: string;
  down_payment_usd: string;
  paid_usd: string;
  created_at: string;
}

/**
 * The schedule a new agreement would have, as the server writes it: the down payment (number 0,
 * due `today`) when there is one, then the installments split evenly from `first_due_date`.
 * Empty while the figures cannot make one (no debt, a down payment at or above it).
 */
export function schedulePreview({
  debt,
  downPayment,
  count,
  firstDueDate,
  today,
}: {
  debt: Decimal.Value;
  downPayment: Decimal.Value;
  count: number;
  firstDueDate: string;
  today: string;
}): Pick<AgreementInstallment, 'number' | 'due_date' | 'amount_usd'>[] {
  const financed = new Decimal(debt).minus(downPayment);
  if (financed.lessThanOrEqualTo(0) || new Decimal(downPayment).isNegative()) return [];
  if (!Number.isInteger(count) || count < AGREEMENT_MIN_INSTALLMENTS || count > AGREEMENT_MAX_INSTALLMENTS) return [];
  const dates = installmentDueDates(firstDueDate, count);
  return [
    ...(new Decimal(downPayment).isZero() ? [] : [{ number: 0, due_date: today, amount_usd: new Decimal(downPayment).toFixed(2) }]),
    ...splitInstallments(financed, count).map((amount, index) => ({ number: index + 1, due_date: dates[index]!, amount_usd: amount })),
  ];
}

/** What is left of an installment to pay, in dollars. */
export const installmentLeft = (installment: Pick<AgreementInstallment, 'amount_usd' | 'paid_usd'>) =>
  new Decimal(installment.amount_usd).minus(installment.paid_usd).toFixed(2);

/** "2 de 6 cuotas pagadas": the numbered installments paid in full, the down payment aside. */
export function installmentsProgress(installments: readonly AgreementInstallment[]): string {
  const numbered = installments.filter((installment) => installment.number > 0);
  const paid = numbered.filter((installment) => new Decimal(installment.paid_usd).greaterThanOrEqualTo(installment.amount_usd)).length;
  return `${paid} de ${numbered.length} cuotas pagadas`;
}

/** An address's agreement as its statement of account shows it (issue 50): the newest current or broken one. */
export interface StatementAgreement {
  id: number;
  status: AgreementStatus;
  debt_usd: string;
  down_payment_usd: string;
  paid_usd: string;
  installments: AgreementInstallment[];
}

/** A down payment at or above the debt leaves nothing to agree on (the store refuses it). */
export const downPaymentTooLarge = (downPayment: Decimal.Value, debt: Decimal.Value) => new Decimal(downPayment).greaterThanOrEqualTo(debt);
