import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { ADMIN_ROLE_ID } from '@recaudo/domain/roles';
import { exchangeRateMessages } from '@recaudo/domain/exchange-rates';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { queueMessages } from '../messages/service';
import { clientMessageMail } from '../messages/templates';
import { users } from '../users/tables';
import { exchangeRateAlerts, exchangeRates } from './tables';

export type BcvAlertCause = 'page_changed' | 'invalid_rate' | 'jump';

const CAUSE_TITLES: Record<BcvAlertCause, string> = {
  page_changed: 'La página del BCV cambió',
  invalid_rate: 'El BCV publicó una tasa no válida',
  jump: 'La tasa del BCV saltó más de lo permitido',
};

export interface BcvAlert {
  id: number;
  cause: BcvAlertCause;
  title: string;
  detail: string;
  read: { value_date: string | null; usd: string | null; eur: string | null };
  created_at: string;
}

/**
 * Raises an alert for the Administrador once per cause and Caracas day (whichever process reads
 * first): the row, and an e-mail to each active Administrador in the same transaction.
 */
export async function raiseBcvAlert(db: Executor, cause: BcvAlertCause, detail: string, read: BcvAlert['read']): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(exchangeRateAlerts)
      .values({ cause, day: sql`(now() at time zone 'America/Caracas')::date`, detail, read })
      .onConflictDoNothing({ target: [exchangeRateAlerts.cause, exchangeRateAlerts.day] })
      .returning({ id: exchangeRateAlerts.id });
    if (!inserted.length) return false;
    const admins = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.roleId, ADMIN_ROLE_ID), eq(users.active, true)));
    const shown = `Fecha valor: ${read.value_date ?? 'no leída'}; dólar: ${read.usd ?? 'no leído'}; euro: ${read.eur ?? 'no leído'}.`;
    const text = `${detail}. ${shown} No se guardó ninguna tasa: los pagos siguen con la última. Revísala en Tasas de Cambio, donde puedes aceptar la tasa leída.`;
    await queueMessages(
      tx,
      admins.filter((admin) => admin.email).map((admin) => ({ channel: 'email' as const, to: admin.email, content: clientMessageMail(`Tasa BCV: ${CAUSE_TITLES[cause]}`, text) })),
    );
    return true;
  });
}

/** The alerts not yet attended, newest first. */
export async function openBcvAlerts(db: Executor): Promise<BcvAlert[]> {
  const rows = await db.select().from(exchangeRateAlerts).where(isNull(exchangeRateAlerts.resolvedAt)).orderBy(desc(exchangeRateAlerts.createdAt)).limit(10);
  return rows.map((row) => ({
    id: row.id,
    cause: row.cause as BcvAlertCause,
    title: CAUSE_TITLES[row.cause as BcvAlertCause] ?? row.cause,
    detail: row.detail,
    read: row.read,
    created_at: row.createdAt.toISOString(),
  }));
}

/**
 * An administrator accepts what a refused read showed (one click, audited): its rates are stored
 * as the BCV's of their value date, and the alert is attended.
 */
export async function acceptBcvAlert(db: Executor, alertId: number, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [alert] = await tx.select().from(exchangeRateAlerts).where(eq(exchangeRateAlerts.id, alertId)).for('update');
    if (!alert) throw notFound(exchangeRateMessages.alertNotFound);
    if (alert.resolvedAt) throw new AppError('conflict', exchangeRateMessages.alertClosed);
    const { value_date: valueDate, usd, eur } = alert.read;
    const usable = (value: string | null) => value !== null && /^\d+(\.\d+)?$/.test(value) && Number(value) > 0;
    if (!valueDate || !usable(usd) || !usable(eur)) throw new AppError('validation', exchangeRateMessages.alertWithoutRate, { id: [exchangeRateMessages.alertWithoutRate] });
    const reason = `Aceptada tras la alerta "${CAUSE_TITLES[alert.cause as BcvAlertCause] ?? alert.cause}"`;
    await tx
      .insert(exchangeRates)
      .values([
        { currency: 'USD', rate: usd!, valueDate, source: 'bcv', reason, userId },
        { currency: 'EUR', rate: eur!, valueDate, source: 'bcv', reason, userId },
      ])
      .onConflictDoNothing({ target: [exchangeRates.currency, exchangeRates.valueDate], where: sql`source = 'bcv'` });
    await tx.update(exchangeRateAlerts).set({ resolvedAt: sql`now()`, resolvedBy: userId }).where(eq(exchangeRateAlerts.id, alert.id));
    await recordAudit(tx, {
      module: 'exchange_rates',
      event: 'updated',
      causerId: userId,
      subjectType: 'exchange_rate_alerts',
      subjectId: alert.id,
      attributes: { accepted: true, cause: alert.cause, value_date: valueDate, usd, eur },
    });
  });
}
