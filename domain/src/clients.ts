import { z } from 'zod';
import { listQuerySchema } from './paging';
import type { LatestPayment } from './payment-rows';
import { dateNotAfterToday, flag, messages, normalizePhone, PHONE_PATTERN, recordId, requiredText } from './validation';

/**
 * Clients (spec 01 §3, §5): residential (type 0, a person) or commercial (type 1, a
 * business), with a list of phones. The server and the web client panel share these rules.
 */
export const CLIENT_TYPES = { 0: 'Residencial', 1: 'Comercial' } as const;
export type ClientType = 0 | 1;

export const IDENTIFICATION_TYPES = {
  0: { V: 'Venezolano', E: 'Extranjero', S: 'Sucesión' },
  1: { J: 'Jurídico', G: 'Gubernamental', FP: 'Firma Personal', C: 'Consejo Comunal' },
} as const;
export const ALL_IDENTIFICATION_TYPES = ['V', 'E', 'S', 'J', 'G', 'FP', 'C'] as const;
export type IdentificationType = (typeof ALL_IDENTIFICATION_TYPES)[number];

export const GENDERS = { M: 'Masculino', F: 'Femenino' } as const;

export const identificationTypesOf = (type: ClientType): string[] => Object.keys(IDENTIFICATION_TYPES[type]);

/** A message phone: 0 plus 41x/42x (x in 2, 4, 6) or 273, then 7 digits (spec 01 §5 Message form). */
export const MESSAGE_PHONE_PATTERN = /^0?(41[246]|42[246]|273)\d{7}$/;
export const MESSAGE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** At most this many recipients in one call of any message e-mail (issue 31: a mass mailing is not a message). */
export const MESSAGE_MAX_RECIPIENTS = 20;

