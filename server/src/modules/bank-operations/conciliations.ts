import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { bankMessages, CONCILIATION_ERROR_CODES } from '@recaudo/domain/bank-operations';
import { listQuerySchema } from '@recaudo/domain/paging';
import type { Executor } from '../../db/client';
import { notFound } from '../../platform/errors';
import { walkByIds, type RowSource } from '../../platform/export';
import { caracasDayRange, idList, isChecked, likePattern, textList } from '../../platform/paging';
import { banks } from '../banks/tables';
import { clients } from '../clients/tables';
import { payments } from '../payments/tables';
import { users } from '../users/tables';
import type { ConciliationRecord } from './presenter';
import { conciliations } from './tables';

/** Conciliations are paged by 15 (spec 02 §9); the filters come as plain parameters or as `filters[...]`. */
export const conciliationQuerySchema = listQuerySchema.extend({
  per_page: listQuerySchema.shape.per_page.unwrap().optional().default(15),
  client_id: z.unknown().optional(),
  success: z.unknown().optional(),
  reference: z.string().trim().max(50).optional(),
  date_from: z.string().optional(),
  date_to: z.string().optional(),
  error_code: z.unknown().optional(),
});
export type ConciliationQuery = z.output<typeof conciliationQuerySchema>;

const columns = {
  id: conciliations.id,
  clientId: conciliations.clientId,
  clientName: clients.name,
  clientIdentificationType: clients.identificationType,
  clientIdentification: clients.identification,
  userId: conciliations.userId,
  userName: users.name,
  reference: conciliations.reference,
  paymentDate: conciliations.paymentDate,
  amount: conciliations.amount,
  originBank: conciliations.originBank,
  originBankName: banks.name,
  payPhone: conciliations.payPhone,
  success: conciliations.success,
  errorCode: conciliations.errorCode,
  errorMessage: conciliations.errorMessage,
  responseData: conciliations.responseData,
  processedAt: conciliations.processedAt,
  paymentId: payments.id,
};

const joined = (db: Executor) =>
  db
    .select(columns)
    .from(conciliations)
    .leftJoin(clients, eq(clients.id, conciliations.clientId))
    .leftJoin(users, eq(users.id, conciliations.userId))
    .leftJoin(payments, eq(payments.conciliationId, conciliations.id))
    .leftJoin(banks, eq(banks.code, conciliations.originBank));

const pick = (query: ConciliationQuery, name: string) => query[name as keyof ConciliationQuery] ?? query.filters[name];

/** The `where` of the list, the statistics and the export: every filter of spec 02 §5 and §7. */
export function conciliationWhere(query: ConciliationQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const clientIds = idList(pick(query, 'client_id') ?? query.filters.client);
  if (clientIds.length) conditions.push(or(...clientIds.map((id) => eq(conciliations.clientId, id))));
  const success = pick(query, 'success');
  if (success !== undefined && success !== '' && success !== null) conditions.push(eq(conciliations.success, isChecked(success)));
  const codes = textList(pick(query, 'error_code')).filter((code) => (CONCILIATION_ERROR_CODES as readonly string[]).includes(code));
  if (codes.length) conditions.push(or(...codes.map((code) => eq(conciliations.errorCode, code))));
  const reference = textList(pick(query, 'reference'))[0];
  if (reference) conditions.push(ilike(conciliations.reference, likePattern(reference)));
  const from = pick(query, 'date_from');
  const to = pick(query, 'date_to');
  const range = caracasDayRange(from || to ? [from || to, to || from] : query.filters.dates);
  if (range) conditions.push(gte(conciliations.processedAt, range[0]), lt(conciliations.processedAt, range[1]));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(conciliations.reference, pattern),
        sql`exists (select 1 from ${clients} c where c.id = ${conciliations.clientId} and (c.name ilike ${pattern} or (c.identification_type || '-' || c.identification) ilike ${pattern}))`,
      ),
    );
  }
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length ? and(...present) : undefined;
}

/** The conciliations list, newest attempt first (index conciliations_processed_idx). */
export function conciliationSource(db: Executor, query: ConciliationQuery, extra?: SQL): RowSource<ConciliationRecord> {
  const where = and(conciliationWhere(query), extra);
  return {
    async rows(limit, offset) {
      const base = joined(db).where(where).orderBy(desc(conciliations.processedAt), desc(conciliations.id)).offset(offset);
      return (limit === null ? base : base.limit(limit)) as Promise<ConciliationRecord[]>;
    },
    walk: walkByIds(
      db,
      () => db.select({ id: conciliations.id }).from(conciliations).where(where).orderBy(desc(conciliations.processedAt), desc(conciliations.id)).getSQL(),
      (ids) => joined(db).where(inArray(conciliations.id, ids)) as Promise<ConciliationRecord[]>,
    ),
    async count() {
      return (await db.select({ total: count() }).from(conciliations).where(where))[0]?.total ?? 0;
    },
  };
}

export async function getConciliation(db: Executor, id: number): Promise<ConciliationRecord> {
  const [row] = await joined(db).where(eq(conciliations.id, id));
  if (!row) throw notFound(bankMessages.conciliationNotFound);
  return row as ConciliationRecord;
}

/** Attempts, successes, the conciliated amount and the failures by code of the filtered range. */
export async function conciliationStatistics(db: Executor, query: ConciliationQuery) {
  const rows = await db
    .select({
      success: conciliations.success,
      errorCode: conciliations.errorCode,
      attempts: count(),
      amount: sql<string>`coalesce(sum(${conciliations.amount}), 0)::numeric(18,2)::text`,
    })
    .from(conciliations)
    .where(conciliationWhere(query))
    .groupBy(conciliations.success, conciliations.errorCode);
  const failuresByCode: Record<string, number> = Object.fromEntries(CONCILIATION_ERROR_CODES.map((code) => [code, 0]));
  let attempts = 0;
  let conciliated = 0;
  let amount = '0.00';
  for (const row of rows) {
    attempts += row.attempts;
    if (row.success) {
      conciliated += row.attempts;
      amount = row.amount;
    } else if (row.errorCode) failuresByCode[row.errorCode] = (failuresByCode[row.errorCode] ?? 0) + row.attempts;
  }
  return { attempts, conciliated, failed: attempts - conciliated, amount_conciliated: amount, failures_by_code: failuresByCode };
}
