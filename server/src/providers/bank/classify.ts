import type { ConciliationErrorCode } from '@recaudo/domain/bank-operations';
import type { MobilePaymentVerdict } from './types';

/** What reached the client: an HTTP answer (status and parsed body, if JSON) or no answer at all. */
export type BankExchange =
  | { kind: 'answer'; status: number; body: unknown; text: string }
  | { kind: 'no-answer'; reason: 'timeout' | 'network'; detail: string };

const codeOf = (body: unknown) => {
  const code = (body as { code?: unknown } | null)?.code;
  return typeof code === 'number' || typeof code === 'string' ? String(code).trim() : null;
};

const messageOf = (body: unknown) => {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message.trim() : null;
};

/**
 * The reason of a `1010` answer, read from its free text (providers.md §1.2 table): the bank's
 * codes are binary, so the wording is all there is. Unknown wording is the bank's problem.
 */
export function classifyRejection(message: string): ConciliationErrorCode {
  const text = message.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  if (text.includes('ya fue conciliado') || text.includes('conciliado previamente') || text.includes('conciliado anteriormente')) return 'ALREADY_CONCILIATED';
  if (text.includes('registro solicitado no existe')) return 'RECORD_NOT_FOUND';
  if (/^monto\s*:/.test(text)) return 'AMOUNT_MISMATCH';
  if (text.includes('datos mandatorios')) return 'VALIDATION_ERROR';
  return 'BDV_SERVER_ERROR';
}

/** One `getMovement` exchange as the app's verdict (success only on `code` 1000). */
export function classifyValidation(exchange: BankExchange): MobilePaymentVerdict {
  if (exchange.kind === 'no-answer') {
    const bdvMessage = exchange.reason === 'timeout' ? 'Tiempo de espera agotado al consultar el banco' : `Sin conexión con el banco: ${exchange.detail}`;
    return { success: false, errorCode: 'CONNECTION_ERROR', bdvMessage, responseData: { error: exchange.reason, detail: exchange.detail } };
  }
  const responseData = { http_status: exchange.status, body: exchange.body ?? exchange.text.slice(0, 2000) };
  if (exchange.status >= 500) return { success: false, errorCode: 'BDV_SERVER_ERROR', bdvMessage: `El banco respondió HTTP ${exchange.status}`, responseData };
  if (exchange.status === 400) return { success: false, errorCode: 'VALIDATION_ERROR', bdvMessage: messageOf(exchange.body) ?? 'El banco rechazó la solicitud (HTTP 400)', responseData };
  if (exchange.body === undefined || exchange.status !== 200) {
    return { success: false, errorCode: 'BDV_SERVER_ERROR', bdvMessage: `Respuesta inesperada del banco (HTTP ${exchange.status})`, responseData };
  }
  const code = codeOf(exchange.body);
  const message = messageOf(exchange.body);
  if (code === '1000') return { success: true, errorCode: null, bdvMessage: message, responseData };
  if (code === '1010' && message) return { success: false, errorCode: classifyRejection(message), bdvMessage: message, responseData };
  return { success: false, errorCode: 'BDV_SERVER_ERROR', bdvMessage: message ?? `Código desconocido del banco: ${code ?? 'sin código'}`, responseData };
}
