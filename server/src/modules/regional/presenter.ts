import { z } from 'zod';
import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate, formatPhone, textOrEmpty } from '@recaudo/domain/format';
import { activeText } from '@recaudo/domain/export';
import type { ExportColumn } from '../../platform/export';
import { lateFeeRowSchema } from '../fees/late-fee-columns';
import type { presentCommunity, presentMunicipality, presentParish, presentState } from './queries';

const summary = z.object({
  count_payments: z.number(),
  amount_bill: z.string(),
  amount_payment: z.string(),
  dollar_amount_bill: z.string(),
  dollar_amount_payment: z.string(),
});
const counts = {
  count_clients: z.number(),
  payments_residential: summary,
  payments_comercial: summary,
  count_clients_solvents_residential: z.number(),
  count_clients_solvents_comercial: z.number(),
};
const named = z.object({ id: z.number(), name: z.string() });

export const stateRowSchema = z.object({ id: z.number(), name: z.string(), active: z.boolean(), created_at: z.string(), ...counts });
export const municipalityRowSchema = stateRowSchema.extend({ state_id: z.number(), state: named });
export const parishRowSchema = stateRowSchema.extend({
  date_start: z.string(),
  municipality_id: z.number(),
  municipality: named.extend({ state_id: z.number() }),
  state_id: z.number(),
  state: named,
});
export const communityRowSchema = parishRowSchema.extend({
  number_houses: z.number(),
  responsible_name: z.string().nullable(),
  responsible_phone: z.string().nullable(),
  fee: z.string(),
  ...lateFeeRowSchema,
  parish_id: z.number(),
  parish: named.extend({ municipality_id: z.number() }),
});

export const selectRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  state_id: z.number().optional(),
  municipality_id: z.number().optional(),
  parish_id: z.number().optional(),
  date_start: z.string().optional(),
  fee: z.string().optional(),
});

export const dataRegionalSchema = z.object({
  states: z.array(selectRowSchema),
  municipalities: z.array(selectRowSchema),
  parishes: z.array(selectRowSchema),
  communities: z.array(selectRowSchema),
});

type StateRow = ReturnType<typeof presentState>;
type MunicipalityRow = ReturnType<typeof presentMunicipality>;
type ParishRow = ReturnType<typeof presentParish>;
type CommunityRow = ReturnType<typeof presentCommunity>;

const common = <T extends StateRow>(): ExportColumn<T>[] => [
  { header: 'ID', value: (row) => row.id, width: 8 },
  { header: 'Nombre', value: (row) => row.name, width: 30 },
];
const tail = <T extends StateRow>(): ExportColumn<T>[] => [
  { header: 'Clientes', value: (row) => row.count_clients, width: 10 },
  { header: 'Estatus', value: (row) => activeText(row.active), width: 10 },
];

export const stateExportColumns: ExportColumn<StateRow>[] = [...common<StateRow>(), ...tail<StateRow>()];
export const municipalityExportColumns: ExportColumn<MunicipalityRow>[] = [
  ...common<MunicipalityRow>(),
  { header: 'Estado', value: (row) => row.state.name, width: 20 },
  ...tail<MunicipalityRow>(),
];
export const parishExportColumns: ExportColumn<ParishRow>[] = [
  ...common<ParishRow>(),
  { header: 'Municipio', value: (row) => row.municipality.name, width: 20 },
  { header: 'Estado', value: (row) => row.state.name, width: 20 },
  { header: 'Fecha de inicio', value: (row) => formatDate(row.date_start), width: 14 },
  ...tail<ParishRow>(),
];
export const communityExportColumns: ExportColumn<CommunityRow>[] = [
  ...common<CommunityRow>(),
  { header: 'Parroquia', value: (row) => row.parish.name, width: 20 },
  { header: 'Municipio', value: (row) => row.municipality.name, width: 20 },
  { header: 'Estado', value: (row) => row.state.name, width: 16 },
  { header: 'Número de casas', value: (row) => row.number_houses, width: 10 },
  { header: 'Responsable', value: (row) => textOrEmpty(row.responsible_name), width: 20 },
  { header: 'Teléfono del responsable', value: (row) => formatPhone(row.responsible_phone), width: 18 },
  { header: 'Tarifa', value: (row) => formatMoney(row.fee, '$'), width: 12 },
  { header: 'Fecha de inicio', value: (row) => formatDate(row.date_start), width: 14 },
  ...tail<CommunityRow>(),
];
