import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { addressMessages, selectedMonthList, type ChangeMonthsInput, type CreateAddressInput, type UpdateAddressInput } from '@recaudo/domain/addresses';
import { balanceMessages } from '@recaudo/domain/balance';
import { addMonths, currentMonth, lastPayableMonth } from '@recaudo/domain/months';
import type { Database, Executor } from '../../db/client';
import { changedFields, recordAudit } from '../../platform/audit';
import { fieldError, notFound } from '../../platform/errors';
import { assertOwnClient, clientIdOf } from '../../platform/scope';
import { retryingConflicts } from '../../platform/transactions';
import type { AuthContext } from '../auth/service';
import { clients } from '../clients/tables';
import { economicActivities } from '../economic-activities/tables';
import { forgetFeeHistory, ownFeeAfterEdit } from '../fees/service';
import { communities, municipalities, parishes, states } from '../regional/tables';
import { addressRow } from './queries';
import { addressesPayments, addressMonths } from './tables';

type AddressRecord = typeof addressesPayments.$inferSelect;

type AddressInput = CreateAddressInput;

async function getAddress(executor: Executor, id: number, auth: AuthContext, lock = false): Promise<AddressRecord> {
  const base = executor.select().from(addressesPayments).where(eq(addressesPayments.id, id));
  const [address] = lock ? await base.for('update') : await base;
  if (!address) throw notFound(addressMessages.notFound);
  assertOwnClient(auth, address.clientId, addressMessages.notFound);
  return address;
}

/** Each level must exist and belong to the one above it (the panel filters each list by its parent). */
async function checkLocation(tx: Executor, input: AddressInput): Promise<void> {
  const [state] = await tx.select({ id: states.id }).from(states).where(eq(states.id, input.state_id));
  if (!state) throw fieldError('state_id', addressMessages.stateMissing);
  const [municipality] = await tx.select({ parent: municipalities.stateId }).from(municipalities).where(eq(municipalities.id, input.municipality_id));
  if (municipality?.parent !== input.state_id) throw fieldError('municipality_id', addressMessages.municipalityMismatch);
  const [parish] = await tx.select({ parent: parishes.municipalityId }).from(parishes).where(eq(parishes.id, input.parish_id));
  if (parish?.parent !== input.municipality_id) throw fieldError('parish_id', addressMessages.parishMismatch);
  if (input.community_id !== null) {
    const [community] = await tx.select({ parent: communities.parishId }).from(communities).where(eq(communities.id, input.community_id));
    if (community?.parent !== input.parish_id) throw fieldError('community_id', addressMessages.communityMismatch);
  }
  if (input.economic_activity_id !== null) {
    const [activity] = await tx.select({ id: economicActivities.id }).from(economicActivities).where(eq(economicActivities.id, input.economic_activity_id));
    if (!activity) throw fieldError('economic_activity_id', addressMessages.economicActivityMissing);
  }
}

async function checkClient(tx: Executor, auth: AuthContext, clientId: number): Promise<void> {
  assertOwnClient(auth, clientId, addressMessages.clientNotFound);
  const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
  if (!client) throw fieldError('client_id', addressMessages.clientNotFound);
}

/**
 * The opening position (issue 48). Staff set it, clear it (null) or, by not sending it, keep it.
 * A client user gives it only for a new address ("¿desde cuándo tienes el servicio?", for staff to
 * confirm on the address form); without an answer she owes from the current month, never from a
 * community's start years ago.
 */
function openingOf(auth: AuthContext, input: AddressInput, previous: AddressRecord | undefined, now: Date): string | null {
  if (clientIdOf(auth) !== null) return previous ? previous.openingPaidThrough : (input.opening_paid_through ?? addMonths(currentMonth(now), -1));
  return input.opening_paid_through === undefined ? (previous?.openingPaidThrough ?? null) : input.opening_paid_through;
}

/**
 * The stored values. Economic activity, custom fee and own start date are staff-only: a client
 * user's values for them are ignored (a new address gets none, an edited one keeps the staff's).
 */
