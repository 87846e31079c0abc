import { and, asc, count, eq, ilike, ne, or } from 'drizzle-orm';
import { bankMessages, type BankInput } from '@recaudo/domain/banks';
import type { ListQuery } from '@recaudo/domain/paging';
import type { Database, Executor } from '../../db/client';
import { changedFields, recordAudit } from '../../platform/audit';
import { fieldError, notFound } from '../../platform/errors';
import type { RowSource } from '../../platform/export';
import { likePattern, sortOrder } from '../../platform/paging';
import type { AuthContext } from '../auth/service';
import { banks } from './tables';

export interface BankRow {
  id: number;
  code: string;
  name: string;
}

const bankColumns = { id: banks.id, code: banks.code, name: banks.name };

/** Banks by code; the spec loads them whole (`per_page` defaults to every row). */
export function bankSource(db: Executor, query: ListQuery): RowSource<BankRow> {
  const pattern = likePattern(query.search);
  const where = query.search ? or(ilike(banks.name, pattern), ilike(banks.code, pattern)) : undefined;
  const order = sortOrder(query.sorter, { id: banks.id, code: banks.code, name: banks.name }, asc(banks.code), banks.id);
  return {
    async rows(limit, offset) {
      const base = db.select(bankColumns).from(banks).where(where).orderBy(...order).offset(offset);
      return limit === null ? base : base.limit(limit);
    },
    async count() {
      return (await db.select({ total: count() }).from(banks).where(where))[0]?.total ?? 0;
    },
  };
}

export const selectableBanks = (db: Executor) => db.select(bankColumns).from(banks).orderBy(asc(banks.name));

async function getBank(executor: Executor, id: number) {
  const [bank] = await executor.select().from(banks).where(eq(banks.id, id));
  if (!bank) throw notFound(bankMessages.notFound);
  return bank;
}

async function assertCodeFree(executor: Executor, code: string, exceptId?: number) {
  const [clash] = await executor.select({ id: banks.id }).from(banks).where(and(eq(banks.code, code), exceptId ? ne(banks.id, exceptId) : undefined));
  if (clash) throw fieldError('code', bankMessages.duplicateCode);
}

export async function createBank(db: Database, auth: AuthContext, input: BankInput) {
  return db.transaction(async (tx) => {
    await assertCodeFree(tx, input.code);
    const [bank] = await tx.insert(banks).values(input).returning({ id: banks.id });
    if (!bank) throw new Error('bank insert returned nothing');
    await recordAudit(tx, { module: 'banks', event: 'created', causerId: auth.user.id, subjectId: bank.id, attributes: input });
    return bank.id;
  });
}

export async function updateBank(db: Database, auth: AuthContext, input: BankInput & { id: number }) {
  await db.transaction(async (tx) => {
    const bank = await getBank(tx, input.id);
    await assertCodeFree(tx, input.code, bank.id);
    const diff = changedFields({ code: bank.code, name: bank.name }, { code: input.code, name: input.name });
    if (!diff.changed) return;
    await tx.update(banks).set({ code: input.code, name: input.name, updatedAt: new Date() }).where(eq(banks.id, bank.id));
    await recordAudit(tx, { module: 'banks', event: 'updated', causerId: auth.user.id, subjectId: bank.id, old: diff.old, attributes: diff.attributes });
  });
}

export async function deleteBank(db: Database, auth: AuthContext, id: number) {
  await db.transaction(async (tx) => {
    const bank = await getBank(tx, id);
    await tx.delete(banks).where(eq(banks.id, id));
    await recordAudit(tx, { module: 'banks', event: 'deleted', causerId: auth.user.id, subjectId: id, old: { code: bank.code, name: bank.name } });
  });
}
