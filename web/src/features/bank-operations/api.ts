import type { BankMovement, Conciliation, ConciliationErrorCode, ValidatePaymentAnswer } from '@recaudo/domain/bank-operations';
import type { Paged } from '@recaudo/domain/paging';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListParams } from '../../components/use-list-state';
import { http, type HttpError } from '../../lib/http';

export type { BankMovement, Conciliation };

/** What the payment panel sends to confirm a pago móvil (spec 02 §7). */
export interface ValidatePaymentInput {
  client_id: number | null;
  payment_method_id: number | null;
  reference: string;
  payment_date: string | null;
  amount: string;
  origin_bank: string | null;
  pay_phone: string | null;
}

/** The validation's answer, a success or the failure answer the server gave (never a toast: `silent`). */
export async function validatePayment(input: ValidatePaymentInput): Promise<ValidatePaymentAnswer> {
  try {
    const answer = (await http.post<Conciliation>('bank-operations/validate-payment', input, { silent: true })) as Partial<ValidatePaymentAnswer> & { data: Conciliation };
    return {
      success: true,
      error: null,
      error_code: null,
      message: answer.message ?? '',
      bdv_message: answer.bdv_message ?? null,
      conciliation: answer.conciliation ?? answer.data,
    };
  } catch (error) {
    const failure = error as HttpError;
    const body = (failure.body ?? {}) as Partial<ValidatePaymentAnswer>;
    return {
      success: false,
      error: body.error ?? null,
      error_code: body.error_code ?? null,
      message: body.message ?? (failure.status === null ? '' : failure.message),
      bdv_message: body.bdv_message ?? null,
      conciliation: body.conciliation ?? null,
    };
  }
}

/** The phone the client last validated a Pago Móvil with, among her phones (null when none). */
export const lastPayPhone = (clientId: number, signal?: AbortSignal) =>
  http.get<{ pay_phone: string | null }>(`bank-operations/last-pay-phone/${clientId}`, { signal, silent: true }).then((answer) => answer.data.pay_phone);

/** The movements query: `DD/MM/YYYY` dates, VES. */
export interface MovementsQuery {
  dateInit: string;
  dateEnd: string;
}

export const bankKeys = {
  all: ['bank-operations'] as const,
  movements: (query: MovementsQuery | null) => [...bankKeys.all, 'movements', query] as const,
  conciliations: () => [...bankKeys.all, 'conciliations'] as const,
  conciliationList: (params: ListParams) => [...bankKeys.conciliations(), 'list', params] as const,
  statistics: (filters: ListParams['filters']) => [...bankKeys.conciliations(), 'statistics', filters ?? {}] as const,
  conciliation: (id: number) => [...bankKeys.conciliations(), 'one', id] as const,
  lastPayPhone: (clientId: number) => [...bankKeys.all, 'last-pay-phone', clientId] as const,
};

export const findMovements = (query: MovementsQuery, signal?: AbortSignal) =>
  http
    .post<{ movs: BankMovement[]; totalOfMovements: number }>('bank-operations/movements', { ...query, currencyType: 'VES', movementNumber: '' }, { signal, silent: true })
    .then((answer) => answer.data);

/** Movements load only once a range was asked; failures come back to the screen, which words them (spec 02 §8). */
export function useMovements(query: MovementsQuery | null) {
  return useQuery({
    queryKey: bankKeys.movements(query),
    queryFn: ({ signal }) => findMovements(query!, signal),
    enabled: query !== null,
    retry: false,
  });
}

export const MOVEMENTS_EXPORT_PATH = 'bank-operations/export';

export interface ConciliationStatistics {
  attempts: number;
  conciliated: number;
  failed: number;
  amount_conciliated: string;
  failures_by_code: Record<ConciliationErrorCode, number>;
}

export const CONCILIATIONS_EXPORT_PATH = 'conciliations/export';
export const CONCILIATION_PAGE_SIZE = 15;

/** The list's filters travel as the spec's plain parameters (client_id, success, date_from, …). */
export function conciliationQuery(params: Pick<ListParams, 'search' | 'filters'>): Record<string, unknown> {
  const filters = params.filters ?? {};
  const dates = Array.isArray(filters.dates) ? filters.dates : [];
  return {
    search: params.search,
    client_id: filters.client_id ?? undefined,
    success: filters.success ?? undefined,
    reference: filters.reference ?? undefined,
    error_code: filters.error_code ?? undefined,
    date_from: dates[0],
    date_to: dates[1],
  };
}

export const findConciliations = (params: ListParams, signal?: AbortSignal) =>
  http
    .get<Paged<Conciliation>>('conciliations', { query: { ...conciliationQuery(params), page: params.page, per_page: params.per_page }, signal, silent: true })
    .then((answer) => answer.data);

export function useConciliations(params: ListParams) {
  return useQuery({ queryKey: bankKeys.conciliationList(params), queryFn: ({ signal }) => findConciliations(params, signal), placeholderData: keepPreviousData });
}

export function useConciliationStatistics(params: Pick<ListParams, 'search' | 'filters'>) {
  return useQuery<ConciliationStatistics>({
    queryKey: bankKeys.statistics({ ...params.filters, search: params.search }),
    queryFn: ({ signal }) => http.get<ConciliationStatistics>('conciliations/statistics', { query: conciliationQuery(params), signal, silent: true }).then((answer) => answer.data),
    placeholderData: keepPreviousData,
  });
}

export function useConciliation(id: number | null) {
  return useQuery({
    queryKey: bankKeys.conciliation(id ?? 0),
    queryFn: ({ signal }) => http.get<Conciliation>(`conciliations/${id}`, { signal }).then((answer) => answer.data),
    enabled: id !== null,
  });
}
