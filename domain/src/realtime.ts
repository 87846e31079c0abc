/**
 * The real-time channel's events (spec 01 §1, spec 03 §7) and the texts of its notifications.
 * Notifications carry `{status, message}` and show as a success or error toast; reload events
 * make the screens that watch a list fetch it again.
 */
export const REALTIME_EVENTS = {
  user: 'NotificationsUser',
  client: 'NotificationsClient',
  admin: 'NotificationsAdmin',
  reloadClosedBox: 'ReloadClosedBox',
  reloadClients: 'ReloadClients',
} as const;

export interface RealtimeNotice {
  status: 'success' | 'error';
  message: string;
}

/** The lists a screen can watch for reload events (`socket.emit('watch', name)`). */
export const WATCHED_LISTS = ['closed-boxs', 'clients'] as const;
export type WatchedList = (typeof WATCHED_LISTS)[number];

export const realtimeMessages = {
  paymentReported: (name: string) => `${name} reportó un pago nuevo`,
  paymentApproved: 'Tu pago fue aprobado',
  paymentRejected: (notes: string | null) => (notes ? `Tu pago fue rechazado: ${notes}` : 'Tu pago fue rechazado'),
  /* NotificationsUser: what concerns one staff user alone, done by someone else. */
  recordedPaymentApproved: (client: string) => `Se aprobó el pago que registraste para ${client}`,
  recordedPaymentRejected: (client: string, notes: string | null) => `Se rechazó el pago que registraste para ${client}${notes ? `: ${notes}` : ''}`,
  recordedPaymentsApproved: (count: number) => `Se aprobaron ${count} pagos que registraste`,
  recordedPaymentsRejected: (count: number, notes: string | null) => `Se rechazaron ${count} pagos que registraste${notes ? `: ${notes}` : ''}`,
  closingVerified: (closedBoxId: number) => `Se verificaron pagos de tu cierre de caja #${closedBoxId}`,
  closingRejected: (closedBoxId: number, notes: string | null) => `Se rechazaron pagos de tu cierre de caja #${closedBoxId}${notes ? `: ${notes}` : ''}`,
  roleChanged: (role: string) => `Tu rol ahora es ${role}`,
} as const;
