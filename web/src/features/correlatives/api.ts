import type { ContinuityRow, ContinuitySummary, ContinuityType } from '@recaudo/domain/correlatives';
import type { Paged } from '@recaudo/domain/paging';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/use-list-state';
import { http } from '../../lib/http';
import { notify } from '../../lib/notify';

/** A row of GET correlatives: the counters are digit text, leading zeros kept ("00000123"). */
export interface CorrelativeRow {
  id: number;
  serie: string;
  number: string;
  number_credit_note: string;
  number_debit_note: string;
  /** Taken by delivery notes (type 04); shown, never typed. */
  number_delivery_note: string;
  count_payments: number;
}

/** The fields of the panel, as correlatives/store and correlatives/update take them. */
export interface CorrelativeInput {
  serie: string;
  number: string;
  number_credit_note: string;
  number_debit_note: string;
}

export const correlativeKeys = {
  all: ['correlatives'] as const,
  lists: () => [...correlativeKeys.all, 'list'] as const,
  list: (params: ListParams) => [...correlativeKeys.lists(), params] as const,
  selects: () => [...correlativeKeys.all, 'selects'] as const,
};

export const CORRELATIVES_EXPORT = { path: 'correlatives/export', formats: ['xlsx'] } as const;

export const findCorrelatives = (params: ListParams, signal?: AbortSignal) =>
  http.get<Paged<CorrelativeRow>>('correlatives', { query: { ...params }, signal }).then((answer) => answer.data);
export const createCorrelative = (input: CorrelativeInput) => http.post<{ id: number }>('correlatives/store', input);
export const updateCorrelative = (input: CorrelativeInput & { id: number }) => http.put<null>('correlatives/update', input);
export const deleteCorrelative = (id: number) => http.delete<null>('correlatives/delete', { id });

export function useCorrelatives(params: ListParams) {
  return useQuery({
    queryKey: correlativeKeys.list(params),
    queryFn: ({ signal }) => findCorrelatives(params, signal),
    placeholderData: keepPreviousData,
  });
}

function useCorrelativeMutation<Input, Answer>(mutationFn: (input: Input) => Promise<{ message: string; data: Answer }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: correlativeKeys.all });
    },
  });
}

export const useSaveCorrelative = () =>
  useCorrelativeMutation(({ id, ...input }: CorrelativeInput & { id?: number }) => (id ? updateCorrelative({ id, ...input }) : createCorrelative(input)));
export const useDeleteCorrelative = () => useCorrelativeMutation(deleteCorrelative);


export interface ContinuityReport {
  serie: { id: number; serie: string };
  summary: ContinuitySummary[];
  documents: Paged<ContinuityRow>;
}

export interface ContinuityParams {
  type_document: ContinuityType;
  page: number;
  per_page: number;
}

export const continuityExportPath = (serieId: number) => `correlatives/continuity/${serieId}/export`;

export const findContinuity = (serieId: number, params: ContinuityParams, signal?: AbortSignal) =>
  http.get<ContinuityReport>(`correlatives/continuity/${serieId}`, { query: { ...params }, signal }).then((answer) => answer.data);

export function useContinuity(serieId: number | null, params: ContinuityParams) {
  return useQuery({
    queryKey: [...correlativeKeys.all, 'continuity', serieId, params] as const,
    queryFn: ({ signal }) => findContinuity(serieId!, params, signal),
    enabled: serieId !== null,
    placeholderData: keepPreviousData,
  });
}
