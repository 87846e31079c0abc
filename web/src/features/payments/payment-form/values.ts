import { caracas, dayjs, BUSINESS_TIME_ZONE } from '@recaudo/domain/dates';
import type { Amounts } from '@recaudo/domain/amounts';
import type { Month } from '@recaudo/domain/months';
import {
  BANK_METHOD_TYPES,
  REFERENCE_METHOD_TYPES,
  TERMINAL_METHOD_TYPES,
  type PaymentMethodFacts,
  type PaymentRow,
  type PaymentStatus,
} from '@recaudo/domain/payments';
import type { UploadFile } from 'antd/es/upload';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import type { ClientOption, MethodOption } from '../../../components/select-options';
import type { PaymentInput } from '../api';

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
}

/** What the bank validation modal needs of the payment being recorded (spec 02 §4). */
export interface BankValidationFacts {
  client: { id: number; name: string; phone: readonly string[] } | null;
  paymentMethodId: number | null;
  usesBdv: boolean;
  reference: string;
  amount: string;
  originBank: { code: string; name: string } | null;
  /** YYYY-MM-DD. */
  paymentDate: string | null;
}

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
): PaymentFormValues {
  const staff = ownClientId === null;
  const paysDebt = payment === null && payAddressId !== null;
  // Every key is present so a 422 on any field lands on it (applyServerErrors).
  return {
    client_id: payment?.client_id ?? ownClientId ?? defaultClientId,
    address_payment_id: payment?.address_payment_id ?? (paysDebt ? payAddressId : null),
    type_payment_month: payment?.type_payment_month ?? (paysDebt ? 1 : 0),
    pay_total_debt: paysDebt,
    months_payment: payment?.type_payment_month === 1 ? payment.months_payment : [],
    // Spec 02 §4: a new staff payment is Aprobado; a client's is Procesando.
    status: payment?.status ?? (staff ? 1 : 0),
    payment_method_id: payment?.payment_method_id ?? null,
    date_payment: payment ? fromDate(payment.date_payment) : today(),
    date_bill: payment ? fromDate(payment.date_bill) : staff ? today() : null,
    exchange_rate_id: payment?.exchange_rate_id ?? null,
    exchange_rate: payment?.exchange_rate ?? null,
    amount_payment: payment?.amount_payment ?? null,
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
  };
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
  },
): PaymentInput {
  const staff = context.ownClientId === null;
  const shown = methodFields(context.method);
  const amounts = context.amounts;
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
    amount_payment: values.amount_payment ?? '',
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
    conciliation_id: context.conciliationId ?? context.payment?.conciliation_id ?? null,
    tickets_payment_id: staff ? values.tickets_payment_id : null,
    ticket_serial: staff && values.tickets_payment_id !== null ? trimmed(values.ticket_serial) : null,
    files: values.files.filter((file) => file.originFileObj).map((file) => file.originFileObj as File),
    files_string: values.files.filter((file) => !file.originFileObj).map((file) => file.uid),
  };
}
