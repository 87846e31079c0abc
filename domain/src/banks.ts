import { z } from 'zod';
import { messages, recordId, requiredText } from './validation';

/** Banks: the origin bank of payments, by their official 4-digit code. */
export const bankFieldsSchema = z.object({
  code: requiredText('Código', 4).regex(/^\d{4}$/, messages.invalidFormat('Código')),
  name: requiredText('Nombre', 150),
});
export const updateBankSchema = bankFieldsSchema.extend({ id: recordId() });
export type BankInput = z.infer<typeof bankFieldsSchema>;

export const bankMessages = {
  created: 'Banco creado',
  updated: 'Banco actualizado',
  deleted: 'Banco eliminado',
  notFound: 'No se ha encontrado el banco',
  duplicateCode: 'Ya existe un banco con ese código.',
} as const;