function storedValues(auth: AuthContext, input: AddressInput, previous?: AddressRecord, now = new Date()) {
  const isClient = clientIdOf(auth) !== null;
  const keep = isClient && previous && previous.type === input.type;
  const staffOnly = isClient
    ? {
        economic_activity_id: keep ? previous.economicActivityId : null,
        is_custom_fee: keep ? previous.isCustomFee : false,
        fee: keep ? previous.fee : null,
        date_start: previous ? previous.dateStart : null,
      }
    : { economic_activity_id: input.economic_activity_id, is_custom_fee: input.is_custom_fee, fee: input.fee, date_start: input.date_start };
  return {
    client_id: input.client_id,
    type: input.type,
    address: input.address,
    state_id: input.state_id,
    municipality_id: input.municipality_id,
    parish_id: input.parish_id,
    community_id: input.community_id,
    ...staffOnly,
    opening_paid_through: openingOf(auth, input, previous, now),
  };
}

type Stored = ReturnType<typeof storedValues>;

const columnsOf = (values: Stored) => ({
  clientId: values.client_id,
  type: values.type,
  address: values.address,
  stateId: values.state_id,
  municipalityId: values.municipality_id,
  parishId: values.parish_id,
  communityId: values.community_id,
  economicActivityId: values.economic_activity_id,
  isCustomFee: values.is_custom_fee,
  fee: values.fee,
  dateStart: values.date_start,
  openingPaidThrough: values.opening_paid_through,
});

const recordValues = (address: AddressRecord): Stored => ({
  client_id: address.clientId,
  type: address.type === 1 ? 1 : 0,
  address: address.address,
  state_id: address.stateId ?? 0,
  municipality_id: address.municipalityId ?? 0,
  parish_id: address.parishId ?? 0,
  community_id: address.communityId,
  economic_activity_id: address.economicActivityId,
  is_custom_fee: address.isCustomFee,
  fee: address.fee,
  date_start: address.dateStart,
  opening_paid_through: address.openingPaidThrough,
});

function assertStaffRules(auth: AuthContext, values: Stored): void {
  if (clientIdOf(auth) === null && values.type === 1 && values.economic_activity_id === null) {
    throw fieldError('economic_activity_id', addressMessages.economicActivityRequired);
  }
}

/** Staff need add_address_payment and add_client or edit_client; client users add their own. */
export async function createAddress(db: Database, auth: AuthContext, input: CreateAddressInput): Promise<number> {
  return db.transaction(async (tx) => {
    await checkClient(tx, auth, input.client_id);
    await checkLocation(tx, input);
    const values = storedValues(auth, input);
    assertStaffRules(auth, values);
    const [address] = await tx
      .insert(addressesPayments)
      .values({ ...columnsOf(values), createdBy: auth.user.id })
      .returning({ id: addressesPayments.id });
    if (!address) throw new Error('address insert returned nothing');
    await recordAudit(tx, { module: 'addresses_payments', event: 'created', causerId: auth.user.id, subjectId: address.id, attributes: { ...values } });
    return address.id;
  });
}

/** Staff need edit_address_payment and edit_client; client users edit their own. */
export async function updateAddress(db: Database, auth: AuthContext, input: UpdateAddressInput): Promise<void> {
  await db.transaction(async (tx) => {
    const address = await getAddress(tx, input.id, auth, true);
    await checkClient(tx, auth, input.client_id);
    await checkLocation(tx, input);
    const stored = storedValues(auth, input, address);
    assertStaffRules(auth, stored);
    const values = { ...stored, ...(await ownFeeAfterEdit(tx, auth, address, stored, input.effective_month)) };
    const diff = changedFields(recordValues(address), values);
    if (!diff.changed) return;
    await tx
      .update(addressesPayments)
      .set({ ...columnsOf(values), updatedAt: new Date() })
      .where(eq(addressesPayments.id, address.id));
    await recordAudit(tx, {
      module: 'addresses_payments',
      event: 'updated',
      causerId: auth.user.id,
      subjectId: address.id,
      old: diff.old,
      attributes: diff.attributes,
    });
  });
}

