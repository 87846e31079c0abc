import { z } from 'zod';
import type { Currency } from './tenders';
import { listQuerySchema } from './paging';
import { moneyField } from './money-field';
import { dateNotAfterToday, messages, optionalText, recordId, requiredText, wholeNumber } from './validation';

/**
 * Cash closings (spec 02 §2 Cierres de caja, §3 Closed box, §5 Closing form, §9 terminal
 * commission): a responsible user's shift with the payments attached to it, their totals and
 * their groups by payment method / terminal / lot.
 */
export const CLOSED_BOX_TYPES = { 0: 'Actual', 1: 'Otro' } as const;
export type ClosedBoxType = 0 | 1;

export const closedBoxMessages = {
  created: 'Cierre de caja registrado',
  updated: 'Cierre de caja actualizado',
  deleted: 'Cierre de caja eliminado',
  statusChanged: 'Estatus del cierre de caja actualizado',
  notFound: 'No se ha encontrado el cierre de caja',
  deleteConfirm: '¿Seguro de eliminar el cierre de caja?',
  paymentDeleteConfirm: '¿Seguro de eliminar el pago?',
  /** An empty closing says what to do next to whoever may add payments. */
  noPayments: 'El cierre de caja no tiene pagos',
  noPaymentsInRow: 'El cierre de caja no tiene pagos: ábrelo con «Ver pagos» y pulsa «Agregar pagos».',
  noPaymentsInView: 'Este cierre aún no tiene pagos: pulsa «Agregar pagos» para sumarlos.',
  changeConfirm: '¿Estas seguro de hacer el cambio?',
  paymentAdded: 'Pago agregado al cierre de caja',
  paymentsAdded: (count: number) => `${count} pagos agregados al cierre de caja`,
  paymentRemoved: 'Pago eliminado del cierre de caja',
  paymentNotFound: 'No se ha encontrado el pago',
  paymentNotInClosing: 'El pago no pertenece a este cierre de caja',
  paymentAlreadyClosed: (closedBoxId: number) => `El pago ya pertenece al cierre de caja #${closedBoxId}.`,
  verified: 'Verificación de pagos actualizada',
  unverified: 'Verificación del grupo quitada. Verifícalo de nuevo cuando termines los cambios.',
  groupNotVerified: 'Ese grupo de pagos no está verificado.',
  /** Four eyes (issue 46): a verification is taken off by someone other than who verified it, saying why. */
  unverifyBySameUser: 'Verificaste tú este grupo de pagos: otro usuario con el permiso debe quitar la verificación.',
  unverifyReasonRequired: 'Escribe el motivo para quitar la verificación.',
  unverifyConfirm: '¿Quitar la verificación del grupo? Sus pagos podrán cambiarse y tendrás que verificarlo de nuevo.',
  /** A payment of a verified group keeps its money fields, status and closing (decisions, Security: money). */
  paymentInVerifiedGroup: (closedBoxId: number) =>
    `El pago pertenece al cierre de caja #${closedBoxId}, ya verificado. Para cambiarlo, quita primero la verificación.`,
  attachToVerifiedGroup: (closedBoxId: number) =>
    `El pago entraría en un grupo ya verificado del cierre de caja #${closedBoxId}. Para agregarlo, quita primero la verificación.`,
  deleteVerified: (closedBoxId: number) => `El cierre de caja #${closedBoxId} tiene grupos verificados. Para eliminarlo, quita primero la verificación.`,
  groupApproved: 'Pagos aprobados',
  groupRejected: 'Pagos rechazados',
  groupEmpty: 'El cierre de caja no tiene pagos en ese grupo',
  groupRejectNote: (closedBoxId: number) => `Rechazado en el cierre de caja #${closedBoxId}`,
  stale: 'El cierre de caja fue modificado por otro usuario. Recarga los datos e intenta de nuevo.',
  typeLocked: 'El tipo del cierre de caja solo se elige al crearlo.',
  userMissing: 'El usuario responsable no existe.',
  serieMissing: 'La serie seleccionada no existe.',
  fileInvalid: 'El archivo debe ser una imagen o un PDF.',
  csvRequired: 'El campo Archivo es obligatorio.',
  csvOnly: 'El archivo debe ser de tipo csv.',
  importEmpty: 'El archivo no tiene filas de pagos.',
  imported: (count: number) => `Cierre de caja importado con ${count} ${count === 1 ? 'pago' : 'pagos'}.`,
  importFailed: 'No se importó el cierre de caja: corrige las filas indicadas.',
} as const;

