import type { ClientDebts } from '@recaudo/domain/statement';
import type { ClientOption, ClientRow, ClientType, NoteRow } from '@recaudo/domain/clients';
import type { Paged } from '@recaudo/domain/paging';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../components/use-list-state';
import { http } from '../../lib/http';
import { notify } from '../../lib/notify';

/** The list's query: the common list params plus the type selector (Residencial 0 / Comercial 1). */
export type ClientListParams = ListParams & { type?: ClientType };

/** The fields of the add/edit panel, as clients/store and clients/update take them. */
export interface ClientInput {
  type: ClientType;
  name: string;
  identification_type: string;
  identification: string;
  email: string;
  phone: string[];
  gender: 'M' | 'F' | null;
  birth_date: string | null;
  address: string | null;
  /** Only at creation: becomes the client's first note. */
  notes?: string | null;
}

/** `GET clients/{id}`: the client with the dates and the rates of the detail's cards. */
export interface ClientDetail {
  client: ClientRow;
  date_start: string;
  date_now: string;
  /** The client opted out of the monthly payment reminders from the portal. */
  reminders_opt_out: boolean;
  dollar_rate: string;
  euro_rate: string;
  /** What the client owes, per address, at today's dollar rate. */
  debts: ClientDebts;
}

/** `clients/send-message`: typed addresses (text) and chosen clients (their id). */
export interface MessageInput {
  type: 'email' | 'phone';
  title: string | null;
  message: string;
  items: (string | number)[];
}

export const CLIENTS_EXPORT_PATH = 'clients/export/data';

export const clientKeys = {
  all: ['clients'] as const,
  lists: () => [...clientKeys.all, 'list'] as const,
  list: (params: ClientListParams) => [...clientKeys.lists(), params] as const,
  details: () => [...clientKeys.all, 'detail'] as const,
  detail: (id: number) => [...clientKeys.details(), id] as const,
  options: (search: string, type?: ClientType) => [...clientKeys.all, 'options', search, type ?? null] as const,
  notes: (clientId: number) => [...clientKeys.all, 'notes', clientId] as const,
  noteList: (clientId: number, params: ListParams) => [...clientKeys.notes(clientId), params] as const,
};

export const findClients = (params: ClientListParams, signal?: AbortSignal) =>
  http.get<Paged<ClientRow>>('clients', { query: { ...params }, signal }).then((answer) => answer.data);
export const getClient = (id: number, signal?: AbortSignal) =>
  // A missing client is a screen of its own ("No se ha encontrado el usuario"), not a toast.
  http.get<ClientDetail>(`clients/${id}`, { signal, silent: true }).then((answer) => answer.data);
export const findClientOptions = (search: string, type?: ClientType, signal?: AbortSignal) =>
  http.get<ClientOption[]>('clients/selects/data', { query: { search, type }, signal }).then((answer) => answer.data);
export const createClient = (input: ClientInput) => http.post<{ id: number }>('clients/store', input);
export const updateClient = (input: Omit<ClientInput, 'notes'> & { id: number }) => http.put<null>('clients/update', input);
export const deleteClient = (id: number) => http.delete<null>('clients/delete', { id });
export const changeClientStatus = (input: { id: number; active: boolean }) => http.put<null>('clients/change-status', input);
export const sendMessage = (input: MessageInput) => http.post<{ sent: number; dropped: number }>('clients/send-message', input);

export const findNotes = (clientId: number, params: ListParams, signal?: AbortSignal) =>
  http.get<Paged<NoteRow>>(`clients/notes-client/${clientId}`, { query: { ...params }, signal }).then((answer) => answer.data);
export const createNote = (input: { client_id: number; note: string }) => http.post<{ id: number }>('clients/notes-client', input);
export const updateNote = (input: { id: number; note: string }) => http.put<null>('clients/notes-client', input);
export const deleteNote = (id: number) => http.delete<null>('clients/notes-client', { id });

export function useClients(params: ClientListParams) {
  return useQuery({
    queryKey: clientKeys.list(params),
    queryFn: ({ signal }) => findClients(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useClient(id: number) {
  return useQuery({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => getClient(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useClientOptions(search: string, type?: ClientType, enabled = true) {
  return useQuery({
    queryKey: clientKeys.options(search, type),
    queryFn: ({ signal }) => findClientOptions(search, type, signal),
    enabled,
    staleTime: 30_000,
  });
}

export function useNotes(clientId: number, params: ListParams) {
  return useQuery({
    queryKey: clientKeys.noteList(clientId, params),
    queryFn: ({ signal }) => findNotes(clientId, params, signal),
    placeholderData: keepPreviousData,
  });
}

/** After a change to a client, its lists, detail and pickers are stale. */
function useInvalidateClients() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: clientKeys.all });
}

function useClientMutation<I, R>(mutationFn: (input: I) => Promise<{ message: string; data: R }>) {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await invalidate();
    },
  });
}

export const useSaveClient = () =>
  useClientMutation(({ id, notes, ...input }: ClientInput & { id?: number }) => (id ? updateClient({ id, ...input }) : createClient({ ...input, notes })));
export const useDeleteClient = () => useClientMutation(deleteClient);
export const useChangeClientStatus = () => useClientMutation(changeClientStatus);

export function useSendMessage() {
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (answer) => notify.success(answer.message),
  });
}

/** Notes touch only the client's note lists (and its history). */
function useNoteMutation<I, R>(clientId: number, mutationFn: (input: I) => Promise<{ message: string; data: R }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: clientKeys.notes(clientId) });
    },
  });
}

export const useSaveNote = (clientId: number) =>
  useNoteMutation(clientId, ({ id, note }: { id?: number; note: string }) => (id ? updateNote({ id, note }) : createNote({ client_id: clientId, note })));
export const useDeleteNote = (clientId: number) => useNoteMutation(clientId, deleteNote);
