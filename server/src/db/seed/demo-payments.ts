import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, asc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import { paymentAmounts } from '@recaudo/domain/amounts';
import { caracas, dayjs, BUSINESS_TIME_ZONE } from '@recaudo/domain/dates';
import { addMonths, currentMonth, type Month } from '@recaudo/domain/months';
import { DOLLAR_RATE_ID, EURO_RATE_ID } from '@recaudo/domain/payments';
import type { Executor } from '../client';
import { addressesPayments, addressMonths } from '../../modules/addresses-payment/tables';
import { banks } from '../../modules/banks/tables';
import { exchangeRates } from '../../modules/configurations/service';
import { correlatives } from '../../modules/correlatives/tables';
import { economicActivities } from '../../modules/economic-activities/tables';
import { amountColumns, payments } from '../../modules/payments/tables';
import { communities } from '../../modules/regional/tables';
import { ticketsDelivered, ticketsPayments } from '../../modules/tickets-payments/tables';
import { users } from '../../modules/users/tables';

/**
 * A year of payments for the demo addresses (after demo-addresses.ts): the manual marks of the
 * last twelve months (and those paid ahead) become payments of one to three months, Aprobado with
 * their series' consecutive document numbers, or Procesando for recent ones (their months
 * pending); a few owed months carry a Rechazado attempt, which covers nothing. Every method is
 * used; amounts come from the domain's `paymentAmounts` at a rate that rises through the year
 * (commercial addresses at the euro rate). The marks older than a year stay manual.
 */

/** The methods in turn: cash, transfer, mobile payment, point of sale (ids of reference-base.ts). */
const METHOD_CYCLE = [4, 1, 3, 2, 4, 1, 3] as const;
const BANK_CODES = ['0102', '0105', '0134', '0108', '0191', '0172'];
const OBSERVATIONS = ['Pago en taquilla principal.', 'Pagó por adelantado.', 'Cliente solicitó factura por correo.', null, null, null];
const REJECTIONS = ['La referencia no aparece en el estado de cuenta.', 'Monto transferido incompleto.', 'Pago duplicado.'];

/** The rate `monthsAgo` months back: today's rate less 6 % a month, to the cent. */
const rateBack = (rate: string, monthsAgo: number) => new Decimal(rate).times(new Decimal('0.94').pow(monthsAgo)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

const monthsBetween = (from: Month, to: Month) => (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));

/** Consecutive covered months cut into payments of one to three months. */
function chunks(months: Month[], seed: number): Month[][] {
  const out: Month[][] = [];
  let current: Month[] = [];
  for (const month of months) {
    const previous = current.at(-1);
    const size = 1 + ((seed + out.length) % 3);
    if (previous && (addMonths(previous, 1) !== month || current.length >= size)) {
      out.push(current);
      current = [];
    }
    current.push(month);
  }
  if (current.length) out.push(current);
  return out;
}

interface AddressFacts {
  id: number;
  clientId: number;
  type: number;
  fee: string | null;
}

