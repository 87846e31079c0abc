import type { RealtimeNotice } from '@recaudo/domain/realtime';
import type { AuthContext } from '../auth/service';
import { rooms, type Realtime } from '../../platform/realtime';

/** Tells a closing's responsible user and whoever watches the closings list to reload (`ReloadClosedBox`). */
export function reloadClosedBox(realtime: Realtime, closing: { id: number; user_id: number | null }) {
  realtime.emit([rooms.list('closed-boxs'), ...(closing.user_id !== null ? [rooms.user(closing.user_id)] : [])], 'ReloadClosedBox', { id: closing.id });
}

/** NotificationsUser to a closing's responsible user when someone else verified or rejected payments of it. */
export function notifyResponsible(realtime: Realtime, auth: AuthContext, closing: { user_id: number | null }, notice: RealtimeNotice) {
  if (closing.user_id !== null && closing.user_id !== auth.user.id) realtime.emit(rooms.user(closing.user_id), 'NotificationsUser', notice);
}
