import { z } from 'zod';
import { isMonth, type Month } from './months';
import { listQuerySchema } from './paging';
import { balanceMessages } from './balance';
import { moneyField } from './money-field';
import { changeField, tendersField } from './tenders';
import { dateNotAfterToday, flag, messages, optionalText, recordId } from './validation';

/**
 * Payments (spec 02 §3 Payment, §4 transitions and month type, §5 payment form rules). The
 * fields arrive as multipart text from `bill-payments/store` and `payments/store`; the same
 * rules drive the payment panel.
 */
export const PAYMENT_STATUS = { 0: 'Procesando', 1: 'Aprobado', 2: 'Rechazado' } as const;
export type PaymentStatus = keyof typeof PAYMENT_STATUS;

/** 0: the current month; 1: months picked on the calendar (or the whole debt). */
export const PAYMENT_MONTH_TYPES = { 0: 'Mes actual', 1: 'Otros meses' } as const;

export const DOCUMENT_TYPES = { '01': 'Factura', '02': 'Nota de crédito', '03': 'Nota de débito', '04': 'Nota de entrega o Guía de Despacho' } as const;

/** exchange_rate_id 1 is the dollar rate; any other the euro rate. */
export const DOLLAR_RATE_ID = 1;
export const EURO_RATE_ID = 2;

/** Status changes a user with edit_payment may make (spec 02 §4): 0 → 1/2, 1 → 2, 2 → 1. */
export const STATUS_TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = { 0: [1, 2], 1: [2], 2: [1] };
export const canChangeStatus = (from: PaymentStatus, to: PaymentStatus) => STATUS_TRANSITIONS[from].includes(to);

/** Method types that need a reference (transfer, mobile payment, deposit), a terminal and lot (card terminal), and show the bank. */
export const REFERENCE_METHOD_TYPES = [1, 3, 5] as const;
export const TERMINAL_METHOD_TYPES = [2] as const;
export const BANK_METHOD_TYPES = [1, 3] as const;

export const CONTROL_NUMBER_PATTERN = /^\d{8}$/;

/**
 * The payment form's labels that its messages name too (the field checks and the invoice lock's
 * refusal): one text for both (issue 46).
 */
export const paymentFieldLabels = {
  number: 'Nº de control',
  checkbook_number: 'Nº de chequera',
  send_invoice: 'Enviar factura digital',
} as const;

export const paymentMessages = {
  created: 'Pago registrado',
  updated: 'Pago actualizado',
  deleted: 'Pago eliminado',
  /** A client user's report takes the configured rate; while it is zero nothing could be valued. */
  rateNotConfigured: 'La tasa de cambio del día aún no está configurada. Intenta de nuevo más tarde.',
  approved: 'Pago aprobado',
  rejected: 'Pago rechazado',
  confirmDelete: '¿Seguro de eliminar el pago?',
  rejectTitle: 'Rechazar pago',
  rejectPrompt: 'Motivo del rechazo',
  notFound: 'No se ha encontrado el pago',
  hashNotFound: 'El hash no pertenece a ningún pago',
  controlNumber: `El campo ${paymentFieldLabels.number} debe tener exactamente 8 dígitos.`,
  referenceRequired: messages.required('Referencia'),
  terminalRequired: messages.required('Terminal'),
  lotRequired: messages.required('Lote'),
  bankRequired: messages.required('Banco de origen'),
  serieRequired: messages.required('Serie'),
  transitionRefused: (from: PaymentStatus, to: PaymentStatus) => `Un pago ${PAYMENT_STATUS[from]} no puede pasar a ${PAYMENT_STATUS[to]}.`,
  monthTaken: (month: Month) => `El mes ${month.slice(5, 7)}-${month.slice(0, 4)} ya está pagado en esta dirección.`,
  onlyProcessing: 'Solo puedes modificar pagos en estado Procesando.',
  hasLegalDocument:
    'Este pago tiene un documento de la imprenta digital (factura o nota de entrega) y no se puede eliminar: anula el documento y rechaza el pago.',
  downloadFailed: 'Hubo un error al descargar el archivo',
  rejectReasonRequired: messages.required('Motivo del rechazo'),
  createdRejected: 'Un pago nuevo no puede registrarse como Rechazado.',
  statusThroughActions: 'El estatus de un pago se cambia con Aprobar o Rechazar.',
  clientNotFound: 'No se ha encontrado el cliente',
  addressNotFound: 'No se ha encontrado la dirección',
  addressOfOtherClient: 'La Dirección de pago no pertenece al Cliente.',
  addressIncomplete: 'La Dirección de pago está incompleta: una residencial necesita comunidad y parroquia, y una comercial, actividad económica.',
  methodMissing: 'El Método de pago seleccionado no existe.',
  methodInactive: 'El Método de pago seleccionado está inactivo.',
  bankMissing: 'El Banco de origen seleccionado no existe.',
  serieMissing: 'La Serie seleccionada no existe.',
  serieNotAllowed: 'Solo puedes usar la serie que tienes asignada.',
  serieLocked: (number: string) => `La serie no se puede cambiar: el pago ya tiene el número ${number}.`,
  serieToApprove: 'El pago no tiene serie: edítalo y elige una antes de aprobarlo.',
  typeLocked: (number: string) => `El tipo de documento no se puede cambiar: el pago ya tiene el número ${number}.`,
  ticketMissing: 'El Ticket seleccionado no existe.',
  ticketInactive: (name: string) => `El ticket "${name}" está inactivo.`,
  monthBeyondLimit: (month: Month, limit: Month) =>
    `El mes ${month.slice(5, 7)}-${month.slice(0, 4)} no se puede pagar: solo se puede pagar por adelantado hasta ${limit.slice(5, 7)}-${limit.slice(0, 4)}.`,
  noMonthToPay: 'La dirección no tiene meses por pagar hasta diciembre.',
  /** A client pays oldest first (issue 51): the oldest month her choice would leave owed. */
  olderMonthOwed: (month: Month) =>
    `La dirección debe el mes ${month.slice(5, 7)}-${month.slice(0, 4)}: los meses se pagan del más antiguo al más reciente, así que inclúyelo en el pago.`,
  fileInvalid: (position: number) => `El archivo ${position} no es una imagen válida (gif, ico, jpeg, jpg, png o webp).`,
  fileNotOwned: 'Uno de los archivos conservados no pertenece al pago.',
  /** The same Idempotency-Key sent again with other data: the first request's payment stands. */
  idempotencyConflict: 'Esta solicitud de pago ya se envió con otros datos. Recarga el formulario y vuelve a intentarlo.',
  idempotencyKeyInvalid: 'El encabezado Idempotency-Key debe tener entre 1 y 100 caracteres visibles.',
  referenceInUse: (reference: string) => `La referencia ${reference} ya está registrada en otro pago con el mismo método de pago y banco.`,
  referenceInUseConfirm: '¿Deseas guardar el pago de todas formas?',
} as const;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const optionalId = (attribute: string) => z.preprocess((value) => (blank(value) ? null : value), recordId(attribute).nullable());
const optionalFlag = (attribute: string) => z.preprocess((value) => (blank(value) ? false : value), flag(attribute));

