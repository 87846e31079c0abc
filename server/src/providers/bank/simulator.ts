import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Decimal from 'decimal.js';
import { formatBankAmount, type BankMovement } from '@recaudo/domain/bank-operations';
import { caracas, dayjs } from '@recaudo/domain/dates';
import { movementNumber, seededMovements, type SimulatedMovement } from './simulator-data';

export type SimulatorFailure = 'timeout' | '500';

export interface BankSimulator {
  url: string;
  apiKey: string;
  account: string;
  /** The next `times` requests fail this way (then the simulator answers normally again). */
  failNext(mode: SimulatorFailure, times?: number): void;
  /** Adds an incoming pago móvil (tests and demos of a payment made just now). */
  addCredit(credit: { reference: string; date: string; amount: string; bank: string; phone?: string; hora?: string }): BankMovement;
  /** Every movement of the account, oldest first. */
  movements(): BankMovement[];
  close(): Promise<void>;
}

export interface SimulatorOptions {
  apiKey?: string;
  account?: string;
  /** Days of history up to today (Caracas). */
  days?: number;
  port?: number;
}

const NOT_AFFILIATED = 'Cliente no afiliado al producto';
const MANDATORY = 'Datos Mandatorios no pueden estar en null';
const PAGE_SIZE = 100;

const hasValue = (value: unknown) => value !== undefined && value !== null && String(value).trim() !== '';
const digitsOf = (value: unknown) => String(value ?? '').replace(/\D/g, '');

/** A reported reference matches a movement's when one ends with the other (at least 6 digits): the bank prefixes its own. */
function sameReference(movement: string, reported: string): boolean {
  const a = digitsOf(movement);
  const b = digitsOf(reported);
  if (b.length < 6 || a.length < 6) return a === b && a !== '';
  return a.endsWith(b) || b.endsWith(a);
}

const plain = ({ amount: _amount, bank: _bank, ...movement }: SimulatedMovement): BankMovement => movement;

/**
 * A stand-in for BDV's conciliation and movements API on a real local port, faithful to
 * providers.md §1 and §4: JSON only, `X-API-Key`, getMovement's numeric codes (1000/1010) and the
 * bank's texts, movements with string code "1000", 100 per page newest first, "1001" when empty,
 * and a range that may not include today unless today is asked alone. A validated movement is
 * conciliated: asking again answers "ya fue conciliado anteriormente".
 */
