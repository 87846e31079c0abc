import { caracas, dayjs, BUSINESS_TIME_ZONE } from '@recaudo/domain/dates';
import type { Amounts } from '@recaudo/domain/amounts';
import type { BankPaymentFacts } from '@recaudo/domain/bank-operations';
import type { Month } from '@recaudo/domain/months';
import type { Currency } from '@recaudo/domain/tenders';
import { BANK_METHOD_TYPES, REFERENCE_METHOD_TYPES, TERMINAL_METHOD_TYPES, type PaymentMethodFacts, type PaymentStatus } from '@recaudo/domain/payments';
import { type PaymentRow } from '@recaudo/domain/payment-rows';
import type { UploadFile } from 'antd/es/upload';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import type { ClientOption, MethodOption } from '../../../components/select-options';
import type { PaymentInput } from '../api';
import { tenderInput } from './tender-lines';
import type { ExchangeRates } from '@recaudo/domain/configurations';
import { formatMoney } from '@recaudo/domain/format-money';
import { rateOf } from '../payment-form-model';

export const FORM_ID = 'payment-form';
export const DATE_FORMAT = 'DD-MM-YYYY';
/** Spec 02 §5 uploads; SVG is refused by the server (it can carry scripts). */
export const IMAGE_TYPES = 'image/gif,image/x-icon,image/vnd.microsoft.icon,image/jpeg,image/png,image/webp';
export const MAX_FILES = 10;

export const paymentPanelTexts = {
  contactAlert: 'El cliente no tiene correo o teléfono registrado. Actualiza sus datos de contacto antes de guardar el pago.',
  bdv: 'Validar pago con BDV',
  bdvVerified: 'Pago verificado con BDV',
  imagesOnly: 'Solo se permiten imágenes (gif, ico, jpeg, jpg, png o webp).',
  statusByActions: 'El estatus se cambia con Aprobar o Rechazar.',
  clientStatus: 'Tu pago quedará en estado Procesando hasta que el personal lo apruebe.',
  /** A client's Pago Móvil validated with the bank is approved at once (issue 33); only a reported one waits. */
  clientStatusBdv: 'Si validas tu Pago Móvil con BDV, tu pago queda aprobado al instante. Si solo lo reportas, quedará en estado Procesando hasta que el personal lo apruebe.',
} as const;

/** What the panel's inputs hold; `toPaymentInput` turns it into the form the API takes. */
export interface PaymentFormValues {
  client_id: number | null;
  address_payment_id: number | null;
  type_payment_month: 0 | 1;
  pay_total_debt: boolean;
  months_payment: Month[];
  status: PaymentStatus;
  payment_method_id: number | null;
  date_payment: Dayjs | null;
  date_bill: Dayjs | null;
  exchange_rate_id: number | null;
  exchange_rate: string | null;
  /** Why a rate other than the BCV's in force was typed (edit_exchange_rate, issue 47). */
  exchange_rate_reason: string;
  amount_payment: string | null;
  is_apply_retention: boolean;
  reference: string;
  terminal: string;
  lot_number: string;
  bank_id: number | null;
  serie_id: number | null;
  checkbook_number: string;
  number: string;
  send_invoice: boolean;
  type_document: '01' | '04';
  observations: string;
  tickets_payment_id: number | null;
  ticket_serial: string;
  files: UploadFile[];
  /** Tender lines 2–5 (issue 49); line 1 is the method fields above with `amount_payment` in its currency. */
  extra_tenders: TenderFormLine[];
  /** The change handed back (vuelto): its currency and amount. */
  change_currency: Currency;
  change_amount: string | null;
  /** What of the months' late-payment surcharge is waived, and why (issue 50, `waive_late_fee`). */
  surcharge_waived_usd: string | null;
  surcharge_waiver_reason: string;
  /** The payment agreement it pays (issue 50): set, the payment names no months and pays the next installment. */
  payment_agreement_id: number | null;
}

