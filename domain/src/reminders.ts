import { z } from 'zod';
import { formatDate } from './format';
import { formatMoney } from './format-money';
import { installmentName } from './payment-agreements';
import type { DebtFigures, SurchargeFigures } from './statement';

/**
 * Monthly payment reminders (issue 33): each client owing at least REMINDER_MIN_MONTHS months
 * gets one e-mail (and an SMS where SMS is configured) per period, what is owed per address, the
 * total and a link to pay. The period is the Caracas month of the run ('YYYY-MM').
 */

export interface ReminderAddress extends DebtFigures, SurchargeFigures {
  address_payment_id: number;
  address: string;
  /**
   * The next installment of its current payment agreement (issue 50), null without one: the
   * reminder names it instead of the months, which the installments pay.
   */
  installment: ReminderInstallment | null;
}

/** An agreement's next installment as a reminder names it: what is left of it, in $ and in BS at today's rate. */
export interface ReminderInstallment {
  number: number;
  /** How many installments the agreement has besides the down payment (number 0). */
  count: number;
  due_date: string;
  owed_usd: string;
  owed_bs: string;
}

/** "Cuota 2 de 3"; the down payment is the "Cuota inicial", outside the count. */
export const reminderInstallmentName = (installment: Pick<ReminderInstallment, 'number' | 'count'>) =>
  installment.number === 0 ? installmentName(0) : `${installmentName(installment.number)} de ${installment.count}`;

/** An installment as the preview's Convenio column lists it: "Cuota 2 de 3: $ 10,00, vence 15-01-2027". */
export const reminderInstallmentLine = (installment: ReminderInstallment) =>
  `${reminderInstallmentName(installment)}: ${formatMoney(installment.owed_usd, '$')}, vence ${formatDate(installment.due_date)}`;

/** One client of a run: where it goes and what it says. */
export interface ReminderEntry extends DebtFigures, SurchargeFigures {
  client: { id: number; name: string; identification_type: string; identification: string };
  /** The e-mail it goes to, null without one. */
  email: string | null;
  /** The phone the SMS goes to, null without one or without SMS configured. */
  sms: string | null;
  addresses: ReminderAddress[];
}

/**
 * `GET reminders/preview?page=&per_page=`: who the next run reminds (those not reminded yet this
 * period): how many and what they owe together, and one page of them by client id.
 */
export interface ReminderPreview {
  period: string;
  min_months: number;
  /** When the schedule runs next (ISO), null without a schedule. */
  next_run: string | null;
  total: number;
  owed_usd: string;
  owed_bs: string;
  page: number;
  per_page: number;
  reminders: ReminderEntry[];
}

/** `POST reminders/run`: the reminders this run queued (others were queued before, by any run). */
export interface ReminderRun {
  period: string;
  sent: number;
}

export const reminderOptOutSchema = z.object({ opt_out: z.boolean({ error: 'Indica si deseas recibir recordatorios.' }) });

export const reminderMessages = {
  optedOut: 'Ya no recibirás recordatorios de pago.',
  optedIn: 'Recibirás un recordatorio de pago cada mes que tengas deuda.',
  ran: (sent: number) => (sent === 1 ? 'Se envió 1 recordatorio.' : `Se enviaron ${sent} recordatorios.`),
  toggleLabel: 'Recibir recordatorios de pago',
  staffOptedOut: 'No desea recibir recordatorios de pago',
  staffOptedIn: 'Recibe recordatorios de pago',
} as const;
