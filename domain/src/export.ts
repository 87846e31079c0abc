import { z } from 'zod';

/** Export formats of the lists (spec 03 §7 "Exports"); each screen allows a subset. */
export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const listed = (formats: readonly string[]) =>
  formats.length === 1 ? formats[0]! : `${formats.slice(0, -1).join(', ')} o ${formats[formats.length - 1]}`;

export const exportMessages = {
  format: (formats: readonly ExportFormat[]) => `El formato de exportación debe ser ${listed(formats)}.`,
} as const;

/** `type_format`, limited to the formats a screen allows. */
export const exportFormatField = (formats: readonly ExportFormat[]) =>
  z.enum(formats as [ExportFormat, ...ExportFormat[]], { error: exportMessages.format(formats) });

/** "Sí"/"No" of boolean cells in exports. */
export const yesNo = (value: boolean) => (value ? 'Sí' : 'No');
export const activeText = (value: boolean) => (value ? 'Activo' : 'Inactivo');