/** Its covered months go with it (the ledger cascades). */
export async function deleteAddress(db: Database, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const address = await getAddress(tx, id, auth, true);
    const months = await tx
      .select({ month: addressMonths.month, payment_id: addressMonths.paymentId })
      .from(addressMonths)
      .where(eq(addressMonths.addressPaymentId, id));
    await tx.delete(addressesPayments).where(eq(addressesPayments.id, id));
    await forgetFeeHistory(tx, 'address', id);
    await recordAudit(tx, {
      module: 'addresses_payments',
      event: 'deleted',
      causerId: auth.user.id,
      subjectId: id,
      old: { ...recordValues(address), covered_months: months.map((entry) => entry.month) },
    });
  });
}

/**
 * The calendar's merged list (DESIGN §5): every month that should end up covered. In one
 * transaction, holding the address row, manual marks are added for new months and removed for
 * months missing from the list; a month held by a payment can't be unmarked; nothing after
 * December of the current year. Sending the same list twice changes nothing the second time.
 */
export async function changeMonths(db: Database, auth: AuthContext, input: ChangeMonthsInput, now = new Date()) {
  const desired = selectedMonthList(input.selected_months);
  const limit = lastPayableMonth(now);
  const beyond = desired.find((month) => month > limit);
  if (beyond) throw fieldError('selected_months', addressMessages.monthBeyondLimit(beyond, limit));
  // Marks and unmarks move the address between address_totals groups twice: see retryingConflicts.
  await retryingConflicts(() =>
    db.transaction(async (tx) => {
      const address = await getAddress(tx, input.address_id, auth, true);
      if (address.clientId !== input.client_id) throw notFound(addressMessages.notFound);
      const existing = await tx
        .select({ id: addressMonths.id, month: addressMonths.month, payment_id: addressMonths.paymentId, from_balance: addressMonths.fromBalance })
        .from(addressMonths)
        .where(eq(addressMonths.addressPaymentId, address.id))
        .orderBy(asc(addressMonths.month));
      const wanted = new Set(desired);
      const held = existing.find((entry) => entry.payment_id !== null && !wanted.has(entry.month));
      if (held) throw fieldError('selected_months', addressMessages.monthHeldByPayment(held.month, held.payment_id!));
      // A month the credit balance completed is its movement's, not a mark: a payment's reversal re-opens it.
      const byBalance = existing.find((entry) => entry.from_balance && !wanted.has(entry.month));
      if (byBalance) throw fieldError('selected_months', balanceMessages.monthHeldByBalance(byBalance.month));
      const have = new Set(existing.map((entry) => entry.month));
      const added = desired.filter((month) => !have.has(month));
      const removed = existing.filter((entry) => entry.payment_id === null && !wanted.has(entry.month));
      if (added.length) {
        await tx
          .insert(addressMonths)
          .values(added.map((month) => ({ addressPaymentId: address.id, month })))
          .onConflictDoNothing({ target: [addressMonths.addressPaymentId, addressMonths.month] });
      }
      if (removed.length) {
        await tx.delete(addressMonths).where(
          and(
            inArray(
              addressMonths.id,
              removed.map((entry) => entry.id),
            ),
            sql`${addressMonths.paymentId} is null and not ${addressMonths.fromBalance}`,
          ),
        );
      }
      if (added.length || removed.length) {
        await recordAudit(tx, {
          module: 'payment months',
          event: 'updated',
          causerId: auth.user.id,
          subjectType: 'addresses_payments',
          subjectId: address.id,
          old: { unmarked: removed.map((entry) => entry.month) },
          attributes: { marked: added },
        });
      }
    }),
  );
  const row = await addressRow(db, input.address_id);
  return { payments: row.payments, months_to_pay: row.months_to_pay };
}