/** "Pagar" on the client's «Mi convenio» (issue 50): the agreement and its address. */
export interface AgreementToPay {
  id: number;
  address_payment_id: number;
}

/** One extra tender line as its inputs hold it. */
export interface TenderFormLine {
  payment_method_id: number | null;
  amount: string | null;
  reference: string;
  bank_id: number | null;
  pay_phone: string;
  /** Its bank validation (a Pago Móvil validated with BDV from this line). */
  conciliation_id: number | null;
}

/** What the bank validation modal needs of the payment being recorded (spec 02 §4). */
export type BankValidationFacts = BankPaymentFacts;

/** The shortcuts of spec 02 §2, handed in by the app: features don't import each other's panels. */
export interface PaymentShortcuts {
  /** "Nuevo cliente" (add_client): the clients area's panel; `onCreated` selects the new client. */
  newClientPanel?: (props: { open: boolean; onClose: () => void; onCreated: (client: ClientOption) => void }) => ReactNode;
  /** "Nueva dirección" (add_address_payment): the addresses area's panel for the chosen client; `onCreated` selects it. */
  newAddressPanel?: (props: { open: boolean; client: ClientOption; onClose: () => void; onCreated: (addressId: number) => void }) => ReactNode;
  /** "Validar pago con BDV" (methods flagged is_mobile_payment_use_api_bdv): the bank area's modal; `onValidated` gets the conciliation. */
  bankValidationModal?: (props: { open: boolean; facts: BankValidationFacts; onClose: () => void; onValidated: (conciliation: { id: number }) => void }) => ReactNode;
}

export const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
export const isDay = (value: unknown): value is Dayjs => dayjs.isDayjs(value);
export const dayToWire = (value: unknown) => (isDay(value) ? value.format('YYYY-MM-DD') : value);
export const trimmed = (value: string | null | undefined) => (blank(value) ? null : value!.trim());
export const today = () => caracas().startOf('day');
export const fromDate = (value: string | null) => (value ? dayjs.tz(value, BUSINESS_TIME_ZONE) : null);
const includes = (list: readonly number[], value: number | undefined) => value !== undefined && list.includes(value);

export const methodFacts = (method: MethodOption | undefined): PaymentMethodFacts | null =>
  method ? { type: method.type, usesBankApi: method.is_mobile_payment_use_api_bdv } : null;

/** Which method-dependent fields the panel shows (spec 02 §5): reference 1/3/5, terminal and lot 2, bank 1/3 or a bank-API method. */
export function methodFields(method: MethodOption | undefined) {
  return {
    reference: includes(REFERENCE_METHOD_TYPES, method?.type),
    terminal: includes(TERMINAL_METHOD_TYPES, method?.type),
    bank: includes(BANK_METHOD_TYPES, method?.type) || Boolean(method?.is_mobile_payment_use_api_bdv),
  };
}