const status = z.preprocess(
  (value) => (blank(value) ? undefined : Number(value)),
  z.union([z.literal(0), z.literal(1), z.literal(2)], { error: (issue) => (issue.input === undefined ? messages.required('Estatus') : messages.invalid('Estatus')) }),
);

/** months_payment: a JSON list of YYYY-MM (multipart) or the list itself. */
const monthList = z.preprocess(
  (value) => {
    if (blank(value)) return [];
    if (typeof value === 'string') {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    }
    return value;
  },
  z.array(z.string().refine(isMonth, messages.invalid('Meses')), { error: messages.invalid('Meses') }).max(120),
);

export const paymentFieldsSchema = z.object({
  client_id: recordId('Cliente'),
  address_payment_id: recordId('Dirección de pago'),
  status,
  payment_method_id: recordId('Método de pago'),
  date_payment: dateNotAfterToday('Fecha de pago'),
  date_bill: z.preprocess((value) => (blank(value) ? null : value), dateNotAfterToday('Fecha de factura').nullable()),
  exchange_rate: moneyField('Tasa de cambio', { positive: true }),
  exchange_rate_id: z.preprocess((value) => (blank(value) ? DOLLAR_RATE_ID : Number(value)), z.number().int().positive()),
  /** Why a staff user typed a rate other than the BCV's in force on the payment's date (issue 47). */
  exchange_rate_reason: optionalText('Motivo de la tasa', 500),
  /** What the single method carried (the specification's call); with `tenders` the server computes it. */
  amount_payment: z.preprocess((value) => (blank(value) ? null : value), moneyField('Monto pagado', { positive: true }).nullable()),
  /** How the client paid (issue 49, tenders.ts); none: one line of `payment_method_id` for `amount_payment`. */
  tenders: tendersField,
  change: changeField,
  /** The IGTF the client computed, in bolívares: refused when it differs from Recaudo's. */
  igtf_amount: z.preprocess((value) => (blank(value) ? null : value), moneyField('IGTF').nullable()),
  reference: optionalText('Referencia', 50),
  terminal: optionalText('Terminal', 50),
  lot_number: optionalText('Lote', 50),
  bank_id: optionalId('Banco de origen'),
  serie_id: optionalId('Serie'),
  checkbook_number: optionalText(paymentFieldLabels.checkbook_number, 30),
  number: optionalText(paymentFieldLabels.number, 20),
  observations: optionalText('Observaciones', 1000),
  type_payment_month: z.preprocess((value) => (blank(value) ? 0 : Number(value)), z.union([z.literal(0), z.literal(1)])),
  months_payment: monthList,
  send_invoice: optionalFlag(paymentFieldLabels.send_invoice),
  /** The payment's legal document: 01 invoice or 04 delivery note (spec 01 enumerations); staff only. */
  type_document: z.preprocess((value) => (blank(value) ? '01' : value), z.enum(['01', '04'], { error: messages.invalid('Tipo de documento') })),
  is_apply_retention: optionalFlag('Aplicar retención'),
  tickets_payment_id: optionalId('Ticket'),
  ticket_serial: optionalText('Serial del ticket', 50),
  bdv_verified: optionalFlag('Verificado BDV'),
  conciliation_id: optionalId('Conciliación'),
  /** The payment agreement it pays (issue 50): its money pays the next installments and names no months. */
  payment_agreement_id: optionalId('Convenio de pago'),
  /** What of the months' late-payment surcharge is waived (issue 50), by a user with `waive_late_fee`, and why. */
  surcharge_waived_usd: z.preprocess((value) => (blank(value) ? '0.00' : value), moneyField('Recargo exonerado')),
  surcharge_waiver_reason: optionalText('Motivo de la exoneración', 500),
});
export type PaymentFields = z.output<typeof paymentFieldsSchema>;

