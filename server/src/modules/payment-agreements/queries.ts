import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { ListQuery } from '@recaudo/domain/paging';
import { agreementMessages, type AgreementListRow, type AgreementStatus, type InstallmentStatus, type PaymentAgreement, type StatementAgreement } from '@recaudo/domain/payment-agreements';
import type { Executor } from '../../db/client';
import { iso, isoTimestamp } from '../../platform/envelope';
import { notFound } from '../../platform/errors';
import type { RowSource } from '../../platform/export';
import { idList, textList } from '../../platform/paging';
import { clientScope } from '../../platform/scope';
import { addressesPayments } from '../addresses-payment/tables';
import type { AuthContext } from '../auth/service';
import { clients } from '../clients/tables';
import { installments, paymentAgreementMonths, paymentAgreements } from './tables';

/** A day in Caracas by the database's clock, as SQL. */
const CARACAS_TODAY = sql`(now() at time zone 'America/Caracas')::date`;

const installmentStatus = sql<InstallmentStatus>`case when ${installments.paidUsd} >= ${installments.amountUsd} then 'paid'
  when ${installments.dueDate} < ${CARACAS_TODAY} then 'overdue' when ${installments.paidUsd} > 0 then 'partial' else 'pending' end`;

/** Each agreement's schedule, number 0 (the down payment) first. */
async function schedulesOf(db: Executor, ids: number[]) {
  const rows = ids.length
    ? await db
        .select({
          agreement: installments.paymentAgreementId,
          number: installments.number,
          due_date: sql<string>`to_char(${installments.dueDate}, 'YYYY-MM-DD')`,
          amount_usd: sql<string>`${installments.amountUsd}::text`,
          paid_usd: sql<string>`${installments.paidUsd}::text`,
          status: installmentStatus,
        })
        .from(installments)
        .where(inArray(installments.paymentAgreementId, ids))
        .orderBy(asc(installments.paymentAgreementId), asc(installments.number))
    : [];
  const byAgreement = new Map<number, PaymentAgreement['installments']>();
  for (const { agreement, ...row } of rows) byAgreement.set(agreement, [...(byAgreement.get(agreement) ?? []), row]);
  return byAgreement;
}

/**
 * `GET payment-agreements/{id}`: the agreement, its frozen months and its schedule with what each
 * installment has been paid and its state by today in Caracas. A client user reaches only her own
 * (another's is not found, like a missing one).
 */
export async function getAgreement(db: Executor, auth: AuthContext, id: number): Promise<PaymentAgreement> {
  const [row] = await db
    .select()
    .from(paymentAgreements)
    .where(and(eq(paymentAgreements.id, id), clientScope(paymentAgreements.clientId, auth)));
  if (!row) throw notFound(agreementMessages.notFound);
  const [schedules, months] = await Promise.all([
    schedulesOf(db, [id]),
    db
      .select({
        month: paymentAgreementMonths.month,
        price_usd: sql<string>`${paymentAgreementMonths.priceUsd}::text`,
        surcharge_usd: sql<string>`${paymentAgreementMonths.surchargeUsd}::text`,
      })
      .from(paymentAgreementMonths)
      .where(eq(paymentAgreementMonths.paymentAgreementId, id))
      .orderBy(asc(paymentAgreementMonths.month)),
  ]);
  const schedule = schedules.get(id) ?? [];
  return {
    id: row.id,
    address_payment_id: row.addressPaymentId,
    client_id: row.clientId,
    status: row.status as AgreementStatus,
    debt_usd: new Decimal(row.debtUsd).toFixed(2),
    surcharge_usd: new Decimal(row.surchargeUsd).toFixed(2),
    down_payment_usd: new Decimal(row.downPaymentUsd).toFixed(2),
    paid_usd: schedule.reduce((sum, installment) => sum.plus(installment.paid_usd), new Decimal(0)).toFixed(2),
    created_at: iso(row.createdAt),
    ended_at: isoTimestamp(row.endedAt),
    months,
    installments: schedule,
  };
}

/**
 * The agreement each of these addresses' statements shows (issue 50): its newest current or broken
 * one with the schedule; an address with none (or only completed and cancelled ones) is absent.
 */
