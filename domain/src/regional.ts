import { effectiveMonthField } from './tariffs';
import { lateFeeFields } from './late-fees';
import { z } from 'zod';
import { listQuerySchema } from './paging';
import { moneyField } from './money-field';
import { dateNotAfterToday, flag, optionalPhone, optionalText, recordId, requiredText, wholeNumber } from './validation';

/**
 * Regional units: states, municipalities, parishes and communities (spec 03 §2, §3, §5).
 * Each child names its whole chain of parents, as the panels send them; the server checks
 * that the chain holds together and keeps only the direct parent.
 */
export const REGIONAL_UNITS = ['states', 'municipalities', 'parishes', 'communities'] as const;
export type RegionalUnit = (typeof REGIONAL_UNITS)[number];

const name = requiredText('Nombre', 150);
const stateId = recordId('Estado');
const municipalityId = recordId('Municipio');
const parishId = recordId('Parroquia');
const withId = { id: recordId() };

export const stateFieldsSchema = z.object({ name });
export const municipalityFieldsSchema = z.object({ name, state_id: stateId });
export const parishFieldsSchema = z.object({
  name,
  state_id: stateId,
  municipality_id: municipalityId,
  date_start: dateNotAfterToday('Fecha de inicio'),
});
export const communityFieldsSchema = z.object({
  name,
  state_id: stateId,
  municipality_id: municipalityId,
  parish_id: parishId,
  number_houses: wholeNumber('Número de casas'),
  responsible_name: optionalText('Nombre del responsable', 150),
  responsible_phone: optionalPhone('Teléfono del responsable'),
  fee: moneyField('Tarifa'),
  date_start: dateNotAfterToday('Fecha de inicio'),
  ...lateFeeFields,
});

export const updateStateSchema = stateFieldsSchema.extend(withId);
export const updateMunicipalitySchema = municipalityFieldsSchema.extend(withId);
export const updateParishSchema = parishFieldsSchema.extend(withId);
/** An edit may say from which month a new fee applies (issue 50; absent: next month). */
export const updateCommunitySchema = communityFieldsSchema.extend({ ...withId, effective_month: effectiveMonthField });

export type StateInput = z.infer<typeof stateFieldsSchema>;
export type MunicipalityInput = z.infer<typeof municipalityFieldsSchema>;
export type ParishInput = z.infer<typeof parishFieldsSchema>;
export type CommunityInput = z.infer<typeof communityFieldsSchema>;

export const changeActiveSchema = z.object({ id: recordId(), active: flag('Activo') });

/** The payment summary card of a regional row (residential or commercial). */
export interface PaymentSummary {
  count_payments: number;
  amount_bill: string;
  amount_payment: string;
  dollar_amount_bill: string;
  dollar_amount_payment: string;
}

/** Labels and messages per unit, singular first. */
export const regionalLabels = {
  states: { singular: 'estado', plural: 'estados', title: 'Estados', feminine: false },
  municipalities: { singular: 'municipio', plural: 'municipios', title: 'Municipios', feminine: false },
  parishes: { singular: 'parroquia', plural: 'parroquias', title: 'Parroquias', feminine: true },
  communities: { singular: 'comunidad', plural: 'comunidades', title: 'Comunidades', feminine: true },
} as const satisfies Record<RegionalUnit, { singular: string; plural: string; title: string; feminine: boolean }>;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const regionalMessages = (unit: RegionalUnit) => {
  const { singular, feminine } = regionalLabels[unit];
  const ending = feminine ? 'a' : 'o';
  return {
    created: `${capital(singular)} cread${ending}`,
    updated: `${capital(singular)} actualizad${ending}`,
    /** Spec 03 §8: Estado eliminado, Municipio eliminado, Parroquia eliminada, Comunidad eliminada. */
    deleted: `${capital(singular)} eliminad${ending}`,
    statusChanged: `Estatus de ${feminine ? 'la' : 'el'} ${singular} actualizado`,
    notFound: `No se ha encontrado ${feminine ? 'la' : 'el'} ${singular}`,
    duplicateName: `Ya existe ${feminine ? 'una' : 'un'} ${singular} con ese nombre.`,
    hasChildren: (count: number, child: RegionalUnit) =>
      `No se puede eliminar ${feminine ? 'la' : 'el'} ${singular} porque tiene ${count} ${count === 1 ? regionalLabels[child].singular : regionalLabels[child].plural} ${count === 1 ? (regionalLabels[child].feminine ? 'asociada' : 'asociado') : regionalLabels[child].feminine ? 'asociadas' : 'asociados'}.`,
  };
};

export const regionalChainMessages = {
  municipalityNotInState: 'El municipio no pertenece al estado seleccionado.',
  parishNotInMunicipality: 'La parroquia no pertenece al municipio seleccionado.',
} as const;

/**
 * The list query of a regional screen: the common one plus the parent ids the spec sends at
 * the top level (`municipality_id`, `parish_id`) and the payments flag and date range.
 */
const optionalId = z.preprocess((value) => (value === '' || value === null ? undefined : value), z.coerce.number().int().positive().optional());
export const regionalListQuerySchema = listQuerySchema.extend({
  state_id: optionalId,
  municipality_id: optionalId,
  parish_id: optionalId,
  payments: z.preprocess((value) => (value === '0' || value === 'false' ? false : value === undefined ? true : Boolean(value)), z.boolean()).optional(),
});
export type RegionalListQuery = z.infer<typeof regionalListQuerySchema>;

/** `data-regional` (public): every active unit, optionally below given parents. */
export const dataRegionalQuerySchema = z.object({
  state_id: optionalId,
  municipality_id: optionalId,
  parish_id: optionalId,
  filters: z.record(z.string(), z.unknown()).optional().default({}),
});
