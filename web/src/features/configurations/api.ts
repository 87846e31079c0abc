import type { Paged } from '@recaudo/domain/paging';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { logKeys } from '../../components/log-entries';
import { http } from '../../lib/http';
import { notify } from '../../lib/notify';

/** A row of GET configurations: an exchange rate in bolivars ("245.67"). */
export interface ConfigurationRow {
  id: number;
  /** update_dollar_rate or update_euro_rate. */
  name: string;
  label: string;
  value: string;
  updated_at: string;
}

export interface ExchangeRates {
  dollar_rate: string;
  euro_rate: string;
}

export const configurationKeys = {
  all: ['configurations'] as const,
  lists: () => [...configurationKeys.all, 'list'] as const,
  exchangeRate: () => [...configurationKeys.all, 'exchange-rate'] as const,
};

/** Without per_page the server answers every row (spec 02 §9). */
export const findConfigurations = (signal?: AbortSignal) =>
  http.get<Paged<ConfigurationRow>>('configurations', { signal }).then((answer) => answer.data);
export const updateConfiguration = (input: { id: number; value: string }) => http.put<null>('configurations/update', input);

export function useConfigurations() {
  return useQuery({ queryKey: configurationKeys.lists(), queryFn: ({ signal }) => findConfigurations(signal) });
}

/** A new rate changes the rates every screen reads and adds an entry to its history. */
export function useUpdateConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConfiguration,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: configurationKeys.all }),
        queryClient.invalidateQueries({ queryKey: logKeys.all }),
      ]);
    },
  });
}