export function initialValues(
  payment: PaymentRow | null,
  ownClientId: number | null,
  correlativeId: number | null,
  defaultClientId: number | null = null,
  /** "Pagar" on the client's home: this address, its whole debt (its owed months, oldest first, filled once the address loads). */
  payAddressId: number | null = null,
  payAgreement: AgreementToPay | null = null,
): PaymentFormValues {
  const staff = ownClientId === null;
  const paysDebt = payment === null && payAddressId !== null;
  const paysAgreement = payment === null && payAgreement !== null;
  // Every key is present so a 422 on any field lands on it (applyServerErrors).
  return {
    client_id: payment?.client_id ?? ownClientId ?? defaultClientId,
    address_payment_id: payment?.address_payment_id ?? (paysDebt ? payAddressId : paysAgreement ? payAgreement.address_payment_id : null),
    type_payment_month: payment?.type_payment_month ?? (paysDebt || paysAgreement ? 1 : 0),
    pay_total_debt: paysDebt,
    months_payment: payment?.type_payment_month === 1 ? payment.months_payment : [],
    // Every new payment starts Procesando (issue 51): staff approve it on purpose, as Aprobar does.
    status: payment?.status ?? 0,
    payment_method_id: payment?.payment_method_id ?? null,
    date_payment: payment ? fromDate(payment.date_payment) : today(),
    date_bill: payment ? fromDate(payment.date_bill) : staff ? today() : null,
    exchange_rate_id: payment?.exchange_rate_id ?? null,
    exchange_rate: payment?.exchange_rate ?? null,
    exchange_rate_reason: '',
    amount_payment: mainAmount(payment),
    is_apply_retention: payment?.is_apply_retention ?? false,
    reference: payment?.reference ?? '',
    terminal: payment?.terminal ?? '',
    lot_number: payment?.lot_number ?? '',
    bank_id: payment?.bank_id ?? null,
    serie_id: payment ? payment.serie_id : staff ? correlativeId : null,
    checkbook_number: payment?.checkbook_number ?? '',
    number: payment?.number ?? '',
    send_invoice: payment?.send_invoice ?? false,
    type_document: payment?.type_document === '04' ? '04' : '01',
    observations: payment?.observations ?? '',
    tickets_payment_id: payment?.tickets_payment_id ?? null,
    ticket_serial: payment?.ticket_serial ?? '',
    files: (payment?.files ?? []).map((file) => ({ uid: file.name, name: file.name.split('/').pop() ?? file.name, status: 'done', url: file.url })),
    extra_tenders: (payment?.tenders ?? []).slice(1).map((line) => ({
      payment_method_id: line.payment_method_id,
      amount: line.amount,
      reference: line.reference ?? '',
      bank_id: line.bank_id,
      pay_phone: line.pay_phone ?? '',
      conciliation_id: line.conciliation_id,
    })),
    change_currency: payment?.change?.currency ?? 'VES',
    change_amount: payment?.change?.amount ?? null,
    surcharge_waived_usd: payment && Number(payment.surcharge_waived_usd) > 0 ? payment.surcharge_waived_usd : null,
    surcharge_waiver_reason: payment?.surcharge_waiver_reason ?? '',
    payment_agreement_id: paysAgreement ? payAgreement.id : null,
  };
}

/**
 * Monto pagado of an edited payment: its first line's amount in that line's currency when it was
 * paid in lines, in foreign currency or with change, else the stored bolívar amount (as before issue 49).
 */
function mainAmount(payment: PaymentRow | null): string | null {
  if (!payment) return null;
  const [first] = payment.tenders;
  return first && (payment.tenders.length > 1 || first.currency !== 'VES' || payment.change !== null) ? first.amount : payment.amount_payment;
}

/** The months a payment pays as the panel shows them: picked ones, or the one a "Mes actual" payment takes. */
export function monthsToSend(values: Pick<PaymentFormValues, 'type_payment_month' | 'months_payment'>): Month[] {
  return values.type_payment_month === 1 ? [...new Set(values.months_payment)].sort() : [];
}

