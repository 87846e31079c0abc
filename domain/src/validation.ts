import { z } from 'zod';

/**
 * Spanish validation messages, worded as the spec quotes them ("El campo Nombre es
 * obligatorio.", "El formato de :attribute es inválido"). Server answers and web forms
 * both take their text from here.
 */
export const messages = {
  required: (attribute: string) => `El campo ${attribute} es obligatorio.`,
  invalidFormat: (attribute: string) => `El formato de ${attribute} es inválido.`,
  notEmpty: (attribute: string) => `El campo ${attribute} no debe estar vacio.`,
  integer: (attribute: string) => `El campo ${attribute} debe ser un número entero.`,
  number: (attribute: string) => `El campo ${attribute} debe ser un número.`,
  min: (attribute: string, min: number) => `El campo ${attribute} debe ser al menos ${min}.`,
  maxLength: (attribute: string, max: number) => `El campo ${attribute} no debe ser mayor que ${max} caracteres.`,
  boolean: (attribute: string) => `El campo ${attribute} debe ser verdadero o falso.`,
  invalid: (attribute: string) => `El campo ${attribute} es inválido.`,
} as const;

/** A required text field; blank text counts as missing. */
export const requiredText = (attribute: string, max = 255) =>
  z
    .string({ error: messages.required(attribute) })
    .trim()
    .min(1, messages.required(attribute))
    .max(max, messages.maxLength(attribute, max));

export const optionalText = (attribute: string, max = 255) =>
  z
    .string({ error: messages.invalid(attribute) })
    .trim()
    .max(max, messages.maxLength(attribute, max))
    .nullish()
    .transform((value) => (value ? value : null));

export const emailField = (attribute = 'Correo') =>
  z
    .string({ error: messages.required(attribute) })
    .trim()
    .min(1, messages.required(attribute))
    .max(255, messages.maxLength(attribute, 255))
    .pipe(z.email({ error: messages.invalidFormat(attribute) }))
    .transform((value) => value.toLowerCase());

/** A whole, non-negative number; accepts numeric strings from forms and query strings. */
export const wholeNumber = (attribute: string, min = 0) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: (issue) => (issue.input == null || issue.input === '' ? messages.required(attribute) : messages.integer(attribute)) })
      .int(messages.integer(attribute))
      .min(min, messages.min(attribute, min)),
  );

export const recordId = (attribute = 'id') =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: (issue) => (issue.input == null ? messages.required(attribute) : messages.invalid(attribute)) })
      .int(messages.invalid(attribute))
      .positive(messages.invalid(attribute)),
  );

/** Accepts true/false, 1/0 and their string forms, as forms and query strings send them. */
export const flag = (attribute: string) =>
  z.preprocess(
    (value) => {
      if (value === 'true' || value === '1' || value === 1) return true;
      if (value === 'false' || value === '0' || value === 0) return false;
      return value;
    },
    z.boolean({ error: (issue) => (issue.input == null ? messages.required(attribute) : messages.boolean(attribute)) }),
  );
