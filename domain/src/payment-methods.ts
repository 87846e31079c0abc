import { z } from 'zod';
import { CURRENCIES } from './tenders';
import { flag, messages, recordId, requiredText } from './validation';

/** Payment method types (spec 02 §3). */
export const PAYMENT_METHOD_TYPES = { 1: 'Transferencia', 2: 'Punto de venta', 3: 'Pago móvil', 4: 'Efectivo', 5: 'Depósito' } as const;
/** Ids 1–4 are the system's defaults: Transferencia, Punto de venta, Pago móvil, Efectivo. */
export const PROTECTED_PAYMENT_METHOD_IDS = [1, 2, 3, 4] as const;
/** The system's Pago móvil: the bank's mobile method, the one a self-validated payment is always recorded with (issue 46). */
export const MOBILE_PAYMENT_METHOD_ID = 3;
export const isProtectedPaymentMethod = (id: number) => (PROTECTED_PAYMENT_METHOD_IDS as readonly number[]).includes(id);

const paymentMethodType = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z
    .number({ error: (issue) => (issue.input == null || issue.input === '' ? messages.required('Tipo') : messages.invalid('Tipo')) })
    .int(messages.invalid('Tipo'))
    .min(1, messages.invalid('Tipo'))
    .max(5, messages.invalid('Tipo')),
);

/** A form flag that defaults when absent (multipart forms send "0"/"1"). */
const optionalFlag = (attribute: string, fallback: boolean) => z.preprocess((value) => (value === undefined || value === '' ? fallback : value), flag(attribute));

/** The fields of the panel; the image travels as a multipart file and is checked by content. */
export const paymentMethodFieldsSchema = z.object({
  name: requiredText('Nombre', 150),
  code: requiredText('Código', 4).regex(/^\d{4}$/, messages.invalidFormat('Código')),
  description: requiredText('Descripción', 1000),
  type: paymentMethodType,
  is_mobile_payment_use_api_bdv: optionalFlag('Usa API BDV', false),
  active: optionalFlag('Activo', true),
  /** The currency the method takes (issue 49); absent, bolívares for a new method and unchanged on an update (clients of the specification don't send it). */
  currency: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(CURRENCIES, { error: messages.invalid('Moneda') }).optional()),
  /** "Causa IGTF": only a foreign-currency method can (issue 49); absent, as `currency`. */
  is_igtf: z.preprocess((value) => (value === '' || value === null ? undefined : value), flag('Causa IGTF').optional()),
});
export const updatePaymentMethodSchema = paymentMethodFieldsSchema.extend({ id: recordId(), deleteOldFile: optionalFlag('deleteOldFile', false) });
export type PaymentMethodInput = z.infer<typeof paymentMethodFieldsSchema>;

export const paymentMethodMessages = {
  created: 'Método de pago creado',
  updated: 'Método de pago actualizado',
  deleted: 'Método de pago eliminado',
  statusChanged: 'Estatus del método de pago actualizado',
  notFound: 'No se ha encontrado el método de pago',
  protectedDelete: 'Los métodos de pago predeterminados (Transferencia, Punto de venta, Pago móvil y Efectivo) no se pueden eliminar.',
  protectedStatus: 'Los métodos de pago predeterminados no se pueden desactivar.',
  igtfNeedsForeignCurrency: 'Solo un método en dólares o euros puede causar IGTF.',
  invalidImage: 'El campo Imagen debe ser una imagen PNG, JPG, GIF o WEBP.',
} as const;