/** The panel's values as `payments/store` and `/update` take them; staff-only fields stay empty for client users. */
export function toPaymentInput(
  values: PaymentFormValues,
  context: {
    payment: PaymentRow | null;
    ownClientId: number | null;
    method: MethodOption | undefined;
    amounts: Amounts | null;
    serie: string | null;
    /** The conciliation of a bank validation made in this panel (spec 02 §4). */
    conciliationId?: number | null;
    /** Every method offered: the tender lines' currencies (issue 49). */
    methods?: readonly MethodOption[];
  },
): PaymentInput {
  const staff = context.ownClientId === null;
  const shown = methodFields(context.method);
  const amounts = context.amounts;
  const conciliationId = context.conciliationId ?? context.payment?.conciliation_id ?? null;
  // Lines and change are the counter's: a client user reports one method (the server ignores them from her).
  const lines = staff ? tenderInput(values, context.methods, conciliationId) : { tenders: [], change: null };
  return {
    id: context.payment?.id,
    client_id: context.ownClientId ?? values.client_id!,
    address_payment_id: values.address_payment_id!,
    status: staff ? values.status : 0,
    payment_method_id: values.payment_method_id!,
    date_payment: dayToWire(values.date_payment) as string,
    date_bill: staff && isDay(values.date_bill) ? values.date_bill.format('YYYY-MM-DD') : null,
    exchange_rate: values.exchange_rate ?? '',
    exchange_rate_id: values.exchange_rate_id ?? 1,
    exchange_rate_reason: staff && values.exchange_rate_reason ? values.exchange_rate_reason : null,
    // With lines the server computes what stayed with the office; Monto pagado is then line 1's, in its currency.
    amount_payment: lines.tenders.length ? '' : (values.amount_payment ?? ''),
    amount_bill: amounts?.amount_bill ?? '0.00',
    dollar_amount_payment: amounts?.dollar_amount_payment ?? '0.00',
    dollar_amount_bill: amounts?.dollar_amount_bill ?? '0.00',
    tax_base: amounts?.tax_base ?? '0.00',
    iva: amounts?.iva ?? '0.00',
    retention: amounts?.retention ?? '0.00',
    is_apply_retention: values.is_apply_retention && values.type_document === '01',
    reference: shown.reference ? trimmed(values.reference) : null,
    terminal: shown.terminal ? trimmed(values.terminal) : null,
    lot_number: shown.terminal ? trimmed(values.lot_number) : null,
    bank_id: shown.bank ? values.bank_id : null,
    serie_id: staff ? values.serie_id : null,
    serie: staff ? context.serie : null,
    checkbook_number: staff ? trimmed(values.checkbook_number) : null,
    number: staff && !values.send_invoice ? trimmed(values.number) : null,
    observations: trimmed(values.observations),
    type_payment_month: values.type_payment_month,
    months_payment: monthsToSend(values),
    send_invoice: staff && values.send_invoice,
    type_document: values.type_document,
    bdv_verified: context.conciliationId ? true : (context.payment?.bdv_verified ?? false),
    conciliation_id: conciliationId,
    tickets_payment_id: staff ? values.tickets_payment_id : null,
    ticket_serial: staff && values.tickets_payment_id !== null ? trimmed(values.ticket_serial) : null,
    payment_agreement_id: values.payment_agreement_id ?? null,
    files: values.files.filter((file) => file.originFileObj).map((file) => file.originFileObj as File),
    files_string: values.files.filter((file) => !file.originFileObj).map((file) => file.uid),
    ...lines,
    // A waiver is staff's; without one the field goes as none, so an edit can take a waiver back.
    ...(staff ? { surcharge_waived_usd: blank(values.surcharge_waived_usd) ? '0.00' : values.surcharge_waived_usd!, surcharge_waiver_reason: trimmed(values.surcharge_waiver_reason) } : {}),
  };
}

/**
 * What the form shows of the rates in force on its date (issue 47): the choices, the rate in force
 * for the chosen currency, and whether the rate typed (by whoever may) or the one the payment was
 * stored with differs from it.
 */
export function rateView(
  rates: ExchangeRates | undefined,
  { rateId, rate, canTypeRate, payment }: { rateId: number | null; rate: string | null; canTypeRate: boolean; payment: Pick<PaymentRow, 'exchange_rate_id' | 'exchange_rate'> | null },
) {
  const rateOptions = rates
    ? [
        { value: 1, label: `Dólar: ${formatMoney(rates.dollar_rate)}` },
        { value: 2, label: `Euro: ${formatMoney(rates.euro_rate)}` },
      ]
    : [];
  const rateInForce = rates && rateId ? rateOf(rateId, rates) : null;
  const manualRate = canTypeRate && rateInForce !== null && !blank(rate) && Number(rate) !== Number(rateInForce);
  const storedRateDiffers = Boolean(payment && rateId === payment.exchange_rate_id && rate === payment.exchange_rate && rates && rateOf(rateId, rates) !== rate);
  return { rateOptions, manualRate, storedRateDiffers };
}

