import { z } from 'zod';
import { formatDateTime } from '@recaudo/domain/format';
import { attributesLine, logEventLabel, logModuleLabel, type LogEntry } from '@recaudo/domain/logs';
import type { ExportColumn } from '../../platform/export';

export const logRowSchema = z.object({
  id: z.number(),
  log_name: z.string(),
  description: z.string(),
  causer: z.object({ id: z.number(), name: z.string(), type: z.enum(['admin', 'client']) }).nullable(),
  subject_type: z.string().nullable(),
  subject_id: z.number().nullable(),
  subject: z.record(z.string(), z.unknown()).nullable(),
  properties: z.object({ old: z.record(z.string(), z.unknown()).optional(), attributes: z.record(z.string(), z.unknown()).optional() }),
  error_message: z.string().nullable(),
  created_at: z.string(),
}) satisfies z.ZodType<LogEntry>;

export const logExportColumns: ExportColumn<LogEntry>[] = [
  { header: 'ID', value: (row) => row.id, width: 8 },
  { header: 'Módulo', value: (row) => logModuleLabel(row.log_name), width: 18 },
  { header: 'Evento', value: (row) => logEventLabel(row.description), width: 14 },
  { header: 'Usuario', value: (row) => row.causer?.name ?? 'Sistema', width: 22 },
  { header: 'Registro', value: (row) => (row.subject_id ? `${row.subject_type ?? ''} #${row.subject_id}` : ''), width: 16 },
  { header: 'Valores anteriores', value: (row) => attributesLine(row.properties.old), width: 40 },
  { header: 'Valores nuevos', value: (row) => attributesLine(row.properties.attributes), width: 40 },
  { header: 'Error', value: (row) => row.error_message ?? '', width: 20 },
  { header: 'Fecha', value: (row) => formatDateTime(row.created_at), width: 20 },
];