export async function startBankSimulator(options: SimulatorOptions = {}): Promise<BankSimulator> {
  const apiKey = options.apiKey ?? 'simulador-bdv';
  const account = options.account ?? '01020000000000000000';
  const today = caracas().format('YYYY-MM-DD');
  const from = dayjs(today).subtract((options.days ?? 35) - 1, 'day').format('YYYY-MM-DD');
  const store: SimulatedMovement[] = seededMovements(from, today);
  const conciliated = new Set<string>();
  const failures: SimulatorFailure[] = [];
  const hanging = new Set<http.ServerResponse>();
  const reported = new Set<SimulatedMovement>();
  let added = 0;

  /** Today's movements exist only up to the current time. */
  const visible = () => {
    const now = caracas().format('HHmm');
    return store.filter((movement) => movement.fecha < today || movement.hora <= now || reported.has(movement));
  };

  const validate = (body: Record<string, unknown>) => {
    const required = ['cedulaPagador', 'telefonoPagador', 'telefonoDestino', 'referencia', 'fechaPago', 'importe', 'bancoOrigen'];
    if (required.some((field) => !hasValue(body[field]))) return { code: 1010, message: MANDATORY, data: null, status: 200 };
    const amount = /^\d+(\.\d{1,2})?$/.test(String(body.importe)) ? new Decimal(String(body.importe)) : null;
    if (!amount || !/^\d{4}-\d{2}-\d{2}$/.test(String(body.fechaPago))) return { code: 1010, message: MANDATORY, data: null, status: 200 };
    const candidates = visible().filter((movement) => movement.mov === 'CREDITO' && movement.fecha === body.fechaPago && sameReference(movement.referencia, String(body.referencia)));
    if (!candidates.length) return { code: 1010, message: 'No se pudo validar el movimiento : Registro solicitado no existe', data: null, status: 200 };
    const movement = candidates.find((candidate) => candidate.amount.equals(amount));
    if (!movement) return { code: 1010, message: `monto : ${candidates[0]!.amount.toFixed(2)} - estatus : Transacción realizada`, data: null, status: 200 };
    if (conciliated.has(movement.nroMov)) {
      return { code: 1010, message: 'Pago Móvil procesado exitosamente en el BDV. El movimiento ya fue conciliado anteriormente.', data: null, status: 200 };
    }
    conciliated.add(movement.nroMov);
    const shown = movement.amount.toFixed(2);
    return {
      code: 1000,
      message: `monto : ${shown} - estatus : Transacción realizada`,
      data: { status: '1000', amount: shown, reason: 'Transacción realizada', referencia: movement.referencia },
      status: 200,
    };
  };

  const movementsAnswer = (body: Record<string, unknown>) => {
    if (!hasValue(body.cuenta) || !hasValue(body.fechaIni) || !hasValue(body.fechaFin) || !hasValue(body.tipoMoneda)) return { code: '1010', message: MANDATORY, status: 200 };
    if (body.cuenta !== account) return { code: '1010', message: 'Cuenta no asociada al cliente', status: 200 };
    if (body.tipoMoneda !== 'VES') return { code: '1010', message: 'Tipo de moneda no permitido', status: 200 };
    const start = dayjs(String(body.fechaIni), 'DD/MM/YYYY', true);
    const end = dayjs(String(body.fechaFin), 'DD/MM/YYYY', true);
    if (!start.isValid() || !end.isValid() || start.isAfter(end)) return { code: '1010', message: 'Formato de fecha inválido', status: 200 };
    const first = start.format('YYYY-MM-DD');
    const last = end.format('YYYY-MM-DD');
    if (last >= today && first < today) return { code: '1010', message: 'El rango de fechas no puede incluir el día actual', status: 200 };
    const inRange = visible()
      .filter((movement) => movement.fecha >= first && movement.fecha <= last)
      .sort((a, b) => b.nroMov.localeCompare(a.nroMov));
    const after = String(body.nroMovimiento ?? '').trim();
    const page = (after ? inRange.filter((movement) => movement.nroMov < after) : inRange).slice(0, PAGE_SIZE);
    if (!inRange.length) return { code: '1001', message: 'No existen movimientos para la fecha consultada', status: 200 };
    return { code: '1000', message: '', status: 200, data: { totalOfMovements: inRange.length, movs: page.map(plain) } };
  };

  const routes: Record<string, (body: Record<string, unknown>) => unknown> = {
    '/getMovement': validate,
    '/getMovement/v2': validate,
    '/apis/bdv/consulta/movimientos': movementsAnswer,
    '/apis/bdv/consulta/movimientos/v2': movementsAnswer,
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      const failure = failures.shift();
      if (failure === 'timeout') {
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      }
      if (failure === '500') {
        response.writeHead(500, { 'content-type': 'text/html' });
        response.end('<html><body><h1>500 Internal Server Error</h1></body></html>');
        return;
      }
      const handler = request.method === 'POST' ? routes[(request.url ?? '').split('?')[0]!.replace(/\/$/, '')] : undefined;
      if (!handler) return send(404, { status: 404, error: 'Not Found' });
      if (!String(request.headers['content-type'] ?? '').includes('application/json')) return send(400, { status: 400, error: 'Bad Request' });
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(400, { status: 400, error: 'Bad Request' });
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return send(400, { status: 400, error: 'Bad Request' });
      if (request.headers['x-api-key'] !== apiKey) {
        return send(200, handler === validate ? { code: 1010, message: NOT_AFFILIATED, data: null, status: 200 } : { code: '1010', message: NOT_AFFILIATED, status: 200 });
      }
      send(200, handler(body as Record<string, unknown>));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    account,
    failNext(mode, times = 1) {
      for (let i = 0; i < times; i++) failures.push(mode);
    },
    addCredit(credit) {
      added += 1;
      const date = credit.date;
      const previous = [...store].reverse().find((movement) => movement.fecha <= date);
      const amount = new Decimal(credit.amount);
      const balance = new Decimal((previous?.saldo ?? '0').replace(/\./g, '').replace(',', '.')).plus(amount);
      const movement: SimulatedMovement = {
        referencia: credit.reference,
        nroMov: movementNumber(date, 5000 + added),
        descripcion: 'PAGO MOVIL INTERBANCARIO RECIBIDO',
        fecha: date,
        hora: credit.hora ?? '0001',
        mov: 'CREDITO',
        saldo: formatBankAmount(balance),
        importe: formatBankAmount(amount),
        observacion: `PAGOMOVIL OTROS BANCOS ${credit.bank} ${credit.phone ?? '04140000000'}`,
        amount,
        bank: credit.bank,
      };
      store.push(movement);
      reported.add(movement);
      return plain(movement);
    },
    movements: () => visible().map(plain),
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
