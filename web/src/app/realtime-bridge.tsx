import type { WatchedList } from '@recaudo/domain/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { closedBoxKeys } from '../features/closed-boxes/api';
import { clientKeys } from '../features/clients/api';
import { notify } from '../lib/notify';
import { connectRealtime, disconnectRealtime } from '../lib/realtime';
import { useSession } from '../lib/session';

/** Which queries a list's reload event refreshes. */
const RELOAD_KEYS: Record<WatchedList, readonly unknown[]> = { 'closed-boxs': closedBoxKeys.all, clients: clientKeys.all };

/**
 * Connects the real-time channel after login and disconnects on logout: notifications become
 * success or error toasts, reload events refresh the matching lists.
 */
export function RealtimeBridge() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const token = session?.access_token ?? null;
  useEffect(() => {
    if (!token) return;
    connectRealtime(token, {
      onNotice: (notice) => (notice.status === 'error' ? notify.error(notice.message) : notify.success(notice.message)),
      onReload: (list) => void queryClient.invalidateQueries({ queryKey: RELOAD_KEYS[list] }),
    });
    return disconnectRealtime;
  }, [token, queryClient]);
  return null;
}
