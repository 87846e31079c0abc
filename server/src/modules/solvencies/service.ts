import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { unpaidMonths, solventToDate } from '@recaudo/domain/months';
import { agreementMessages } from '@recaudo/domain/payment-agreements';
import { solvencyMessages, type CreateSolvencyInput } from '@recaudo/domain/solvencies';
import type { Database, Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { fieldError, notFound } from '../../platform/errors';
import { assertOwnClient } from '../../platform/scope';
import { retryingConflicts } from '../../platform/transactions';
import { addressesPayments } from '../addresses-payment/tables';
import type { AuthContext } from '../auth/service';
import { clients } from '../clients/tables';
import { agreementMonthsOf } from '../payment-agreements/holds';
import { addressFacts } from '../payments/payment-ledger';
import { solvencyScope } from './queries';
import { addressSolvency, type AddressSolvencyFacts } from './rule';
import { solvencies } from './tables';

const AUDIT_MODULE = 'solvencies';

/** Residential: community with its parish; commercial: economic activity (spec 02 §5 Solvency). */
async function assertComplete(tx: Executor, addressId: number): Promise<void> {
  const [address] = await tx
    .select({
      type: addressesPayments.type,
      parish: addressesPayments.parishId,
      community: addressesPayments.communityId,
      activity: addressesPayments.economicActivityId,
    })
    .from(addressesPayments)
    .where(eq(addressesPayments.id, addressId));
  const complete = address && (address.type === 1 ? address.activity !== null : address.community !== null && address.parish !== null);
  if (!complete) throw fieldError('addresses_payment_id', solvencyMessages.addressIncomplete);
}

/**
 * An address with a current payment agreement (issue 50) gets no certificate unless the setting
 * SOLVENCY_WITH_AGREEMENT allows it; then the agreement's months count as covered while it is current.
 */
async function withAgreement(tx: Executor, facts: AddressSolvencyFacts, allowed: boolean, now: Date): Promise<AddressSolvencyFacts> {
  const months = await agreementMonthsOf(tx, facts.address_id);
  if (!months.size) return facts;
  if (!allowed) throw fieldError('addresses_payment_id', agreementMessages.solvencyWithAgreement);
  const address = await addressFacts(tx, facts.address_id, null);
  const covered = new Set([...(address?.taken ?? []), ...months]);
  const owed = unpaidMonths(facts.start_month, covered, now).length;
  const solvent = owed === 0 && !facts.pending;
  return {
    ...facts,
    months_to_pay: owed,
    solvent,
    solvent_to_date: solvent ? solventToDate(facts.start_month, covered) : null,
    reason: solvent ? null : facts.reason,
  };
}

/**
 * `solvencies/store`: issues a certificate for a complete address of the client that is solvent
 * now, by the one rule (rule.ts), read from the address row held for update, so a payment or an
 * unmark can't slip in before the certificate commits (and one that commits after it revokes it).
 * Not solvent answers 422 with the reason. Client users issue for their own addresses only.
 */
export async function createSolvency(
  db: Database,
  auth: AuthContext,
  input: CreateSolvencyInput,
  options: { now?: Date; solvencyWithAgreement?: boolean } = {},
): Promise<{ id: number; hash: string }> {
  const now = options.now ?? new Date();
  assertOwnClient(auth, input.client_id, solvencyMessages.clientNotFound);
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, input.client_id));
  if (!client) throw notFound(solvencyMessages.clientNotFound);
  return retryingConflicts(() =>
    db.transaction(async (tx) => {
      const ledger = await addressSolvency(tx, input.addresses_payment_id, now, true);
      if (!ledger || ledger.client_id !== input.client_id) throw notFound(solvencyMessages.addressNotFound);
      await assertComplete(tx, ledger.address_id);
      const facts = await withAgreement(tx, ledger, Boolean(options.solvencyWithAgreement), now);
      if (!facts.solvent || !facts.solvent_to_date) throw fieldError('addresses_payment_id', facts.reason ?? solvencyMessages.owing(facts.months_to_pay));
      const hash = randomBytes(32).toString('hex');
      const [row] = await tx
        .insert(solvencies)
        .values({
          clientId: facts.client_id,
          addressesPaymentId: facts.address_id,
          type: facts.type,
          fromMonth: facts.start_month,
          solventToDate: facts.solvent_to_date,
          hash,
          createdBy: auth.user.id,
        })
        .returning({ id: solvencies.id });
      if (!row) throw new Error('solvency insert returned nothing');
      await recordAudit(tx, {
        module: AUDIT_MODULE,
        event: 'created',
        causerId: auth.user.id,
        subjectId: row.id,
        attributes: {
          client_id: facts.client_id,
          addresses_payment_id: facts.address_id,
          type: facts.type,
          from_month: facts.start_month,
          solvent_to_date: facts.solvent_to_date,
        },
      });
      return { id: row.id, hash };
    }),
  );
}

/** `solvencies/delete` (staff with delete_solvency, within their data scope). */
export async function deleteSolvency(db: Database, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(solvencies)
      .where(and(eq(solvencies.id, id), solvencyScope(auth)))
      .for('update');
    if (!row) throw notFound(solvencyMessages.notFound);
    await tx.delete(solvencies).where(eq(solvencies.id, id));
    await recordAudit(tx, {
      module: AUDIT_MODULE,
      event: 'deleted',
      causerId: auth.user.id,
      subjectId: id,
      old: {
        client_id: row.clientId,
        addresses_payment_id: row.addressesPaymentId,
        type: row.type,
        solvent_to_date: row.solventToDate,
        is_valid: row.isValid,
      },
    });
  });
}