/** Messages of the import's row report; `line` is the CSV line (the header is line 1). */
export const closedBoxImportMessages = {
  columns: (line: number) => `Línea ${line}: debe tener 4 columnas (terminal, lote, referencia, monto).`,
  required: (line: number, field: string) => `Línea ${line}: el campo ${field} es obligatorio.`,
  amount: (line: number) => `Línea ${line}: el monto debe ser un número con hasta 2 decimales.`,
  amountNotPositive: (line: number) => `Línea ${line}: el monto debe ser mayor que 0.`,
  notFound: (line: number) => `Línea ${line}: no hay un pago sin cierre con esa terminal, lote y referencia.`,
  ambiguous: (line: number) => `Línea ${line}: varios pagos sin cierre tienen esa terminal, lote y referencia.`,
  amountMismatch: (line: number, expected: string) => `Línea ${line}: el monto no coincide con el del pago (${expected}).`,
  repeated: (line: number, first: number) => `Línea ${line}: el pago ya aparece en la línea ${first}.`,
} as const;

/** The CSV template (GET closed-boxs/template): a header and one example row. */
export const CLOSED_BOX_TEMPLATE = 'terminal,lote,referencia,monto\n00012345,0001,000123,150.00\n';

const exchangeRate = moneyField('Tasa de cambio');

/**
 * The cash counted at closing time per currency (issue 49): `{"USD": "35.00", "VES": "120.50"}`
 * (JSON text in a multipart form); a currency left out was not counted. Absent on an update: kept.
 */
const countedCash = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z
    .object({
      VES: moneyField('Efectivo contado (BS)').optional(),
      USD: moneyField('Efectivo contado ($)').optional(),
      EUR: moneyField('Efectivo contado (€)').optional(),
    }, { error: messages.invalid('Efectivo contado') })
    .strict()
    .optional(),
);

/** The fields of the closing panels (spec 02 §5); the checkbook number is not asked on import. */
const closingCommon = {
  counted_cash: countedCash,
  date: dateNotAfterToday('Fecha'),
  user_id: recordId('Responsable'),
  serie: recordId('Serie'),
  exchange_rate: exchangeRate,
  lot_number: optionalText('Número de lote', 50),
  reference: optionalText('Referencia', 50),
};

export const closedBoxFieldsSchema = z.object({
  ...closingCommon,
  checkbook_number: requiredText('Número de chequera', 30),
  type: z.preprocess(
    (value) => (value === undefined || value === '' ? 0 : Number(value)),
    z.union([z.literal(0), z.literal(1)], { error: messages.invalid('Tipo') }),
  ),
});
export type ClosedBoxFields = z.infer<typeof closedBoxFieldsSchema>;

/** `closed-boxs/update`: the same fields, the id, and the version the editor read (409 when another saved first). */
export const closedBoxUpdateSchema = closedBoxFieldsSchema.extend({
  id: recordId(),
  version: wholeNumber('Versión', 1).optional(),
});
export type ClosedBoxUpdate = z.infer<typeof closedBoxUpdateSchema>;

export const closedBoxImportSchema = z.object({
  ...closingCommon,
  type: closedBoxFieldsSchema.shape.type,
});
export type ClosedBoxImportFields = z.infer<typeof closedBoxImportSchema>;

export const closedBoxStatusSchema = z.object({
  id: recordId(),
  status: z.preprocess(
    (value) => (value === 'true' || value === 1 || value === '1' ? true : value === 'false' || value === 0 || value === '0' ? false : value),
    z.boolean({ error: messages.required('Estatus') }),
  ),
});

