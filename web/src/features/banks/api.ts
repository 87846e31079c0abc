import type { Paged } from '@recaudo/domain/paging';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { notify } from '../../lib/notify';

/** A row of GET banks. */
export interface BankRow {
  id: number;
  code: string;
  name: string;
}

/** The fields of the panel, as banks/store and banks/update take them. */
export interface BankInput {
  code: string;
  name: string;
}

export const bankKeys = {
  all: ['banks'] as const,
  lists: () => [...bankKeys.all, 'list'] as const,
  /** Banks load whole (spec 03 §9); only the search goes to the server. */
  list: (search: string) => [...bankKeys.lists(), { search }] as const,
  selects: () => [...bankKeys.all, 'selects'] as const,
};

/** Without per_page the server answers every bank. */
export const findBanks = (search: string, signal?: AbortSignal) =>
  http.get<Paged<BankRow>>('banks', { query: { search }, signal }).then((answer) => answer.data);
export const createBank = (input: BankInput) => http.post<{ id: number }>('banks/store', input);
export const updateBank = (input: BankInput & { id: number }) => http.put<null>('banks/update', input);
export const deleteBank = (id: number) => http.delete<null>('banks/delete', { id });

export function useBanks(search: string) {
  return useQuery({
    queryKey: bankKeys.list(search),
    queryFn: ({ signal }) => findBanks(search, signal),
    placeholderData: keepPreviousData,
  });
}

function useBankMutation<Input, Answer>(mutationFn: (input: Input) => Promise<{ message: string; data: Answer }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: bankKeys.all });
    },
  });
}

export const useSaveBank = () => useBankMutation(({ id, ...input }: BankInput & { id?: number }) => (id ? updateBank({ id, ...input }) : createBank(input)));
export const useDeleteBank = () => useBankMutation(deleteBank);