export async function seedDemoPayments(db: Executor, options: { staffUserIds: number[]; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  const current = currentMonth(now);
  const first = addMonths(current, -11);
  const rates = await exchangeRates(db);
  const addresses: AddressFacts[] = await db
    .select({
      id: addressesPayments.id,
      clientId: addressesPayments.clientId,
      type: addressesPayments.type,
      fee: sql<string | null>`(case when ${addressesPayments.isCustomFee} then ${addressesPayments.fee}
        when ${addressesPayments.type} = 1 then ${economicActivities.fee} else ${communities.fee} end)`,
    })
    .from(addressesPayments)
    .leftJoin(communities, eq(communities.id, addressesPayments.communityId))
    .leftJoin(economicActivities, eq(economicActivities.id, addressesPayments.economicActivityId))
    .orderBy(asc(addressesPayments.id));
  const marks = await db
    .select({ address: addressMonths.addressPaymentId, month: addressMonths.month })
    .from(addressMonths)
    .where(and(isNull(addressMonths.paymentId), gte(addressMonths.month, first)))
    .orderBy(asc(addressMonths.addressPaymentId), asc(addressMonths.month));
  const series = await db.select().from(correlatives).orderBy(asc(correlatives.id));
  const bankRows = await db.select({ id: banks.id, code: banks.code }).from(banks);
  const bankIds = BANK_CODES.map((code) => bankRows.find((bank) => bank.code === code)?.id).filter((id): id is number => id !== undefined);
  const clientUsers = new Map((await db.select({ id: users.id, clientId: users.clientId }).from(users).where(isNotNull(users.clientId))).map((user) => [user.clientId!, user.id]));
  const [ticket] = await db.select({ id: ticketsPayments.id }).from(ticketsPayments).where(eq(ticketsPayments.status, true)).orderBy(asc(ticketsPayments.id)).limit(1);
  if (!addresses.length || !series.length || !options.staffUserIds.length) return;

  const covered = new Map<number, Month[]>();
  for (const mark of marks) covered.set(mark.address, [...(covered.get(mark.address) ?? []), mark.month]);

  type Planned = { values: typeof payments.$inferInsert; months: Month[]; ticket: boolean };
  const planned: Planned[] = [];
  let k = 0;
  for (const [index, address] of addresses.entries()) {
    if (address.fee === null) continue;
    const commercial = address.type === 1;
    const plan = (months: Month[], status: 0 | 1 | 2) => {
      k += 1;
      const method = METHOD_CYCLE[k % METHOD_CYCLE.length]!;
      const monthsAgo = Math.max(0, monthsBetween(months[0]!, current));
      // Registered early in the first month paid (today at the latest).
      let created = dayjs.tz(`${months[0]}-01 08:00`, BUSINESS_TIME_ZONE).add((k * 5) % 20, 'day').add(k % 9, 'hour').add((k * 17) % 60, 'minute');
      if (created.valueOf() > now.getTime()) created = caracas(now).subtract(1 + (k % 5), 'hour');
      const day = created.format('YYYY-MM-DD');
      const rate = rateBack(commercial ? rates.euro_rate : rates.dollar_rate, monthsAgo);
      const retention = commercial && k % 2 === 0;
      const amounts = paymentAmounts({ type: commercial ? 1 : 0, fee: address.fee!, months: months.length, rate, applyRetention: retention });
      const serie = series[k % 3 === 2 && series.length > 1 ? 1 : 0]!;
      const portal = status !== 1 && clientUsers.has(address.clientId) && k % 2 === 0;
      const needsReference = method === 1 || method === 3;
      planned.push({
        months,
        ticket: status === 1 && ticket !== undefined && k % 9 === 0,
        values: {
          clientId: address.clientId,
          addressPaymentId: address.id,
          paymentMethodId: method,
          bankId: needsReference && bankIds.length ? bankIds[k % bankIds.length]! : null,
          serieId: portal ? null : serie.id,
          status,
          // Approved payments take their series' next number below, in registration order.
          numberCorrelative: null,
          number: status === 1 ? String(10_000_000 + k * 7_919).slice(0, 8) : null,
          checkbookNumber: status === 1 ? `CH-${String(1 + (k % 12)).padStart(3, '0')}` : null,
          datePayment: method === 1 ? created.subtract(1, 'day').format('YYYY-MM-DD') : day,
          dateBill: status === 1 ? day : null,
          exchangeRate: rate,
          exchangeRateId: commercial ? EURO_RATE_ID : DOLLAR_RATE_ID,
          ...amountColumns(amounts),
          isApplyRetention: retention,
          reference: needsReference ? String(100_000_000_000 + k * 982_451_653).slice(-12) : null,
          terminal: method === 2 ? `TER-${String(1 + (k % 3)).padStart(2, '0')}` : null,
          lotNumber: method === 2 ? `L-${String(100 + monthsAgo)}` : null,
          observations: OBSERVATIONS[k % OBSERVATIONS.length] ?? null,
          notes: status === 2 ? REJECTIONS[k % REJECTIONS.length]! : status === 1 ? '' : null,
          typePaymentMonth: months.length > 1 || months[0] !== current ? 1 : 0,
          monthsPayment: months,
          bdvVerified: method === 3 && status === 1 && k % 2 === 0,
          ticketsPaymentId: null,
          ticketSerial: null,
          // Random like a real receipt's: the hash is the public verification link.
          hash: randomBytes(32).toString('hex'),
          createdBy: portal ? clientUsers.get(address.clientId)! : options.staffUserIds[k % options.staffUserIds.length]!,
          createdAt: created.toDate(),
          updatedAt: created.toDate(),
        },
      });
    };
    const own = covered.get(address.id) ?? [];
    for (const months of chunks(own, index)) {
      const recent = months[0]! >= addMonths(current, -1);
      plan(months, recent && (k + index) % 3 === 0 ? 0 : 1);
    }
    // A rejected attempt at the oldest owed month of the year, for one address in three.
    const owed = Array.from({ length: 12 }, (_, offset) => addMonths(first, offset)).find((month) => !own.includes(month) && month <= current);
    if (owed && index % 3 === 1) plan([owed], 2);
  }
  if (!planned.length) return;

  // Oldest first, so ids and document numbers follow the registration order.
  planned.sort((a, b) => (a.values.createdAt as Date).getTime() - (b.values.createdAt as Date).getTime());
  const renumbered = new Map(series.map((row) => [row.id, BigInt(row.number)]));
  for (const entry of planned) {
    const { values } = entry;
    if (values.status === 1 && values.serieId) {
      const next = renumbered.get(values.serieId)! + 1n;
      renumbered.set(values.serieId, next);
      values.numberCorrelative = String(next).padStart(series.find((row) => row.id === values.serieId)!.number.length, '0');
    }
    if (entry.ticket && ticket) {
      values.ticketsPaymentId = ticket.id;
      values.ticketSerial = `A-${String(values.numberCorrelative).slice(-4)}`;
    }
  }
  const inserted = await db
    .insert(payments)
    .values(planned.map((entry) => entry.values))
    .returning({ id: payments.id, hash: payments.hash });
  const idByHash = new Map(inserted.map((row) => [row.hash, row.id]));

  // The manual marks of the months each live payment covers become that payment's coverage.
  const coverage = planned.filter((entry) => entry.values.status !== 2).flatMap((entry) =>
    entry.months.map((month) => sql`(${entry.values.addressPaymentId}::int, ${month}::text, ${idByHash.get(entry.values.hash)!}::int, ${entry.values.status === 0}::boolean)`),
  );
  if (coverage.length) {
    await db.execute(sql`
      update address_months am set payment_id = v.payment_id, pending = v.pending
      from (values ${sql.join(coverage, sql`, `)}) as v(address_payment_id, month, payment_id, pending)
      where am.address_payment_id = v.address_payment_id and am.month = v.month and am.payment_id is null`);
  }
  const tickets = planned.filter((entry) => entry.values.ticketsPaymentId);
  if (tickets.length) {
    await db.insert(ticketsDelivered).values(
      tickets.map((entry) => ({
        ticketsPaymentId: entry.values.ticketsPaymentId!,
        addressPaymentId: entry.values.addressPaymentId,
        paymentId: idByHash.get(entry.values.hash)!,
        ticketSerial: entry.values.ticketSerial ?? null,
        createdBy: entry.values.createdBy ?? null,
        createdAt: entry.values.createdAt as Date,
      })),
    );
  }
  for (const row of series) {
    const last = renumbered.get(row.id)!;
    if (last !== BigInt(row.number)) await db.update(correlatives).set({ number: String(last).padStart(row.number.length, '0') }).where(eq(correlatives.id, row.id));
  }
}
