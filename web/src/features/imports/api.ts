import type { ImportMode, ImportView } from '@recaudo/domain/imports';
import type { Paged } from '@recaudo/domain/paging';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/use-list-state';
import { download, http } from '../../lib/http';

export type { ImportView };

export const importKeys = {
  all: ['imports'] as const,
  lists: () => [...importKeys.all, 'list'] as const,
  list: (params: ListParams) => [...importKeys.lists(), params] as const,
  one: (id: number) => [...importKeys.all, 'one', id] as const,
};

/** A large file travels for a while before the server answers with the import's id. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;
const POLL_MS = 1000;

export const isWorking = (view: ImportView | undefined) => view?.status === 'queued' || view?.status === 'running';

export function startImport(input: { file: File; mode: ImportMode; onlyValid: boolean }) {
  const form = new FormData();
  form.append('kind', 'clients_addresses');
  form.append('mode', input.mode);
  form.append('only_valid', String(input.onlyValid));
  form.append('file', input.file, input.file.name);
  return http.post<ImportView>('imports', form, { timeoutMs: UPLOAD_TIMEOUT_MS });
}

export const findImport = (id: number, signal?: AbortSignal) => http.get<ImportView>(`imports/${id}`, { signal }).then((answer) => answer.data);
export const findImports = (params: ListParams, signal?: AbortSignal) =>
  http.get<Paged<ImportView>>('imports', { query: { page: params.page, per_page: params.per_page }, signal }).then((answer) => answer.data);
export const cancelImport = (id: number) => http.post<null>(`imports/${id}/cancel`);
export const downloadTemplate = (format: 'xlsx' | 'csv') => download('imports/template', { query: { kind: 'clients_addresses', type_format: format } });
export const downloadErrors = (id: number) => download(`imports/${id}/errors`, { timeoutMs: UPLOAD_TIMEOUT_MS });

/**
 * One import, asked again every second while it waits or runs. The history polls only while it
 * works: the answer that says it ended refreshes the history once more, or its row would keep the
 * state of the history's last poll.
 */
export function useImport(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importKeys.one(id ?? 0),
    queryFn: async ({ signal }) => {
      const view = await findImport(id!, signal);
      if (!isWorking(view)) await queryClient.invalidateQueries({ queryKey: importKeys.lists() });
      return view;
    },
    enabled: id !== null,
    refetchInterval: (query) => (isWorking(query.state.data) ? POLL_MS : false),
  });
}

export function useImports(params: ListParams, watching: boolean) {
  return useQuery({
    queryKey: importKeys.list(params),
    queryFn: ({ signal }) => findImports(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: watching ? POLL_MS * 3 : false,
  });
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: importKeys.lists() }),
  });
}

export function useCancelImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelImport,
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}
