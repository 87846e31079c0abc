import type { ReminderPreview, ReminderRun } from '@recaudo/domain/reminders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { notify } from '../../lib/notify';

/** The monthly payment reminders (issue 33): the Administrador's preview and manual run. */

const previewKey = ['reminders', 'preview'] as const;

export const useReminderPreview = () => useQuery({ queryKey: previewKey, queryFn: ({ signal }) => http.get<ReminderPreview>('reminders/preview', { signal }).then((answer) => answer.data) });

export function useRunReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<ReminderRun>('reminders/run', {}),
    onSuccess: (answer) => {
      notify.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: previewKey });
    },
  });
}
