import { rooms, type Realtime } from '../../platform/realtime';

/** Tells a closing's responsible user and whoever watches the closings list to reload (`ReloadClosedBox`). */
export function reloadClosedBox(realtime: Realtime, closing: { id: number; user_id: number | null }) {
  realtime.emit([rooms.list('closed-boxs'), ...(closing.user_id !== null ? [rooms.user(closing.user_id)] : [])], 'ReloadClosedBox', { id: closing.id });
}
