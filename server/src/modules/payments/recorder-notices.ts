import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { realtimeMessages, type RealtimeNotice } from '@recaudo/domain/realtime';
import type { Executor } from '../../db/client';
import { rooms, type Realtime } from '../../platform/realtime';
import { clients } from '../clients/tables';
import { users } from '../users/tables';
import { payments } from './tables';

/**
 * NotificationsUser (spec 01 §1) to the staff users who recorded payments someone else just
 * approved or rejected: one toast per user, naming the client when it is one payment. Client
 * users hear of their payments in their client's room (NotificationsClient) instead, and `skip`
 * leaves out users told otherwise (a closing's responsible user hears of the closing).
 */
export interface RecorderNoticeInput {
  paymentIds: number[];
  actorId: number;
  status: 1 | 2;
  notes: string | null;
  skip?: (number | null)[];
}

function noticeFor(status: 1 | 2, notes: string | null, recorded: { client: string }[]): RealtimeNotice {
  const [only] = recorded;
  if (status === 1)
    return {
      status: 'success',
      message: recorded.length === 1 ? realtimeMessages.recordedPaymentApproved(only!.client) : realtimeMessages.recordedPaymentsApproved(recorded.length),
    };
  return {
    status: 'error',
    message:
      recorded.length === 1 ? realtimeMessages.recordedPaymentRejected(only!.client, notes) : realtimeMessages.recordedPaymentsRejected(recorded.length, notes),
  };
}

export async function notifyRecorders(db: Executor, realtime: Realtime, input: RecorderNoticeInput): Promise<void> {
  if (!input.paymentIds.length) return;
  const skipped = [input.actorId, ...(input.skip ?? [])].filter((id): id is number => id !== null);
  const rows = await db
    .select({ userId: users.id, client: clients.name })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.createdBy))
    .innerJoin(clients, eq(clients.id, payments.clientId))
    .where(and(inArray(payments.id, input.paymentIds), isNull(users.clientId), notInArray(users.id, skipped)));
  const byUser = new Map<number, { client: string }[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), { client: row.client }]);
  for (const [userId, recorded] of byUser) realtime.emit(rooms.user(userId), 'NotificationsUser', noticeFor(input.status, input.notes, recorded));
}

/**
 * Runs a notice after the change committed: a notice that fails (the database gone a moment) is
 * logged and leaves the answer of the change that did happen alone.
 */
export async function afterCommit(log: FastifyBaseLogger, notice: () => Promise<void>): Promise<void> {
  try {
    await notice();
  } catch (error) {
    log.error({ err: error }, 'no se pudo enviar la notificación en tiempo real');
  }
}
