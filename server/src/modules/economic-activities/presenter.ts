import { z } from 'zod';
import { formatMoney } from '@recaudo/domain/format-money';
import { textOrEmpty } from '@recaudo/domain/format';
import type { ExportColumn } from '../../platform/export';
import { lateFeeRowSchema } from '../fees/late-fee-columns';
import type { ActivityGroupRow, EconomicActivityRow } from './service';

export const activityGroupRowSchema = z.object({ id: z.number(), name: z.string(), count_activities: z.number(), count_payments: z.number() });
export const economicActivityRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  fee: z.string(),
  ...lateFeeRowSchema,
  activity_group_id: z.number(),
  activity_group: z.object({ id: z.number(), name: z.string() }),
  count_payments: z.number(),
});
export const activityGroupSelectSchema = z.object({ id: z.number(), name: z.string() });
export const economicActivitySelectSchema = z.object({ id: z.number(), name: z.string(), code: z.string().nullable(), fee: z.string(), activity_group_id: z.number() });

export const activityGroupExportColumns: ExportColumn<ActivityGroupRow>[] = [
  { header: 'ID', value: (row) => row.id, width: 8 },
  { header: 'Nombre', value: (row) => row.name, width: 40 },
  { header: 'Actividades', value: (row) => row.count_activities, width: 12 },
  { header: 'Pagos', value: (row) => row.count_payments, width: 10 },
];

export const economicActivityExportColumns: ExportColumn<EconomicActivityRow>[] = [
  { header: 'ID', value: (row) => row.id, width: 8 },
  { header: 'Nombre', value: (row) => row.name, width: 40 },
  { header: 'Código', value: (row) => textOrEmpty(row.code), width: 12 },
  { header: 'Tarifa', value: (row) => formatMoney(row.fee, '$'), width: 12 },
  { header: 'Grupo', value: (row) => row.activity_group.name, width: 30 },
  { header: 'Pagos', value: (row) => row.count_payments, width: 10 },
];
