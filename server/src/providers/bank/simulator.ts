import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Decimal from 'decimal.js';
import { formatBankAmount, type BankMovement } from '@recaudo/domain/bank-operations';
import { caracas, dayjs } from '@recaudo/domain/dates';
import { listenOn } from '../listen';
import { seededMovements, type SimulatedMovement } from './simulator-data';

export type SimulatorFailure = 'timeout' | '500';

export interface CreditInput {
  reference: string;
  /** YYYY-MM-DD. */
  date: string;
  amount: string;
  bank: string;
  /** The payer's phone, 04XXXXXXXXX. */
  phone?: string;
  /** The payer's cédula, "V12345678". */
  payerId?: string;
  hora?: string;
}

export interface BankSimulator {
  url: string;
  apiKey: string;
  account: string;
  /** The next `times` requests fail this way (then the simulator answers normally again). */
  failNext(mode: SimulatorFailure, times?: number): void;
  /**
   * Adds an incoming pago móvil (tests and demos of a payment made just now). From bank 0102
   * (BDV→BDV) `reference` is the bank's internal one, unrelated to the payer's receipt.
   */
  addCredit(credit: CreditInput): BankMovement;
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
  host?: string;
  /** `port` taken: listen on a free one instead of failing (the demo's in-process bank). */
  anyPortIfTaken?: boolean;
  /** Seeds the movements (simulator-secrets); without it they are the same for everyone (tests). */
  secret?: string;
  /** What `/simulador/creditos` asks for in `X-Trainer-Key`; without it the trainer endpoints are off. */
  trainerKey?: string;
  /** The merchant's Pago Móvil Comercio phone that getMovement's `telefonoDestino` must name. */
  phone?: string;
  /** How many trailing digits of a reference getMovement compares (the real rule is unconfirmed). */
  referenceDigits?: number;
  /** An empty range: code "1001", or "1000" with an empty list (both seen). */
  emptyDay?: '1001' | '1000';
  /** A range that includes today besides earlier days: refused with 1010, or served (both seen). */
  todayInRange?: 'refuse' | 'serve';
  /** A JSON file keeping conciliations and added credits across restarts; in memory without it. */
  stateFile?: string;
}

const NOT_AFFILIATED = 'Cliente no afiliado al producto';
const MANDATORY = 'Datos Mandatorios no pueden estar en null';
const PAGE_SIZE = 100;

const sameSecret = (sent: string | string[] | undefined, expected: string) => {
  const given = Buffer.from(typeof sent === 'string' ? sent : '');
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
};
const hasValue = (value: unknown) => value !== undefined && value !== null && String(value).trim() !== '';
const digitsOf = (value: unknown) => String(value ?? '').replace(/\D/g, '');

/** A reported reference matches a movement's when their last `digits` digits agree: the bank prefixes its own. */
function sameReference(movement: string, reported: string, digits: number): boolean {
  const a = digitsOf(movement);
  const b = digitsOf(reported);
  return b.length >= digits && a.length >= digits && a.slice(-digits) === b.slice(-digits);
}