export async function statementAgreementsOf(db: Executor, addressIds: number[]): Promise<Map<number, StatementAgreement>> {
  if (!addressIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([paymentAgreements.addressPaymentId], {
      id: paymentAgreements.id,
      address: paymentAgreements.addressPaymentId,
      status: paymentAgreements.status,
      debt_usd: paymentAgreements.debtUsd,
      down_payment_usd: paymentAgreements.downPaymentUsd,
    })
    .from(paymentAgreements)
    .where(and(inArray(paymentAgreements.addressPaymentId, addressIds), inArray(paymentAgreements.status, ['current', 'broken'])))
    .orderBy(asc(paymentAgreements.addressPaymentId), desc(paymentAgreements.id));
  const schedules = await schedulesOf(
    db,
    rows.map((row) => row.id),
  );
  return new Map(
    rows.map(({ address, ...row }) => {
      const schedule = schedules.get(row.id) ?? [];
      const agreement: StatementAgreement = {
        id: row.id,
        status: row.status as AgreementStatus,
        debt_usd: new Decimal(row.debt_usd).toFixed(2),
        down_payment_usd: new Decimal(row.down_payment_usd).toFixed(2),
        paid_usd: schedule.reduce((sum, installment) => sum.plus(installment.paid_usd), new Decimal(0)).toFixed(2),
        installments: schedule,
      };
      return [address, agreement];
    }),
  );
}

const listColumns = {
  id: paymentAgreements.id,
  client_id: paymentAgreements.clientId,
  client_name: clients.name,
  address_payment_id: paymentAgreements.addressPaymentId,
  address: addressesPayments.address,
  status: sql<AgreementStatus>`${paymentAgreements.status}`,
  debt_usd: sql<string>`${paymentAgreements.debtUsd}::text`,
  down_payment_usd: sql<string>`${paymentAgreements.downPaymentUsd}::text`,
  paid_usd: sql<string>`(select coalesce(sum(${installments.paidUsd}), 0)::numeric(18,2)::text from ${installments} where ${installments.paymentAgreementId} = ${paymentAgreements.id})`,
  created_at: paymentAgreements.createdAt,
};

/**
 * `GET payment-agreements`: newest first, filtered by client (`filters[client_id]`), address
 * (`filters[address_payment_id]`) and status, each answered from its index; a client user sees
 * only her own.
 */
export function agreementSource(db: Executor, query: ListQuery, auth: AuthContext): RowSource<AgreementListRow> {
  const clientIds = [...idList(query.filters.client), ...idList(query.filters.client_id)];
  const addressIds = idList(query.filters.address_payment_id);
  const statuses = textList(query.filters.status);
  const where: SQL | undefined = and(
    clientScope(paymentAgreements.clientId, auth),
    clientIds.length ? inArray(paymentAgreements.clientId, clientIds) : undefined,
    addressIds.length ? inArray(paymentAgreements.addressPaymentId, addressIds) : undefined,
    statuses.length ? inArray(paymentAgreements.status, statuses) : undefined,
  );
  return {
    rows: async (limit, offset) => {
      const base = db
        .select(listColumns)
        .from(paymentAgreements)
        .innerJoin(clients, eq(clients.id, paymentAgreements.clientId))
        .innerJoin(addressesPayments, eq(addressesPayments.id, paymentAgreements.addressPaymentId))
        .where(where)
        .orderBy(desc(paymentAgreements.id))
        .offset(offset);
      const rows = await (limit === null ? base : base.limit(limit));
      return rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
    },
    count: async () => {
      const [row] = await db.select({ total: count() }).from(paymentAgreements).where(where);
      return Number(row?.total ?? 0);
    },
  };
}

/** Who and where an agreement is, for its PDF and its e-mail. */
export async function agreementParties(db: Executor, agreement: PaymentAgreement) {
  const [row] = await db
    .select({
      name: clients.name,
      identification_type: clients.identificationType,
      identification: clients.identification,
      email: clients.email,
      address: addressesPayments.address,
    })
    .from(addressesPayments)
    .innerJoin(clients, eq(clients.id, addressesPayments.clientId))
    .where(eq(addressesPayments.id, agreement.address_payment_id));
  if (!row) throw notFound(agreementMessages.notFound);
  const { address, ...client } = row;
  return { client, address };
}
