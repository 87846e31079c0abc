import type { Session } from '@recaudo/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { notify } from '../../lib/notify';

/** Staff send name, e-mail and password; client users e-mail, password, phones and address (never the name); both the current password. */
export interface ProfileInput {
  name?: string;
  email: string;
  password: string | null;
  /** Required by the server when the password or the e-mail changes. */
  current_password: string | null;
  phone?: string[];
  address?: string | null;
}

/** PUT users/profile answers the refreshed session. */
export const updateProfile = (input: ProfileInput) => http.put<Session>('users/profile', input);

export function useUpdateProfile(onSaved: (session: Session) => void) {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (answer) => {
      notify.success(answer.message);
      onSaved(answer.data);
    },
  });
}
