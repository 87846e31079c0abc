import { useQuery } from '@tanstack/react-query';

/** Options of the payment panel and the filters: outside the payments' root, so saving a payment doesn't reload them. */
export const optionKeys = (kind: string, ...rest: unknown[]) => ['payment-form-options', kind, ...rest] as const;

/** A fixed option list (methods, banks, series, rates), read once per few minutes. */
export function useOptionList<T>(kind: string, load: (signal: AbortSignal) => Promise<T>, enabled = true) {
  return useQuery({ queryKey: optionKeys(kind), queryFn: ({ signal }) => load(signal), staleTime: 5 * 60_000, enabled });
}
