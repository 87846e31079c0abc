import { z } from 'zod';
import { digitsText, recordId, requiredText } from './validation';

/**
 * Correlatives: invoice series with their last invoice, credit-note and debit-note numbers.
 * Numbers are digits kept as text so leading zeros survive ("00000123").
 */
export const correlativeFieldsSchema = z.object({
  serie: requiredText('Serie', 20),
  number: digitsText('Número de factura'),
  number_credit_note: digitsText('Número de nota de crédito'),
  number_debit_note: digitsText('Número de nota de débito'),
});
export const updateCorrelativeSchema = correlativeFieldsSchema.extend({ id: recordId() });
export type CorrelativeInput = z.infer<typeof correlativeFieldsSchema>;

export const correlativeMessages = {
  created: 'Correlativo creado',
  updated: 'Correlativo actualizado',
  deleted: 'Correlativo eliminado',
  notFound: 'No se ha encontrado el correlativo',
  duplicateSerie: 'Ya existe un correlativo con esa serie.',
  hasUsers: (count: number) =>
    `No se puede eliminar el correlativo porque está asignado a ${count} ${count === 1 ? 'usuario' : 'usuarios'}.`,
} as const;
