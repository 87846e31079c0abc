import Decimal from 'decimal.js';
import { caracas, dayjs } from './dates';
import { formatMoney } from './format-money';

/**
 * Banco de Venezuela mobile-payment validation, account movements and conciliations
 * (spec 02 §2 Bank operations / Bank conciliations, §4, §5, §7, §8; providers.md §1).
 * Messages are the spec's, verbatim; the server and the web modal check the same rules.
 */
export const bankMessages = {
  clientRequired: 'Debe seleccionar un cliente',
  clientNotFound: 'No se ha encontrado el cliente',
  methodNotBdv: 'El método de pago seleccionado no es compatible con la validación BDV',
  referenceRequired: 'Debe ingresar la reference del pago',
  amountRequired: 'Debe ingresar el monto del pago',
  originBankRequired: 'Debe seleccionar el banco de origen',
  paymentDateRequired: 'Debe ingresar la fecha del pago',
  phoneRequired: 'Por favor seleccione un número de teléfono',
  paymentDateFuture: 'La fecha del pago no puede ser posterior a hoy',
  amountInvalid: 'El monto del pago debe ser un número mayor que cero con hasta 2 decimales',
  phoneInvalid: 'El número de teléfono seleccionado no pertenece al cliente',
  validationFailed: 'Error al validar el pago',
  validationFailedToast: 'Error al validar el pago con BDV',
  validated: 'Pago validado exitosamente con BDV',
  rangeRequired: 'Por favor seleccione el rango de fechas',
  rangeTooOld: 'El rango de fechas no puede comenzar antes de un mes atrás',
  rangeFuture: 'El rango de fechas no puede pasar de hoy',
  rangeInverted: 'La fecha inicial no puede ser posterior a la final',
  movementsFailed: 'Error al consultar movimientos',
  movementsInner: 'Error en la consulta',
  noMovements: 'No se encontraron movimientos',
  /** Operaciones Bancarias before the first query: what to do, not "nothing found". */
  askRange: 'Elige un rango de fechas y pulsa Consultar',
  conciliationsFailed: 'Error al consultar conciliaciones',
  conciliationNotFound: 'Conciliación no encontrada',
  conciliationUnusable: 'La conciliación no corresponde a un pago validado con el banco para este cliente',
  conciliationUsed: (paymentId: number) => `Esta conciliación ya respalda el pago #${paymentId}; un movimiento bancario solo puede pagar una vez`,
  verifiedNeedsConciliation: 'Un pago verificado con BDV debe indicar su conciliación',
} as const;

/** The warnings the modal shows before validating (spec 02 §2). */
export const bankValidationWarnings = [
  'El pago debe ser reportado dentro de los 3 días hábiles siguientes a su realización.',
  'El pagador debe ser el titular de la cuenta desde la que se realizó el pago.',
  'El monto debe ser exacto; de lo contrario el pago no podrá ser conciliado.',
] as const;

export const CONCILIATION_ERROR_CODES = [
  'ALREADY_CONCILIATED',
  'RECORD_NOT_FOUND',
  'AMOUNT_MISMATCH',
  'VALIDATION_ERROR',
  'BDV_SERVER_ERROR',
  'CONNECTION_ERROR',
] as const;
export type ConciliationErrorCode = (typeof CONCILIATION_ERROR_CODES)[number];

/** Spec 02 §3 labels of the conciliation error codes. */
export const conciliationErrorLabels: Record<ConciliationErrorCode, string> = {
  ALREADY_CONCILIATED: 'Ya conciliado',
  RECORD_NOT_FOUND: 'No encontrado',
  AMOUNT_MISMATCH: 'Monto incorrecto',
  VALIDATION_ERROR: 'Error validación',
  BDV_SERVER_ERROR: 'Error servidor de banco',
  CONNECTION_ERROR: 'Error conexión',
};

/** What the cashier reads for each failure when the bank gave no text of its own. */
export const conciliationErrorMessages: Record<ConciliationErrorCode, string> = {
  ALREADY_CONCILIATED: 'El pago móvil ya fue conciliado anteriormente',
  RECORD_NOT_FOUND: 'El banco no encontró un pago móvil con esos datos',
  AMOUNT_MISMATCH: 'El monto no coincide con el del pago móvil registrado en el banco',
  VALIDATION_ERROR: 'Datos incompletos o inválidos para validar el pago',
  BDV_SERVER_ERROR: 'El banco no pudo procesar la validación; inténtalo más tarde',
  CONNECTION_ERROR: 'No se pudo conectar con el banco; inténtalo más tarde',
};

