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
  greaterThan: (attribute: string, value: number) => `El campo ${attribute} debe ser mayor que ${value}.`,
  maxLength: (attribute: string, max: number) => `El campo ${attribute} no debe ser mayor que ${max} caracteres.`,
  boolean: (attribute: string) => `El campo ${attribute} debe ser verdadero o falso.`,
  invalid: (attribute: string) => `El campo ${attribute} es inválido.`,
  decimals: (attribute: string, places = 2) => `El campo ${attribute} debe tener como máximo ${places} decimales.`,
  maxAmount: (attribute: string) => `El campo ${attribute} es demasiado grande.`,
  digits: (attribute: string) => `El campo ${attribute} solo debe contener dígitos.`,
  dateNotAfterToday: (attribute: string) => `El campo ${attribute} debe ser una fecha anterior o igual a hoy.`,
  activePdf: (attribute: string) => `El campo ${attribute} no puede ser un PDF con JavaScript ni acciones automáticas.`,
  uncheckablePdf: (attribute: string) => `El campo ${attribute} es un PDF demasiado grande o complejo para revisarlo; guárdalo de nuevo o envíalo como imagen.`,
} as const;
