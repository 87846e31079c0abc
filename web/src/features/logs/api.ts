import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { findLogs, logKeys } from '../../components/log-entries';
import type { ListParams } from '../../components/use-list-state';

export { logKeys } from '../../components/log-entries';
export type { LogEntry } from '@recaudo/domain/logs';

/** Bitácoras export (csv, xlsx, pdf). */
export const LOGS_EXPORT_PATH = 'logs/export';

export function useLogs(params: ListParams) {
  return useQuery({
    queryKey: logKeys.list(params),
    queryFn: ({ signal }) => findLogs(params, signal),
    placeholderData: keepPreviousData,
  });
}
