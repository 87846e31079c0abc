import type { LogEntry } from '@recaudo/domain/logs';
import type { Paged } from '@recaudo/domain/paging';
import { http } from '../lib/http';
import type { ListParams } from './use-list-state';

/** Query keys of the audit log, shared by Bitácoras and every HistoryPanel. */
export const logKeys = {
  all: ['logs'] as const,
  lists: () => [...logKeys.all, 'list'] as const,
  list: (params: ListParams) => [...logKeys.lists(), params] as const,
};

export const findLogs = (params: ListParams, signal?: AbortSignal) =>
  http.get<Paged<LogEntry>>('logs', { query: { ...params }, signal }).then((answer) => answer.data);
