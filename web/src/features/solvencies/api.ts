import type { AddressRow } from '@recaudo/domain/addresses';
import type { Paged } from '@recaudo/domain/paging';
import { solvencyMessages, type CreateSolvencyInput, type SolvencyRow } from '@recaudo/domain/solvencies';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/use-list-state';
import { download, http } from '../../lib/http';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';

/** Solvency certificates (spec 02 §7 Solvencies); their public verification is a page the server draws. */

export const SOLVENCIES_EXPORT_PATH = 'solvencies/export/data';

export const solvencyKeys = {
  all: ['solvencies'] as const,
  lists: () => [...solvencyKeys.all, 'list'] as const,
  list: (params: ListParams) => [...solvencyKeys.lists(), params] as const,
  addresses: (clientId: number | 'own') => [...solvencyKeys.all, 'addresses', clientId] as const,
};

export const findSolvencies = (params: ListParams, signal?: AbortSignal) =>
  http.get<Paged<SolvencyRow>>('solvencies', { query: { ...params }, signal }).then((answer) => answer.data);
export const createSolvency = (input: CreateSolvencyInput) => http.post<{ id: number; hash: string }>('solvencies/store', input);
export const deleteSolvency = (id: number) => http.delete<null>('solvencies/delete', { id });
export const sendSolvencyMail = (hash: string) => http.post<{ to: string }>('solvencies/send-mail-solvency-pdf', { hash });
/** "Descargar solvencia": the server's PDF saved as 'Solvencia.pdf' (a failure shows the shared download error). */
export const downloadSolvency = (hash: string) =>
  download(`solvencies/generate-solvency-pdf/${encodeURIComponent(hash)}`, { fileName: solvencyMessages.fileName }).catch(() => undefined);

/**
 * A client's complete addresses with their solvency as the server decides it: an incomplete one
 * can't be certified, for staff or for the client user picking among their own.
 */
export const findSolvencyAddresses = (clientId: number, signal?: AbortSignal) =>
  http.get<AddressRow[]>(`addresses-payment/address-select-client/${clientId}`, { signal }).then((answer) => answer.data);

export function useSolvencies(params: ListParams) {
  return useQuery({ queryKey: solvencyKeys.list(params), queryFn: ({ signal }) => findSolvencies(params, signal), placeholderData: keepPreviousData });
}

/** `'own'`: the client user's own client, from the session. */
export function useSolvencyAddresses(clientId: number | 'own' | null) {
  const { session } = useSession();
  const id = clientId === 'own' ? (session?.user.client_id ?? null) : clientId;
  return useQuery({
    queryKey: solvencyKeys.addresses(id ?? 0),
    queryFn: ({ signal }) => findSolvencyAddresses(id!, signal),
    enabled: id !== null,
  });
}

export function useCreateSolvency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSolvency,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: solvencyKeys.all });
    },
  });
}

export function useDeleteSolvency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSolvency,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: solvencyKeys.lists() });
    },
  });
}

export function useSendSolvencyMail() {
  return useMutation({ mutationFn: sendSolvencyMail, onSuccess: (answer) => notify.success(answer.message) });
}
