import { asc } from 'drizzle-orm';
import { conciliationErrorMessages, type ConciliationErrorCode } from '@recaudo/domain/bank-operations';
import { caracas } from '@recaudo/domain/dates';
import type { Executor } from '../client';
import { conciliations } from '../../modules/bank-operations/tables';
import { clients } from '../../modules/clients/tables';
import { seededMovements } from '../../providers/bank/simulator-data';

const BANK_TEXTS: Record<ConciliationErrorCode, string> = {
  ALREADY_CONCILIATED: 'Pago Móvil procesado exitosamente en el BDV. El movimiento ya fue conciliado anteriormente.',
  RECORD_NOT_FOUND: 'No se pudo validar el movimiento : Registro solicitado no existe',
  AMOUNT_MISMATCH: 'monto : 0.00 - estatus : Transacción realizada',
  VALIDATION_ERROR: 'Datos Mandatorios no pueden estar en null',
  BDV_SERVER_ERROR: 'El banco respondió HTTP 500',
  CONNECTION_ERROR: 'Tiempo de espera agotado al consultar el banco',
};

/**
 * A few conciliation attempts of the last days by the cashier (user 3), on credits of the
 * simulator's seeded account: two conciliated and one failure of each error code, so the
 * conciliations screen and its cards have something to show on a first start.
 */
export async function seedDemoConciliations(db: Executor, now = new Date()): Promise<void> {
  const today = caracas(now);
  const credits = seededMovements(today.subtract(10, 'day').format('YYYY-MM-DD'), today.subtract(2, 'day').format('YYYY-MM-DD')).filter((movement) => movement.mov === 'CREDITO');
  const payers = await db.select({ id: clients.id, phone: clients.phone }).from(clients).orderBy(asc(clients.id)).limit(8);
  const codes: (ConciliationErrorCode | null)[] = [null, null, 'ALREADY_CONCILIATED', 'RECORD_NOT_FOUND', 'AMOUNT_MISMATCH', 'VALIDATION_ERROR', 'BDV_SERVER_ERROR', 'CONNECTION_ERROR'];
  const rows = codes.map((code, index) => {
    const movement = credits[index * 3 % credits.length]!;
    const payer = payers[index % payers.length]!;
    const amount = code === 'AMOUNT_MISMATCH' ? movement.amount.plus(1).toFixed(2) : movement.amount.toFixed(2);
    const bdvMessage = code === 'AMOUNT_MISMATCH' ? `monto : ${movement.amount.toFixed(2)} - estatus : Transacción realizada` : code ? BANK_TEXTS[code] : null;
    return {
      clientId: payer.id,
      userId: 3,
      reference: code === 'RECORD_NOT_FOUND' ? '99887766' : movement.referencia.slice(-8),
      paymentDate: movement.fecha,
      amount,
      originBank: movement.bank,
      payPhone: payer.phone[0] ? `0${payer.phone[0]}` : null,
      success: code === null,
      errorCode: code,
      errorMessage: code ? (bdvMessage ?? conciliationErrorMessages[code]) : null,
      responseData: code === 'CONNECTION_ERROR' ? { error: 'timeout' } : { http_status: code === 'BDV_SERVER_ERROR' ? 500 : 200, body: code ? { code: 1010, message: bdvMessage } : { code: 1000 } },
      processedAt: today.subtract(8 - index, 'day').hour(9 + index).toDate(),
    };
  });
  await db.insert(conciliations).values(rows);
}
