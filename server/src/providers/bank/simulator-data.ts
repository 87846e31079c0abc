import Decimal from 'decimal.js';
import { formatBankAmount, type BankMovement } from '@recaudo/domain/bank-operations';
import { dayjs } from '@recaudo/domain/dates';

/** A movement of the simulated account, with its amount as a decimal for matching. */
export interface SimulatedMovement extends BankMovement {
  amount: Decimal;
  /** The origin bank of a pago-móvil credit. */
  bank: string | null;
  /** A pago-móvil credit's payer: phone 04XXXXXXXXX and cédula ("V12345678"). */
  payerPhone: string | null;
  payerId: string | null;
}

const ORIGIN_BANKS = ['0102', '0105', '0108', '0134', '0172', '0174', '0175', '0191', '0114', '0104'];
const PAYERS = ['Maria Perez', 'Jose Rodriguez', 'Ana Gonzalez', 'Luis Hernandez', 'Carmen Rojas', 'Pedro Marquez', 'Rosa Blanco', 'Jorge Silva'];
const PREFIXES = ['412', '414', '416', '424', '426'];
const OUTGOING = ['TRANSFERENCIA A TERCEROS', 'PAGO A PROVEEDOR', 'PAGO DE NOMINA', 'COMISION MANTENIMIENTO CUENTA'];

/** mulberry32: a small deterministic generator, seeded per day so a day's movements never change. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const seedOf = (text: string) => [...text].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619), 2166136261);

/**
 * The first `nroMov` of a seeded history: real ones are 4–5 digits (providers.md §5), so the
 * count starts high enough that a month of movements crosses from 4 to 5 digits.
 */
export const FIRST_MOVEMENT_NUMBER = 9_700;

interface DayEntry {
  hora: string;
  kind: 'credit' | 'commission' | 'debit';
  amount: Decimal;
  referencia: string;
  descripcion: string;
  observacion: string;
  bank: string | null;
  payerPhone: string | null;
  payerId: string | null;
}

/** One day's movements before balances: pago-móvil credits with their commission twins and a few debits. */
function dayEntries(date: string, secret: string): DayEntry[] {
  const random = generator(seedOf(`${secret}${date}`));
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const digits = (length: number) => Array.from({ length }, () => Math.floor(random() * 10)).join('');
  const entries: DayEntry[] = [];
  const weekend = [0, 6].includes(dayjs(date).day());
  const credits = (weekend ? 2 : 5) + Math.floor(random() * 5);
  let minute = 8 * 60 + Math.floor(random() * 30);
  for (let i = 0; i < credits; i++) {
    minute += 15 + Math.floor(random() * 55);
    const hora = `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}${String(minute % 60).padStart(2, '0')}`;
    const bank = pick(ORIGIN_BANKS);
    const amount = new Decimal(50 + Math.floor(random() * 4950)).plus(new Decimal(Math.floor(random() * 100)).div(100));
    const referencia = `${bank}${digits(9)}`;
    const phone = `0${pick(PREFIXES)}${digits(7)}`;
    const ownBank = bank === '0102';
    const payerId = `V${digits(8)}`;
    entries.push({
      hora,
      kind: 'credit',
      amount,
      referencia,
      bank,
      payerPhone: phone,
      payerId,
      descripcion: ownBank ? 'PAGO MOVIL BDV RECIBIDO' : 'PAGO MOVIL INTERBANCARIO RECIBIDO',
      observacion: ownBank ? `PAGOMOVIL BDV ${payerId} ${pick(PAYERS).toUpperCase()}` : `PAGOMOVIL OTROS BANCOS ${bank} ${phone}`,
    });
    if (!ownBank) {
      entries.push({
        hora,
        kind: 'commission',
        amount: Decimal.max(amount.times('0.003').toDecimalPlaces(2), '0.10').negated(),
        referencia: `0000${referencia.slice(-9)}`,
        bank: null,
        payerPhone: null,
        payerId: null,
        descripcion: 'COMISION PAGO MOVIL COMERCIO',
        observacion: `COMISION PAGOMOVIL ${bank}`,
      });
    }
  }
  const debits = Math.floor(random() * 3);
  for (let i = 0; i < debits; i++) {
    minute += 20 + Math.floor(random() * 40);
    const hora = `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}${String(minute % 60).padStart(2, '0')}`;
    entries.push({
      hora,
      kind: 'debit',
      amount: new Decimal(200 + Math.floor(random() * 8000)).plus(new Decimal(Math.floor(random() * 100)).div(100)).negated(),
      referencia: `0102${digits(9)}`,
      bank: null,
      payerPhone: null,
      payerId: null,
      descripcion: pick(OUTGOING),
      observacion: `OPERACION EN LINEA ${digits(6)}`,
    });
  }
  return entries.sort((a, b) => a.hora.localeCompare(b.hora));
}

/**
 * The account's movements from `from` to `to` (YYYY-MM-DD, inclusive), oldest first, with running
 * balances from a fixed opening balance. The same dates and secret always give the same
 * movements; an installation's secret (simulator-secrets) keeps them out of reach of anyone
 * reading this source.
 */
export function seededMovements(from: string, to: string, secret = '', openingBalance = new Decimal('185430.55')): SimulatedMovement[] {
  const movements: SimulatedMovement[] = [];
  let balance = openingBalance;
  for (let day = dayjs(from); !day.isAfter(dayjs(to), 'day'); day = day.add(1, 'day')) {
    const date = day.format('YYYY-MM-DD');
    dayEntries(date, secret).forEach((entry) => {
      balance = balance.plus(entry.amount);
      movements.push({
        referencia: entry.referencia,
        nroMov: String(FIRST_MOVEMENT_NUMBER + movements.length),
        descripcion: entry.descripcion,
        fecha: date,
        hora: entry.hora,
        mov: entry.kind === 'credit' ? 'CREDITO' : 'DEBITO',
        saldo: formatBankAmount(balance),
        importe: formatBankAmount(entry.amount),
        observacion: entry.observacion,
        amount: entry.amount,
        bank: entry.bank,
        payerPhone: entry.payerPhone,
        payerId: entry.payerId,
      });
    });
  }
  return movements;
}
