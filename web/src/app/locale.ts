import esES from 'antd/es/locale/es_ES';
import type { Locale } from 'antd/es/locale';

/**
 * antd's Spanish texts in the product's voice: es_ES says "Seleccione" and "Vacíe todo" (usted)
 * and "Click para ordenar" (English) where Recaudo speaks to the user as tú.
 */
export const recaudoLocale: Locale = {
  ...esES,
  global: { ...esES.global, placeholder: 'Selecciona' },
  Table: {
    ...esES.Table,
    selectNone: 'Quitar la selección',
    triggerDesc: 'Pulsa para ordenar de forma descendente',
    triggerAsc: 'Pulsa para ordenar de forma ascendente',
    cancelSort: 'Pulsa para quitar el orden',
  },
  Text: { ...esES.Text, collapse: 'Contraer' },
};
