import { z } from 'zod';
import { moneyField } from './money-field';
import { effectiveMonthField } from './tariffs';
import { lateFeeFields } from './late-fees';
import { optionalText, recordId, requiredText } from './validation';

/** Activity groups and the economic activities whose fee commercial addresses pay (spec 03 §5). */
export const activityGroupFieldsSchema = z.object({ name: requiredText('Nombre', 150) });
export const updateActivityGroupSchema = activityGroupFieldsSchema.extend({ id: recordId() });
export type ActivityGroupInput = z.infer<typeof activityGroupFieldsSchema>;

export const economicActivityFieldsSchema = z.object({
  name: requiredText('Nombre', 255),
  code: optionalText('Código', 30),
  fee: moneyField('Tarifa'),
  activity_group_id: recordId('Grupo'),
  ...lateFeeFields,
});
/** An edit may say from which month a new fee applies (issue 50; absent: next month). */
export const updateEconomicActivitySchema = economicActivityFieldsSchema.extend({ id: recordId(), effective_month: effectiveMonthField });
export type EconomicActivityInput = z.infer<typeof economicActivityFieldsSchema>;

export const activityGroupMessages = {
  created: 'Grupo de actividades creado',
  updated: 'Grupo de actividades actualizado',
  deleted: 'Grupo de actividades eliminado',
  notFound: 'No se ha encontrado el grupo de actividades',
  duplicateName: 'Ya existe un grupo de actividades con ese nombre.',
  hasActivities: (count: number) =>
    `No se puede eliminar el grupo porque tiene ${count} ${count === 1 ? 'actividad económica asociada' : 'actividades económicas asociadas'}.`,
} as const;

export const economicActivityMessages = {
  created: 'Actividad económica creada',
  updated: 'Actividad económica actualizada',
  deleted: 'Actividad económica eliminada',
  notFound: 'No se ha encontrado la actividad económica',
  duplicateName: 'Ya existe una actividad económica con ese nombre.',
  duplicateCode: 'Ya existe una actividad económica con ese código.',
  unknownGroup: 'El campo Grupo es inválido.',
} as const;