const PHONE = /^04\d{9}$/;
const NOT_FOUND = 'No se pudo validar el movimiento : Registro solicitado no existe';
const byNumber = (a: SimulatedMovement, b: SimulatedMovement) => Number(b.nroMov) - Number(a.nroMov);
const plain = ({ amount: _amount, bank: _bank, payerPhone: _phone, payerId: _id, ...movement }: SimulatedMovement): BankMovement => movement;

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
  const merchantPhone = options.phone ?? '04120000000';
  const referenceDigits = options.referenceDigits ?? 6;
  const today = caracas().format('YYYY-MM-DD');
  const from = dayjs(today)
    .subtract((options.days ?? 35) - 1, 'day')
    .format('YYYY-MM-DD');
  const store: SimulatedMovement[] = seededMovements(from, today, options.secret);
  const conciliated = new Set<string>();
  const failures: SimulatorFailure[] = [];
  const hanging = new Set<http.ServerResponse>();
  const reported = new Set<SimulatedMovement>();
  const credits: CreditInput[] = [];
  /** A conciliated movement by day, reference and amount: seeded `nroMov`s shift as the days go by. */
  const keyOf = (movement: SimulatedMovement) => `${movement.fecha}|${movement.referencia}|${movement.amount.toFixed(2)}`;
  const persist = () => {
    if (!options.stateFile) return;
    fs.mkdirSync(path.dirname(options.stateFile), { recursive: true });
    const written = `${options.stateFile}.${process.pid}.tmp`;
    fs.writeFileSync(written, JSON.stringify({ conciliated: [...conciliated], credits }));
    fs.renameSync(written, options.stateFile);
  };

  function addCredit(credit: CreditInput, save = true): BankMovement {
    const date = credit.date;
    const previous = [...store].reverse().find((movement) => movement.fecha <= date);
    const amount = new Decimal(credit.amount);
    const balance = new Decimal((previous?.saldo ?? '0').replace(/\./g, '').replace(',', '.')).plus(amount);
    const phone = credit.phone ?? '04140000000';
    const payerId = credit.payerId ?? 'V00000000';
    const ownBank = credit.bank === '0102';
    const movement: SimulatedMovement = {
      referencia: credit.reference,
      nroMov: String(Math.max(...store.map((item) => Number(item.nroMov))) + 1),
      descripcion: ownBank ? 'PAGO MOVIL BDV RECIBIDO' : 'PAGO MOVIL INTERBANCARIO RECIBIDO',
      fecha: date,
      hora: credit.hora ?? '0001',
      mov: 'CREDITO',
      saldo: formatBankAmount(balance),
      importe: formatBankAmount(amount),
      observacion: ownBank ? `PAGOMOVIL BDV ${payerId} PAGADOR` : `PAGOMOVIL OTROS BANCOS ${credit.bank} ${phone}`,
      amount,
      bank: credit.bank,
      payerPhone: phone,
      payerId,
    };
    store.push(movement);
    reported.add(movement);
    if (save) {
      credits.push(credit);
      persist();
    }
    return plain(movement);
  }

  /** Trainers add the pago móvil a trainee will validate (not part of BDV's API; X-Trainer-Key). */
  const trainingCredit = (body: Record<string, unknown>) => {
    const credit = {
      reference: String(body.referencia ?? ''),
      date: String(body.fechaPago ?? ''),
      amount: String(body.importe ?? ''),
      bank: String(body.bancoOrigen ?? ''),
      phone: String(body.telefonoPagador ?? ''),
      payerId: hasValue(body.cedulaPagador) ? String(body.cedulaPagador).toUpperCase() : undefined,
    };
    const valid =
      /^\d{4,20}$/.test(credit.reference) &&
      dayjs(credit.date, 'YYYY-MM-DD', true).isValid() &&
      /^\d+(\.\d{1,2})?$/.test(credit.amount) &&
      /^\d{4}$/.test(credit.bank) &&
      PHONE.test(credit.phone);
    if (!valid) return { code: '1010', message: MANDATORY, status: 200 };
    return { code: '1000', message: 'Crédito agregado', status: 200, data: addCredit(credit) };
  };

  /** Today's movements exist only up to the current time. */
  const visible = () => {
    const now = caracas().format('HHmm');
    return store.filter((movement) => movement.fecha < today || movement.hora <= now || reported.has(movement));
  };

  /**
   * getMovement checks every field the manual names (providers.md §1.2, §5): any of them wrong in
   * value or format, but the amount, is "Registro solicitado no existe". `cedulaPagador` must be
   * sent but may be empty; it is compared only with `reqCed` true, when it may not be empty.
   */
  const validate = (body: Record<string, unknown>) => {
    const required = ['telefonoPagador', 'telefonoDestino', 'referencia', 'fechaPago', 'importe', 'bancoOrigen'];
    const reqCed = body.reqCed === true;
    if (
      required.some((field) => !hasValue(body[field])) ||
      body.cedulaPagador === undefined ||
      body.cedulaPagador === null ||
      (reqCed && !hasValue(body.cedulaPagador))
    )
      return { code: 1010, message: MANDATORY, data: null, status: 200 };
    const amount = /^\d+(\.\d{1,2})?$/.test(String(body.importe)) ? new Decimal(String(body.importe)) : null;
    if (!amount || !/^\d{4}-\d{2}-\d{2}$/.test(String(body.fechaPago))) return { code: 1010, message: MANDATORY, data: null, status: 200 };
    const notFound = { code: 1010, message: NOT_FOUND, data: null, status: 200 };
    if (body.telefonoDestino !== merchantPhone || !PHONE.test(String(body.telefonoPagador)) || !/^\d{4}$/.test(String(body.bancoOrigen))) return notFound;
    const candidates = visible().filter(
      (movement) =>
        movement.mov === 'CREDITO' &&
        movement.fecha === body.fechaPago &&
        sameReference(movement.referencia, String(body.referencia), referenceDigits) &&
        movement.bank === body.bancoOrigen &&
        movement.payerPhone === body.telefonoPagador &&
        (!reqCed || movement.payerId === String(body.cedulaPagador).toUpperCase()),
    );
    if (!candidates.length) return notFound;
    const movement = candidates.find((candidate) => candidate.amount.equals(amount));
    if (!movement) return { code: 1010, message: `monto : ${candidates[0]!.amount.toFixed(2)} - estatus : Transacción realizada`, data: null, status: 200 };
    if (conciliated.has(keyOf(movement))) {
      return { code: 1010, message: 'Pago Móvil procesado exitosamente en el BDV. El movimiento ya fue conciliado anteriormente.', data: null, status: 200 };
    }
    conciliated.add(keyOf(movement));
    persist();
    const shown = movement.amount.toFixed(2);
    return {
      code: 1000,
      message: `monto : ${shown} - estatus : Transacción realizada`,
      data: { status: '1000', amount: shown, reason: 'Transacción realizada', referencia: movement.referencia },
      status: 200,
    };
  };

  const movementsAnswer = (body: Record<string, unknown>) => {
    if (!hasValue(body.cuenta) || !hasValue(body.fechaIni) || !hasValue(body.fechaFin) || !hasValue(body.tipoMoneda))
      return { code: '1010', message: MANDATORY, status: 200 };
    if (body.cuenta !== account) return { code: '1010', message: 'Cuenta no asociada al cliente', status: 200 };
    if (body.tipoMoneda !== 'VES') return { code: '1010', message: 'Tipo de moneda no permitido', status: 200 };
    const start = dayjs(String(body.fechaIni), 'DD/MM/YYYY', true);
    const end = dayjs(String(body.fechaFin), 'DD/MM/YYYY', true);
    if (!start.isValid() || !end.isValid() || start.isAfter(end)) return { code: '1010', message: 'Formato de fecha inválido', status: 200 };
    const first = start.format('YYYY-MM-DD');
    const last = end.format('YYYY-MM-DD');
    if (options.todayInRange !== 'serve' && last >= today && first < today)
      return { code: '1010', message: 'El rango de fechas no puede incluir el día actual', status: 200 };
    const inRange = visible()
      .filter((movement) => movement.fecha >= first && movement.fecha <= last)
      .sort(byNumber);
    const after = Number(String(body.nroMovimiento ?? '').trim() || Infinity);
    const page = inRange.filter((movement) => Number(movement.nroMov) < after).slice(0, PAGE_SIZE);
    if (!inRange.length) {
      return options.emptyDay === '1000'
        ? { code: '1000', message: '', status: 200, data: { totalOfMovements: 0, movs: [] } }
        : { code: '1001', message: 'No existen movimientos para la fecha consultada', status: 200 };
    }
    return { code: '1000', message: '', status: 200, data: { totalOfMovements: inRange.length, movs: page.map(plain) } };
  };

  const routes: Record<string, (body: Record<string, unknown>) => unknown> = {
    '/getMovement': validate,
    '/getMovement/v2': validate,
    '/apis/bdv/consulta/movimientos': movementsAnswer,
    '/apis/bdv/consulta/movimientos/v2': movementsAnswer,
    '/simulador/creditos': trainingCredit,
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
      if (!handler || (handler === trainingCredit && !options.trainerKey)) return send(404, { status: 404, error: 'Not Found' });
      if (!String(request.headers['content-type'] ?? '').includes('application/json')) return send(400, { status: 400, error: 'Bad Request' });
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(400, { status: 400, error: 'Bad Request' });
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return send(400, { status: 400, error: 'Bad Request' });
      if (handler === trainingCredit) {
        if (!sameSecret(request.headers['x-trainer-key'], options.trainerKey!)) return send(401, { code: '1010', message: 'Clave de instructor inválida (X-Trainer-Key)' });
        return send(200, trainingCredit(body as Record<string, unknown>));
      }
      if (request.headers['x-api-key'] !== apiKey) {
        return send(
          200,
          handler === validate ? { code: 1010, message: NOT_AFFILIATED, data: null, status: 200 } : { code: '1010', message: NOT_AFFILIATED, status: 200 },
        );
      }
      send(200, handler(body as Record<string, unknown>));
    });
  });
  if (options.stateFile && fs.existsSync(options.stateFile)) {
    const saved = JSON.parse(fs.readFileSync(options.stateFile, 'utf8')) as { conciliated?: string[]; credits?: CreditInput[] };
    for (const credit of saved.credits ?? []) {
      addCredit(credit, false);
      credits.push(credit);
    }
    for (const key of saved.conciliated ?? []) conciliated.add(key);
  }
  const port = await listenOn(server, options);

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    account,
    failNext(mode, times = 1) {
      for (let i = 0; i < times; i++) failures.push(mode);
    },
    addCredit: (credit) => addCredit(credit),
    movements: () => visible().map(plain),
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
