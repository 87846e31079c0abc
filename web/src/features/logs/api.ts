import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { findLogs, logKeys } from '../../components/log-entries';
import type { ListParams } from '../../components/use-list-state';

export { logKeys, type LogEntry } from '../../components/log-entries';

/** Bitácoras export (csv, xlsx, pdf). */
export const LOGS_EXPORT_PATH = 'logs/export';

export function useLogs(params: ListParams) {
  return useQuery({
    queryKey: logKeys.list(params),
    queryFn: ({ signal }) => findLogs(params, signal),
    placeholderData: keepPreviousData,
  });
}
