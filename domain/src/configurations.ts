import { z } from 'zod';
import { manualRateField, rateReasonField } from './exchange-rates';
import { recordId } from './validation';

/** The exchange-rate settings rows, in bolivars per unit. */
export const DOLLAR_RATE = 'update_dollar_rate';
export const EURO_RATE = 'update_euro_rate';
export const CONFIGURATION_LABELS: Record<string, string> = { [DOLLAR_RATE]: 'Tasa del dólar', [EURO_RATE]: 'Tasa del euro' };

/**
 * Inline edit of a rate (spec 02 §5, issue 47): required with 'Ingresa Datos!', more than zero,
 * up to the BCV's eight decimals, with the reason it replaces the official rate.
 */
export const updateConfigurationSchema = z.object({
  id: recordId(),
  value: manualRateField('Valor'),
  reason: rateReasonField,
});

export interface ExchangeRates {
  dollar_rate: string;
  euro_rate: string;
}

export const configurationMessages = {
  updated: 'Tasa actualizada',
  notFound: 'No se ha encontrado la configuración',
} as const;
