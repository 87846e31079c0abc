import { paymentRateOf, type CurrentRates } from '@recaudo/domain/exchange-rates';
import type { ClientOption } from '@recaudo/domain/clients';
import type { ExchangeRates } from '@recaudo/domain/configurations';
import type { Currency } from '@recaudo/domain/tenders';
import { http } from '../lib/http';
import type { FilterField, FilterOption } from './filter-drawer';

/** A row of a `…/selects` answer. */
export interface Named {
  id: number;
  name: string;
}

export type { ClientOption };

/** Clients by name or identification (at most 50; a client user gets only their own). */
export const findClientOptions = (search: string, signal?: AbortSignal) =>
  http.get<ClientOption[]>('clients/selects/data', { query: { search }, signal }).then((answer) => answer.data);

/** "Luisa Mendoza (V-12345678)", as every client picker and filter names a client. */
export const clientOptionLabel = (client: Pick<ClientOption, 'name' | 'identification_type' | 'identification'>) =>
  `${client.name} (${client.identification_type}-${client.identification})`;

/** Users (staff and client users both create addresses and payments) whose name matches: the server answers 50 at most. */
export const findUserOptions = (search: string, signal?: AbortSignal) =>
  http.get<Named[]>('users/all-selects', { query: { search }, signal }).then((answer) => answer.data);

/** A payment method as `payment-methods/selects` answers it (active ones only). */
export interface MethodOption {
  id: number;
  name: string;
  code: string;
  type: number;
  is_mobile_payment_use_api_bdv: boolean;
  /** The currency the method takes and whether it causes IGTF (issue 49). */
  currency: Currency;
  is_igtf: boolean;
}

export const findMethodOptions = (signal?: AbortSignal) => http.get<MethodOption[]>('payment-methods/selects', { signal }).then((answer) => answer.data);

/** Today's dollar and euro rates (Tasas de Cambio), for the forms that start from them. */
export const findExchangeRates = (signal?: AbortSignal) => http.get<ExchangeRates>('configurations/exchange-rate', { signal }).then((answer) => answer.data);

/** The BCV rates in force on a day (issue 47), to the cent as payments take them ("0.00" without a rate). */
export const findRatesOn = (day: string, signal?: AbortSignal): Promise<ExchangeRates> =>
  http.get<CurrentRates>(`exchange-rates/current?date=${day}`, { signal }).then(({ data }) => ({
    dollar_rate: data.usd ? paymentRateOf(data.usd.rate) : '0.00',
    euro_rate: data.eur ? paymentRateOf(data.eur.rate) : '0.00',
  }));

/** A correlative series as `correlatives/selects` answers it. */
export interface SerieOption {
  id: number;
  serie: string;
}

/** Every series (the server answers them all; who may use which is the user's series scope). */
export const findSerieOptions = (signal?: AbortSignal) => http.get<SerieOption[]>('correlatives/selects', { signal }).then((answer) => answer.data);

export const toFilterOptions = (rows: readonly Named[]): FilterOption[] => rows.map((row) => ({ value: row.id, label: row.name }));

/** The drawers' "Clientes" filter (`filters[client][]`). */
export const clientsFilterField: FilterField = {
  type: 'select',
  name: 'client',
  label: 'Clientes',
  multiple: true,
  fetcher: (search, _filters, signal) =>
    findClientOptions(search, signal).then((clients): FilterOption[] => clients.map((client) => ({ value: client.id, label: clientOptionLabel(client) }))),
};

/** The drawers' "Usuarios" filter (`filters[user][]`, who registered the record). */
export const usersFilterField: FilterField = {
  type: 'select',
  name: 'user',
  label: 'Usuarios',
  multiple: true,
  fetcher: (search, _filters, signal) => findUserOptions(search, signal).then(toFilterOptions),
};

/** The places a client's payment addresses lie in, as the clients list filters them (`filters[state]` …). */
const REGION_FILTERS = [
  { name: 'state', unit: 'states', label: 'Estado' },
  { name: 'municipality', unit: 'municipalities', label: 'Municipio' },
  { name: 'parish', unit: 'parishes', label: 'Parroquia' },
  { name: 'community', unit: 'communities', label: 'Comunidad' },
] as const;

export type RegionFilterName = (typeof REGION_FILTERS)[number]['name'];
export const REGION_FILTER_NAMES: readonly RegionFilterName[] = REGION_FILTERS.map((region) => region.name);

const findUnits = (unit: string, query: Record<string, unknown>, signal?: AbortSignal) =>
  http.get<Named[]>(`${unit}/selects`, { query, signal }).then((answer) => toFilterOptions(answer.data));

/**
 * Estado, Municipio, Parroquia and Comunidad filters of a list whose rows lie in places: each
 * searches the active units, and names a chosen one (inactive too) for its active-filter tag.
 */
export const regionFilterFields: FilterField[] = REGION_FILTERS.map(({ name, unit, label }) => ({
  type: 'select',
  name,
  label,
  multiple: true,
  fetcher: (search, _filters, signal) => findUnits(unit, { search }, signal),
  describe: (ids, signal) => findUnits(unit, { id: ids }, signal),
}));