/**
 * What a client validating their own Pago Móvil reads (issue 33): why, in plain words, and what to
 * do next; the report for staff review stays open to them.
 */
export const selfValidationMessages: Record<ConciliationErrorCode, string> = {
  ALREADY_CONCILIATED: 'Este pago móvil ya fue usado para otro pago.',
  RECORD_NOT_FOUND: 'El banco no encontró un pago móvil desde ese teléfono y banco: revisa los datos',
  AMOUNT_MISMATCH: 'El monto no coincide con el de tu pago móvil. Revisa el monto que enviaste.',
  VALIDATION_ERROR: 'Faltan datos del pago móvil o no son válidos.',
  BDV_SERVER_ERROR: 'El banco no pudo validar tu pago ahora. Intenta más tarde o repórtalo para revisión.',
  CONNECTION_ERROR: 'No pudimos comunicarnos con el banco. Intenta más tarde o repórtalo para revisión.',
};

/** A payment made today may not be posted yet (issue 51): only then is waiting worth saying. */
export const selfValidationNotYetPosted = `${selfValidationMessages.RECORD_NOT_FOUND}. Si lo hiciste hace poco, puede que el banco aún no lo muestre: intenta de nuevo en unos minutos.`;

export const selfValidationLimits = {
  tooMany: (perHour: number) => `Alcanzaste el límite de ${perHour} validaciones por hora. Reporta tu pago para revisión o intenta más tarde.`,
  /** The validated amount must pay what the chosen months cost. */
  amountShort: (paid: string, due: string) => `El monto validado (${formatMoney(paid)}) no cubre los meses elegidos (${formatMoney(due)}).`,
  amountDiffers: 'El monto del pago debe ser el del pago móvil validado.',
} as const;

export const isConciliationErrorCode = (value: unknown): value is ConciliationErrorCode =>
  typeof value === 'string' && (CONCILIATION_ERROR_CODES as readonly string[]).includes(value);

/**
 * A BDV amount as decimal text with two decimals: Venezuelan format ("1.825,00",
 * "-36.960,41", "217.947.805,89") or dot decimal ("1.0", "-0.13", "120.00"). A dot is a
 * thousands separator only when a comma follows, or when it is followed by exactly three digits
 * in groups ("1.825"); null for anything else.
 */
export function parseBankAmount(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(value).toFixed(2) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(/\s/g, '');
  let normal: string;
  if (/^-?\d{1,3}(\.\d{3})*,\d+$/.test(text) || /^-?\d+,\d+$/.test(text)) normal = text.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(\.\d{3}){2,}$/.test(text)) normal = text.replace(/\./g, '');
  else if (/^-?\d+(\.\d+)?$/.test(text)) normal = text;
  else return null;
  return new Decimal(normal).toFixed(2);
}

