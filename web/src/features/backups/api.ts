import type { BackupRow } from '@recaudo/domain/backups';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { download, http } from '../../lib/http';
import { notify } from '../../lib/notify';

export type { BackupRow };

export const backupKeys = { all: ['backups'] as const };

export const findBackups = (signal?: AbortSignal) => http.get<BackupRow[]>('backups', { signal }).then((answer) => answer.data);
/** A backup of a large database takes minutes: the call waits up to an hour, not the usual minute. */
const BACKUP_TIMEOUT_MS = 60 * 60_000;

export const createBackup = () => http.post<BackupRow>('backups', undefined, { timeoutMs: BACKUP_TIMEOUT_MS });
export const deleteBackup = (name: string) => http.delete<null>('backups', { path: name });
/** Streams the file from the server's storage and saves it under its name. */
export const downloadBackup = (name: string) => download('backups/download', { query: { path: name }, fileName: name, timeoutMs: BACKUP_TIMEOUT_MS });

export function useBackups() {
  return useQuery({ queryKey: backupKeys.all, queryFn: ({ signal }) => findBackups(signal) });
}

function useBackupMutation<Input, Answer>(mutationFn: (input: Input) => Promise<{ message: string; data: Answer }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: backupKeys.all });
    },
  });
}

export const useCreateBackup = () => useBackupMutation(createBackup);
export const useDeleteBackup = () => useBackupMutation(deleteBackup);