/** A payment group of a closing: method, terminal and lot (null terminal or lot for methods without them). */
export const paymentGroupKeySchema = z.object({
  payment_method_id: recordId('Método de pago'),
  terminal: z
    .string()
    .trim()
    .max(50)
    .nullish()
    .transform((value) => value || null),
  lot_number: z
    .string()
    .trim()
    .max(50)
    .nullish()
    .transform((value) => value || null),
});
export type PaymentGroupKey = z.infer<typeof paymentGroupKeySchema>;

/** Why a verification is taken off: required then (checked on the server, which knows what is taken off). */
const unverifyReason = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .transform((value) => value || null);

export const verifyPaymentsSchema = z.object({ id: recordId(), verify_payments: z.array(paymentGroupKeySchema).max(500), reason: unverifyReason });

/** `closed-boxs/unverify-payments`: takes one group out of the verified ones. */
export const unverifyGroupSchema = paymentGroupKeySchema.extend({ id: recordId(), reason: unverifyReason });

/** One line of a closing's verification history (issue 46). */
export interface VerificationHistoryEntry {
  id: number;
  at: string;
  user: string | null;
  kind: 'verified' | 'unverified' | 'payment_updated';
  /** The groups verified or taken off. */
  groups: PaymentGroupKey[];
  reason: string | null;
  payment_id: number | null;
  /** The payment's fields that changed. */
  fields: string[];
}

export const changeGroupStatusSchema = paymentGroupKeySchema.extend({
  id: recordId(),
  status: z.preprocess((value) => Number(value), z.union([z.literal(1), z.literal(2)], { error: messages.invalid('Estatus') })),
  notes: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((value) => value || null),
});

/** `bill-payments/add-payment`: one payment, or several at once from the 'Pagos' modal (all or none). */
export const addPaymentSchema = z.object({
  payment_id: z
    .union([recordId('Pago'), z.array(recordId('Pago')).min(1, messages.notEmpty('Pagos')).max(500)])
    .transform((value) => [...new Set(Array.isArray(value) ? value : [value])]),
  closed_box_id: recordId('Cierre de caja'),
});

export const closedBoxListQuerySchema = listQuerySchema;

/**
 * A closing's group of tender lines (issue 49): the lines of one method, terminal and lot in one
 * currency. A payment paid in several lines counts in each of their groups, with its bill, amount
 * paid and tax base shared among its lines by what each is worth in bolívares.
 */
export interface PaymentGroup extends PaymentGroupKey {
  name: string;
  currency: Currency;
  count_payments: number;
  amount_bill: string;
  amount_payment: string;
  /** What the group's lines brought in their currency (before change). */
  amount_currency: string;
  tax_base_bs: string;
  commission: string;
  verified: boolean;
}

/** A row of the Cierres de caja list (spec 02 §3 Closed box). */
export interface ClosedBoxRow {
  id: number;
  date: string;
  user: { id: number; name: string } | null;
  user_id: number | null;
  type: ClosedBoxType;
  serie_id: number | null;
  serie: string | null;
  checkbook_number: string | null;
  lot_number: string | null;
  reference: string | null;
  exchange_rate: string;
  file: string | null;
  status: boolean;
  version: number;
  count_bill: number;
  total_bill: string;
  total: string;
  dollar_amount_bill: string;
  dollar_amount_payment: string;
  transfer: string;
  point_of_sale: string;
  commission: string;
  verify_payments: PaymentGroupKey[];
  causer: { id: number; name: string } | null;
  created_at: string;
  /** The cash counted per currency (issue 49). */
  counted_cash: Partial<Record<Currency, string>>;
}

/**
 * A closing's money per currency (issue 49): what its payments' lines brought, the change given,
 * the cash that should be in the drawer (cash lines less change given in that currency), what was
 * counted and the difference (counted − expected; null when not counted). IGTF is in bolívares.
 */
export interface ClosingCurrencyTotals {
  currency: Currency;
  tendered: string;
  change: string;
  cash_expected: string;
  cash_counted: string | null;
  difference: string | null;
}

export interface ClosingMoney {
  currencies: ClosingCurrencyTotals[];
  igtf: string;
}

export interface ClosedBoxTotals {
  count_payments: number;
  amount_bill: string;
  amount_payment: string;
  dollar_amount_bill: string;
  dollar_amount_payment: string;
}

export interface ImportReport {
  imported: number;
  errors: string[];
}