/**
 * `amount_payment` is required unless tender lines say what was paid (issue 49). A refinement of
 * the request body (kept off `paymentFieldsSchema`, which is picked from), checked even when other
 * fields fail so the form hears of every missing field at once.
 */
export const requireAmountOrTenders = <T extends z.ZodType<{ amount_payment?: unknown; tenders?: unknown }>>(schema: T) =>
  schema.refine((body) => body.amount_payment != null || (Array.isArray(body.tenders) && body.tenders.length > 0) || body.tenders === undefined, {
    path: ['amount_payment'],
    message: messages.required('Monto pagado'),
    when: () => true,
  });

export interface PaymentMethodFacts {
  type: number;
  /** Mobile payments validated through the bank's API need the payer's bank. */
  usesBankApi: boolean;
}

/**
 * The rules that depend on the chosen payment method and on other fields (spec 02 §5), as
 * field → message. The web panel shows them under the fields; the server answers them as 422.
 */
export function paymentRuleIssues(fields: Pick<PaymentFields, 'reference' | 'terminal' | 'lot_number' | 'bank_id' | 'serie_id' | 'number' | 'send_invoice' | 'type_payment_month' | 'months_payment'>, method: PaymentMethodFacts | null): Record<string, string> {
  const issues: Record<string, string> = {};
  if (method && (REFERENCE_METHOD_TYPES as readonly number[]).includes(method.type) && !fields.reference) issues.reference = paymentMessages.referenceRequired;
  if (method && (TERMINAL_METHOD_TYPES as readonly number[]).includes(method.type)) {
    if (!fields.terminal) issues.terminal = paymentMessages.terminalRequired;
    if (!fields.lot_number) issues.lot_number = paymentMessages.lotRequired;
  }
  if (method?.usesBankApi && fields.bank_id === null) issues.bank_id = paymentMessages.bankRequired;
  if (fields.serie_id === null) issues.serie_id = paymentMessages.serieRequired;
  if (!fields.send_invoice && !CONTROL_NUMBER_PATTERN.test(fields.number ?? '')) issues.number = paymentMessages.controlNumber;
  // Picked months, none of them: an abono (issue 50), which pays no month and so carries no invoice.
  if (fields.send_invoice && fields.type_payment_month === 1 && fields.months_payment.length === 0) issues.send_invoice = balanceMessages.abonoWithoutInvoice;
  return issues;
}

/** The payments lists' query: the common one (`per_page=Todos` is the 500-row page of every list). */
export const paymentListQuerySchema = listQuerySchema;
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;

/**
 * `GET payments/history-status`: the payments one user registered (Usuarios › Historial de
 * pagos), optionally of one status.
 */
export const paymentHistoryQuerySchema = paymentListQuerySchema.extend({
  user_id: recordId('Usuario'),
  status: z.preprocess((value) => (blank(value) ? undefined : Number(value)), z.union([z.literal(0), z.literal(1), z.literal(2)]).optional()),
});
export type PaymentHistoryQuery = z.infer<typeof paymentHistoryQuerySchema>;

/** `GET payments/client-details`: one client's payments (client detail › Pagos). */
export const clientPaymentsQuerySchema = paymentListQuerySchema.extend({ client_id: recordId('Cliente') });
export type ClientPaymentsQuery = z.infer<typeof clientPaymentsQuerySchema>;

/**
 * `GET payments/reference-in-use`: asked by the payment form before saving, with the edited
 * payment's `id` when editing (its own reference is no duplicate).
 */
export const referenceInUseQuerySchema = paymentFieldsSchema.pick({ reference: true, payment_method_id: true, bank_id: true }).extend({
  id: optionalId('Pago'),
});
export type ReferenceInUseQuery = z.output<typeof referenceInUseQuerySchema>;

/**
 * `change-status` (spec 02 §4): reject needs the reason in `notes`; approve sends them empty.
 * `serie_id` is read only when approving a payment without series (a client user's): the series
 * its document number is taken from, one the approver may use.
 */
export const changePaymentStatusSchema = z.object({
  id: recordId(),
  status,
  notes: optionalText('Motivo del rechazo', 1000),
  serie_id: optionalId('Serie'),
});
export type ChangePaymentStatusInput = z.output<typeof changePaymentStatusSchema>;