/** Decimal text as the bank's movements write it: "1.825,00". */
export function formatBankAmount(value: Decimal.Value): string {
  const fixed = new Decimal(value).toFixed(2);
  const negative = fixed.startsWith('-');
  const [whole = '0', cents = '00'] = fixed.replace('-', '').split('.');
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}`;
}

/** A stored phone (10 digits, "4121234567") in the bank's local format "04121234567". */
export const bankPhone = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `0${digits}` : digits;
};

/** "HHmm" (or "HH:mm") as "hh:mm a"; the text as it came when it is neither. */
export function formatBankTime(hora: string | null | undefined): string {
  if (!hora) return '';
  const match = /^(\d{1,2}):?(\d{2})$/.exec(hora.trim());
  if (!match) return hora;
  return dayjs(`2000-01-01T${match[1]!.padStart(2, '0')}:${match[2]}:00`).format('hh:mm a');
}

export const BANK_DATE_FORMAT = 'DD/MM/YYYY';

/**
 * The movements search window (spec 02 §5, §9): both dates given, the start not before one
 * month back and the end not after today (Caracas). Answers the first failing message or null.
 */
export function movementRangeIssue(dateInit: string | null | undefined, dateEnd: string | null | undefined, today = caracas().format('YYYY-MM-DD')): string | null {
  const parse = (text: string | null | undefined) => (text ? dayjs(text, BANK_DATE_FORMAT, true) : null);
  const start = parse(dateInit);
  const end = parse(dateEnd);
  if (!start?.isValid() || !end?.isValid()) return bankMessages.rangeRequired;
  const now = dayjs(today);
  if (end.isAfter(now, 'day') || start.isAfter(now, 'day')) return bankMessages.rangeFuture;
  if (start.isBefore(now.subtract(1, 'month'), 'day')) return bankMessages.rangeTooOld;
  if (start.isAfter(end, 'day')) return bankMessages.rangeInverted;
  return null;
}

/** One movement of the business account as the API answers it (spec 02 §3 Bank movement). */
export interface BankMovement {
  referencia: string;
  nroMov: string;
  descripcion: string;
  fecha: string;
  hora: string;
  mov: string;
  saldo: string;
  importe: string;
  observacion: string;
}

/** A conciliation as the API answers it (spec 02 §3 Conciliation). */
export interface Conciliation {
  id: number;
  client_id: number | null;
  client: { id: number; name: string; identification_type: string; identification: string } | null;
  user: { id: number; name: string } | null;
  reference: string;
  payment_date: string;
  amount: string;
  origin_bank: string;
  /** The bank's name from Bancos, null when no bank has that code. */
  origin_bank_name: string | null;
  pay_phone: string | null;
  success: boolean;
  processed_at: string;
  error_code: ConciliationErrorCode | null;
  error_message: string | null;
  response_data: unknown;
  payment_id: number | null;
}

/** "0102 · Banco de Venezuela": a bank code with its name when Bancos knows it, VACIO without a code. */
export const originBankText = (conciliation: Pick<Conciliation, 'origin_bank' | 'origin_bank_name'>): string =>
  !conciliation.origin_bank ? 'VACIO' : conciliation.origin_bank_name ? `${conciliation.origin_bank} · ${conciliation.origin_bank_name}` : conciliation.origin_bank;

/** Spanish names of what the bank's answer (`response_data`) carries; other keys keep their name. */
const BANK_ANSWER_LABELS: Record<string, string> = {
  http_status: 'Estado HTTP',
  error: 'Error de conexión',
  detail: 'Detalle',
  code: 'Código del banco',
  message: 'Mensaje del banco',
  status: 'Estatus',
  amount: 'Monto',
  reason: 'Motivo',
  referencia: 'Referencia',
  body: 'Respuesta',
};

const CONNECTION_ERRORS: Record<string, string> = { timeout: 'Tiempo de espera agotado', network: 'Sin conexión' };

/**
 * The bank's answer of a conciliation as labelled lines, for a person rather than as JSON:
 * `{http_status, body: {code, message, data: {...}}}` or `{error, detail}` flattened one level
 * deep into "Código del banco: 1000", "Mensaje del banco: …", "Monto: 120.00"; an answer that
 * was not JSON shows its text under "Respuesta". Empty values are left out.
 */
export function bankAnswerFields(responseData: unknown): { label: string; value: string }[] {
  const fields: { label: string; value: string }[] = [];
  const add = (key: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return;
    if (typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value)) add(inner === 'status' && key === 'body' ? 'http_echo' : inner, innerValue);
      return;
    }
    if (key === 'http_echo') return;
    const text = Array.isArray(value) ? value.map(String).join(', ') : String(value);
    fields.push({ label: BANK_ANSWER_LABELS[key] ?? key, value: key === 'error' ? (CONNECTION_ERRORS[text] ?? text) : text });
  };
  if (responseData && typeof responseData === 'object') for (const [key, value] of Object.entries(responseData)) add(key, value);
  else add('body', responseData);
  return fields;
}

/** The answer of `bank-operations/validate-payment` (spec 02 §7). */
export interface ValidatePaymentAnswer {
  success: boolean;
  error: string | null;
  error_code: ConciliationErrorCode | null;
  message: string;
  bdv_message: string | null;
  conciliation: Conciliation | null;
}

/** What the payment panel knows of the payment when the cashier (or a client) asks the bank. */
export interface BankPaymentFacts {
  client: { id: number; name: string; phone: readonly string[] } | null;
  paymentMethodId: number | null;
  /** The method is flagged `is_mobile_payment_use_api_bdv`. */
  usesBdv: boolean;
  reference: string;
  amount: string;
  /** The origin bank's 4-digit code and name. */
  originBank: { code: string; name: string } | null;
  /** YYYY-MM-DD. */
  paymentDate: string | null;
}

/** The pre-checks of spec 02 §5 in their order: the first failing message, or null. */
export function bankPreCheck(facts: BankPaymentFacts): string | null {
  if (!facts.client) return bankMessages.clientRequired;
  if (!facts.usesBdv || facts.paymentMethodId === null) return bankMessages.methodNotBdv;
  if (!facts.reference.trim()) return bankMessages.referenceRequired;
  if (!facts.amount.trim()) return bankMessages.amountRequired;
  if (!facts.originBank) return bankMessages.originBankRequired;
  if (!facts.paymentDate) return bankMessages.paymentDateRequired;
  return null;
}
