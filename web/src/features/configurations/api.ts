import type { ExchangeRateRow, RateSource } from '@recaudo/domain/exchange-rates';
import type { Paged } from '@recaudo/domain/paging';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { logKeys } from '../../components/log-entries';
import { http } from '../../lib/http';
import { notify } from '../../lib/notify';

/** A row of GET configurations: the rate in force today in bolivars ("245.67140000"), its value date and source. */
export interface ConfigurationRow {
  id: number;
  /** update_dollar_rate or update_euro_rate. */
  name: string;
  label: string;
  value: string;
  value_date: string | null;
  source: RateSource | null;
  stale: boolean;
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
  history: (page: number, perPage: number) => [...configurationKeys.all, 'history', page, perPage] as const,
  chart: () => [...configurationKeys.all, 'chart'] as const,
};

/** Without per_page the server answers every row (spec 02 §9). */
export const findConfigurations = (signal?: AbortSignal) =>
  http.get<Paged<ConfigurationRow>>('configurations', { signal }).then((answer) => answer.data);
export const updateConfiguration = (input: { id: number; value: string; reason: string }) => http.put<null>('configurations/update', input);

/** A page of the rate history, newest value date first. */
export function useRateHistory(page: number, perPage: number) {
  return useQuery({
    queryKey: configurationKeys.history(page, perPage),
    queryFn: ({ signal }) => http.get<Paged<ExchangeRateRow>>(`exchange-rates?page=${page}&per_page=${perPage}`, { signal }).then((answer) => answer.data),
  });
}

/** The last 500 rates (about eight months of both currencies) for the chart. */
export function useRateChart() {
  return useQuery({
    queryKey: configurationKeys.chart(),
    queryFn: ({ signal }) => http.get<Paged<ExchangeRateRow>>('exchange-rates?per_page=Todos', { signal }).then((answer) => answer.data.data),
  });
}

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
