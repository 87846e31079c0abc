import { parseBankAmount, type BankMovement } from '@recaudo/domain/bank-operations';
import { dayjs } from '@recaudo/domain/dates';
import { classifyValidation, type BankExchange } from './classify';
import { BankUnavailableError, type BankProvider, type MobilePaymentQuery, type MovementsQuery } from './types';

export interface BdvClientOptions {
  baseUrl: string;
  apiKey: string;
  /** The business account (20 digits), sent on every movements query. */
  account: string;
  /** The merchant's Pago Móvil Comercio phone, "04121234567". */
  phone: string;
  validatePath: string;
  movementsPath: string;
  timeoutMs: number;
}

async function post(options: BdvClientOptions, path: string, body: unknown): Promise<BankExchange> {
  try {
    const response = await fetch(new URL(path, options.baseUrl), {
      method: 'POST',
      headers: { 'X-API-Key': options.apiKey, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { kind: 'answer', status: response.status, body: parsed, text };
  } catch (error) {
    const name = (error as Error).name;
    const timeout = name === 'TimeoutError' || name === 'AbortError';
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { kind: 'no-answer', reason: timeout ? 'timeout' : 'network', detail: cause?.code ?? cause?.message ?? (error as Error).message };
  }
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** A movement as the bank wrote it, every field as text (the API is only observed, not specified). */
function movementOf(raw: Record<string, unknown>): BankMovement {
  return {
    referencia: text(raw.referencia),
    nroMov: text(raw.nroMov),
    descripcion: text(raw.descripcion),
    fecha: text(raw.fecha),
    hora: text(raw.hora),
    mov: text(raw.mov).toUpperCase(),
    saldo: text(raw.saldo),
    importe: text(raw.importe),
    observacion: text(raw.observacion),
  };
}

/** BDV's own bank code: a BDV→BDV credit carries the bank's internal reference, not the payer's receipt. */
const BDV = '0102';
const MAX_PAGES = 20;

/**
 * The BDV "API de Conciliación" over HTTP (providers.md §1.2–1.3): JSON with `X-API-Key`,
 * business errors as HTTP 200 with code 1010 and the reason only in the message. Used against
 * the real bank when configured and against the simulator otherwise.
 */
export function bdvClient(options: BdvClientOptions): BankProvider {
  const getMovement = async (query: MobilePaymentQuery, reqCed: boolean) =>
    classifyValidation(
      await post(options, options.validatePath, {
        cedulaPagador: query.payerIdentification,
        telefonoPagador: query.payerPhone,
        telefonoDestino: options.phone,
        referencia: query.reference,
        fechaPago: query.paymentDate,
        importe: query.amount,
        bancoOrigen: query.originBank,
        reqCed,
      }),
    );

  /**
   * The one credit of a BDV→BDV payment, found as public clients do (providers.md §5): on its
   * day, of exactly its amount, naming the payer's cédula. Null when none or several fit, or the
   * movements can't be read.
   */
  async function ownBankCredit(query: MobilePaymentQuery): Promise<BankMovement | null> {
    const day = dayjs(query.paymentDate, 'YYYY-MM-DD', true).format('DD/MM/YYYY');
    const payer = query.payerIdentification.replace(/\D/g, '');
    const found: BankMovement[] = [];
    let after = '';
    try {
      for (let page = 0; page < MAX_PAGES; page++) {
        const answer = await provider.movements({ dateInit: day, dateEnd: day, currencyType: 'VES', movementNumber: after });
        found.push(
          ...answer.movs.filter(
            (mov) => mov.mov === 'CREDITO' && parseBankAmount(mov.importe) === query.amount && payer !== '' && new RegExp(`(^|\\D)[VEJGP]?0*${payer}(\\D|$)`).test(mov.observacion),
          ),
        );
        if (answer.movs.length < 100) break;
        after = lowestMovementNumber(answer.movs);
      }
    } catch {
      return null;
    }
    return found.length === 1 ? found[0]! : null;
  }

  const provider: BankProvider = {
    async validateMobilePayment(query: MobilePaymentQuery) {
      // The cédula is checked only for BDV→BDV payments, the only ones the manual allows it for (providers.md §1.2).
      const verdict = await getMovement(query, false);
      if (query.originBank !== BDV || verdict.errorCode !== 'RECORD_NOT_FOUND') return verdict;
      const credit = await ownBankCredit(query);
      if (!credit) return verdict;
      return getMovement({ ...query, reference: credit.referencia }, true);
    },

    async movements(query: MovementsQuery) {
      const exchange = await post(options, options.movementsPath, {
        cuenta: options.account,
        fechaIni: query.dateInit,
        fechaFin: query.dateEnd,
        tipoMoneda: query.currencyType,
        nroMovimiento: query.movementNumber,
      });
      if (exchange.kind === 'no-answer') {
        throw new BankUnavailableError(exchange.reason === 'timeout' ? 'Tiempo de espera agotado al consultar el banco' : 'No se pudo conectar con el banco', 'CONNECTION_ERROR');
      }
      if (exchange.status !== 200 || typeof exchange.body !== 'object' || exchange.body === null) {
        throw new BankUnavailableError(`El banco respondió HTTP ${exchange.status}`, exchange.status === 400 ? 'VALIDATION_ERROR' : 'BDV_SERVER_ERROR');
      }
      const body = exchange.body as { code?: unknown; message?: unknown; data?: { movs?: unknown; totalOfMovements?: unknown } };
      const code = text(body.code);
      // 1001: no movements in the range (providers.md §4).
      if (code === '1001') return { movs: [], totalOfMovements: 0 };
      if (code !== '1000') throw new BankUnavailableError(text(body.message) || 'Error en la consulta', 'BDV_SERVER_ERROR');
      const movs = Array.isArray(body.data?.movs) ? (body.data.movs as Record<string, unknown>[]).map(movementOf) : [];
      const total = Number(body.data?.totalOfMovements);
      return { movs, totalOfMovements: Number.isFinite(total) ? total : movs.length };
    },
  };
  return provider;
}

/** The next page is asked with the lowest `nroMov` received, compared as a number (4 and 5 digits mix). */
export const lowestMovementNumber = (movs: BankMovement[]) => movs.reduce((lowest, mov) => (Number(mov.nroMov) < Number(lowest) ? mov.nroMov : lowest), movs[0]!.nroMov);
