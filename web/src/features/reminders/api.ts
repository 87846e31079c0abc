import type { ReminderPreview, ReminderRun } from '@recaudo/domain/reminders';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { notify } from '../../lib/notify';

/** The monthly payment reminders (issue 33): the Administrador's preview and manual run. */

const previewKey = ['reminders', 'preview'] as const;

export const useReminderPreview = (page: number) =>
  useQuery({
    queryKey: [...previewKey, page],
    queryFn: ({ signal }): Promise<ReminderPreview> => http.get<ReminderPreview>('reminders/preview', { query: { page, per_page: 10 }, signal }).then((answer) => answer.data),
    placeholderData: keepPreviousData,
  });

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