export const clientMessages = {
  created: 'Cliente creado',
  updated: 'Cliente actualizado',
  deleted: 'Cliente eliminado',
  statusChanged: 'Estatus del cliente actualizado',
  contactUpdated: 'Datos de contacto actualizados',
  notFound: 'No se ha encontrado el usuario',
  phonesEmpty: messages.notEmpty('Teléfonos'),
  phoneRequired: messages.required('Teléfono'),
  /** Worded as spec 01 §5 quotes it. */
  phoneFormat: 'El formato de Teléfono es inválido',
  /** The profile's "add a phone" input (spec 01 §5 Profile). */
  phoneToAddRequired: 'Debes escribir el Teléfono',
  phoneToAddFormat: 'El formato del Teléfono es inválido',
  identificationTypeMismatch: (type: ClientType) =>
    `El Tipo de identificación no corresponde a un cliente ${type === 0 ? 'residencial (V, E o S)' : 'comercial (J, G, FP o C)'}.`,
  duplicateIdentification: (identificationType: string, identification: string) =>
    `Ya existe un cliente con la identificación ${identificationType}-${identification}.`,
  typeNotChangeable: 'El tipo de cliente no se puede cambiar.',
  noPhone: 'El cliente no tiene un teléfono registrado',
  noEmail: 'El cliente no tiene un correo registrado',
  noValidRecipients: 'Ningún destinatario tiene un formato válido.',
  messageSent: 'Mensaje enviado',
  tooManyRecipients: `No se pueden enviar más de ${MESSAGE_MAX_RECIPIENTS} mensajes a la vez.`,
  /** The hourly limit of recipients per user (MESSAGES_MAX_PER_HOUR) is reached. */
  hourlyLimitReached: (limit: number, minutes: number) =>
    `Alcanzaste el límite de ${limit} destinatarios por hora. Intenta de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  noteCreated: 'Nota creada',
  noteUpdated: 'Nota actualizada',
  noteDeleted: 'Nota eliminada',
  noteNotFound: 'No se ha encontrado la nota',
  clientUserUpdated: 'Usuario actualizado',
  clientUserDeleted: 'Usuario eliminado',
} as const;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** One phone of a list: required and matching the pattern; stored as its 10 digits. */
export const phoneItem = z.unknown().transform((value, ctx) => {
  if (blank(value)) {
    ctx.addIssue({ code: 'custom', message: clientMessages.phoneRequired });
    return z.NEVER;
  }
  const digits = typeof value === 'string' || typeof value === 'number' ? normalizePhone(String(value)) : '';
  if (!PHONE_PATTERN.test(digits)) {
    ctx.addIssue({ code: 'custom', message: clientMessages.phoneFormat });
    return z.NEVER;
  }
  return digits;
});

/** The phone list: never empty, each phone valid, duplicates collapsed. */
export const phoneList = z.preprocess(
  (value) => (blank(value) ? [] : typeof value === 'string' ? [value] : value),
  z
    .array(phoneItem, { error: clientMessages.phonesEmpty })
    .min(1, clientMessages.phonesEmpty)
    .transform((phones) => [...new Set(phones)]),
);

/** Identification number: digits only, leading zeros kept (spec 01 §5 Registration step 1). */
export const identificationField = z.unknown().transform((value, ctx) => {
  if (blank(value)) {
    ctx.addIssue({ code: 'custom', message: messages.required('Identificación') });
    return z.NEVER;
  }
  const text = typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+$/.test(text)) {
    ctx.addIssue({ code: 'custom', message: messages.digits('Identificación') });
    return z.NEVER;
  }
  if (text.length > 20) {
    ctx.addIssue({ code: 'custom', message: messages.maxLength('Identificación', 20) });
    return z.NEVER;
  }
  return text;
});

export const identificationTypeField = z.enum(ALL_IDENTIFICATION_TYPES, {
  error: (issue) => (blank(issue.input) ? messages.required('Tipo de identificación') : messages.invalid('Tipo de identificación')),
});

export const clientTypeField = z.preprocess(
  (value) => (typeof value === 'string' && /^[01]$/.test(value.trim()) ? Number(value) : value),
  z.union([z.literal(0), z.literal(1)], {
    error: (issue) => (blank(issue.input) ? messages.required('Tipo de cliente') : messages.invalid('Tipo de cliente')),
  }),
);

export const genderField = z.preprocess(
  (value) => (blank(value) ? null : value),
  z.enum(['M', 'F'], { error: messages.invalid('Género') }).nullable(),
);

const optionalBirthDate = z.preprocess((value) => (blank(value) ? null : value), dateNotAfterToday('Fecha de nacimiento').nullable());

export const clientEmail = z
  .string({ error: messages.required('Correo') })
  .trim()
  .min(1, messages.required('Correo'))
  .max(255, messages.maxLength('Correo', 255))
  .pipe(z.email({ error: messages.invalidFormat('Correo') }))
  .transform((value) => value.toLowerCase());

const optionalAddress = z
  .string({ error: messages.invalid('Dirección') })
  .trim()
  .max(500, messages.maxLength('Dirección', 500))
  .nullish()
  .transform((value) => (value ? value : null));

/** Checks the identification type against the client type. */
function clientRules(value: { type: ClientType; identification_type: string }, ctx: z.RefinementCtx) {
  if (!identificationTypesOf(value.type).includes(value.identification_type)) {
    ctx.addIssue({ code: 'custom', path: ['identification_type'], message: clientMessages.identificationTypeMismatch(value.type) });
  }
}

/** Gender and birth date describe a person: a commercial client keeps neither. */
const personalOnly = <T extends { type: ClientType; gender: 'M' | 'F' | null; birth_date: string | null }>(value: T): T =>
  value.type === 0 ? value : { ...value, gender: null, birth_date: null };

const clientFields = {
  name: requiredText('Nombre'),
  identification_type: identificationTypeField,
  identification: identificationField,
  email: clientEmail,
  phone: phoneList,
  gender: genderField.optional().default(null),
  birth_date: optionalBirthDate.optional().default(null),
  address: optionalAddress,
};

/** `clients/store`: the type is chosen here only, and notes only at creation. */
export const createClientSchema = z
  .object({
    ...clientFields,
    type: clientTypeField,
    notes: z
      .string({ error: messages.invalid('Notas') })
      .trim()
      .max(2000, messages.maxLength('Notas', 2000))
      .nullish()
      .transform((value) => (value ? value : null)),
  })
  .superRefine(clientRules)
  .transform(personalOnly);
export type CreateClientInput = z.infer<typeof createClientSchema>;

/**
 * `clients/update`: the type may be echoed back but not changed (the server compares it with
 * the stored type); notes are not edited here.
 */
export const updateClientSchema = z.object({
  ...clientFields,
  id: recordId(),
  type: clientTypeField.optional(),
});
export type UpdateClientInput = z.infer<typeof updateClientSchema>;

/** Checks an update against the stored client type, as the create schema does. */
export function clientTypeIssues(type: ClientType, input: { identification_type: string }): Record<string, string[]> | null {
  return identificationTypesOf(type).includes(input.identification_type)
    ? null
    : { identification_type: [clientMessages.identificationTypeMismatch(type)] };
}

/** `clients/update-contact-info`: the e-mail and phone list (staff name the client; client users update their own). */
export const updateContactInfoSchema = z.object({
  id: recordId().optional(),
  email: clientEmail,
  phone: phoneList,
});

export const changeClientStatusSchema = z.object({ id: recordId(), active: flag('Activo') });

const noteText = requiredText('Nota', 2000);
export const createNoteSchema = z.object({ client_id: recordId('cliente'), note: noteText });
export const updateNoteSchema = z.object({ id: recordId(), note: noteText });

export const MESSAGE_TYPES = ['email', 'phone'] as const;

/**
 * `clients/send-message`. Items are addresses typed or chosen (an e-mail or a phone) or client
 * ids; items that do not match the type's pattern are dropped by the server.
 */
export const sendMessageSchema = z
  .object({
    type: z.enum(MESSAGE_TYPES, {
      error: (issue) => (blank(issue.input) ? messages.required('Tipo') : messages.invalid('Tipo')),
    }),
    title: z
      .string({ error: messages.invalid('Título') })
      .trim()
      .max(200, messages.maxLength('Título', 200))
      .nullish()
      .transform((value) => (value ? value : null)),
    message: requiredText('Mensaje', 2000),
    items: z
      .array(z.union([z.string().trim().max(255), z.number().int().positive(), z.object({ id: z.number().int().positive() })]), {
        error: messages.required('Destinatarios'),
      })
      .min(1, messages.required('Destinatarios'))
      .max(MESSAGE_MAX_RECIPIENTS, clientMessages.tooManyRecipients),
  })
  .superRefine((value, ctx) => {
    if (value.type === 'email' && !value.title) ctx.addIssue({ code: 'custom', path: ['title'], message: messages.required('Título') });
  });
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

const optionalNumber = z.preprocess(
  (value) => (blank(value) ? undefined : typeof value === 'string' ? Number(value) : value),
  z.number().int().optional(),
);

/** The clients list: the common query plus the type selector. */
export const clientListQuerySchema = listQuerySchema.extend({
  type: optionalNumber.pipe(z.union([z.literal(0), z.literal(1)]).optional()),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

export const clientSelectQuerySchema = z.object({
  search: z.string().trim().max(200).optional().default(''),
  type: optionalNumber.pipe(z.union([z.literal(0), z.literal(1)]).optional()),
});

/** A payment address as a client row names it; the address screens load the full row. */
export interface ClientAddressSummary {
  id: number;
  type: 0 | 1;
  address: string;
}

/** A client as `clients/selects/data` answers it: the pickers' label and the contact data the payment panel checks. */
export interface ClientOption {
  id: number;
  name: string;
  identification_type: string;
  identification: string;
  type: number;
  email: string | null;
  phone: string[];
}

/** A client row of the list and detail (spec 01 §3 Client). */
export interface ClientRow {
  id: number;
  type: ClientType;
  name: string;
  email: string | null;
  phone: string[];
  gender: 'M' | 'F' | null;
  age: number | null;
  birth_date: string | null;
  identification: string;
  identification_type: string;
  address: string | null;
  photo: string | null;
  active: boolean;
  count_payments: number;
  addresses_payments: ClientAddressSummary[];
  user: { id: number; name: string; email: string; created_at: string } | null;
  latest_payment: LatestPayment | null;
  created_at: string;
}

export interface NoteRow {
  id: number;
  note: string;
  client_id: number;
  user: { id: number; name: string } | null;
  created_at: string;
}

/** "V-12345678". */
export const identificationLabel = (row: { identification_type: string; identification: string }) =>
  `${row.identification_type}-${row.identification}`;

/**
 * The identification as the public checks show it (issue 46): its first two and last three
 * characters, enough for its holder to recognise it, not enough to learn it ("12345678" → "12•••678").
 * Shorter ones keep one character each side.
 */
export const maskedIdentification = (identification: string) =>
  identification.length > 6 ? `${identification.slice(0, 2)}•••${identification.slice(-3)}` : `${identification.slice(0, 1)}•••${identification.slice(-1)}`;

/** Whole years from a birth date to today (YYYY-MM-DD both). */
export function ageOn(birthDate: string | null, today: string): number | null {
  if (!birthDate) return null;
  // Both are 'YYYY-MM-DD': month and day compare as text (a page of clients asks this per row).
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5, 10) < birthDate.slice(5, 10) ? years - 1 : years;
}
