import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  regionalChainMessages,
  regionalMessages,
  type CommunityInput,
  type MunicipalityInput,
  type ParishInput,
  type RegionalUnit,
  type StateInput,
} from '@recaudo/domain/regional';
import { messages } from '@recaudo/domain/validation';
import type { Database, Executor } from '../../db/client';
import { changedFields, recordAudit } from '../../platform/audit';
import { AppError, fieldError, notFound } from '../../platform/errors';
import type { Month } from '@recaudo/domain/months';
import type { AuthContext } from '../auth/service';
import { feeAfterEdit, forgetFeeHistory } from '../fees/service';
import { lateFeeSelect, lateFeeSettingsOfRow } from '../fees/late-fee-columns';
import { lateFeeFieldsOf, lateFeeSettingsOf } from '@recaudo/domain/late-fees';
import { communities, municipalities, parishes, states } from './tables';

/**
 * Writes of the regional units. Every change is audited in its transaction under the unit's
 * module name (states, municipalities, parishes, communities) with old and new values in
 * the API's field names.
 */

type Snapshot = Record<string, unknown>;

interface UnitTable {
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
  active: PgColumn;
  parent: PgColumn | null;
  child: { unit: RegionalUnit; table: PgTable; parent: PgColumn } | null;
}

const UNITS: Record<RegionalUnit, UnitTable> = {
  states: { table: states, id: states.id, name: states.name, active: states.active, parent: null, child: { unit: 'municipalities', table: municipalities, parent: municipalities.stateId } },
  municipalities: {
    table: municipalities,
    id: municipalities.id,
    name: municipalities.name,
    active: municipalities.active,
    parent: municipalities.stateId,
    child: { unit: 'parishes', table: parishes, parent: parishes.municipalityId },
  },
  parishes: {
    table: parishes,
    id: parishes.id,
    name: parishes.name,
    active: parishes.active,
    parent: parishes.municipalityId,
    child: { unit: 'communities', table: communities, parent: communities.parishId },
  },
  communities: { table: communities, id: communities.id, name: communities.name, active: communities.active, parent: communities.parishId, child: null },
};

/** The unit's stored values in API field names, or 404. */
async function snapshot(executor: Executor, unit: RegionalUnit, id: number): Promise<Snapshot & { active: boolean }> {
  const found = await (async () => {
    switch (unit) {
      case 'states':
        return (await executor.select({ name: states.name, active: states.active }).from(states).where(eq(states.id, id)))[0];
      case 'municipalities':
        return (
          await executor
            .select({ name: municipalities.name, state_id: municipalities.stateId, active: municipalities.active })
            .from(municipalities)
            .where(eq(municipalities.id, id))
        )[0];
      case 'parishes':
        return (
          await executor
            .select({ name: parishes.name, municipality_id: parishes.municipalityId, date_start: parishes.dateStart, active: parishes.active })
            .from(parishes)
            .where(eq(parishes.id, id))
        )[0];
      case 'communities':
        return (
          await executor
            .select({
              name: communities.name,
              parish_id: communities.parishId,
              number_houses: communities.numberHouses,
              responsible_name: communities.responsibleName,
              responsible_phone: communities.responsiblePhone,
              fee: communities.fee,
              date_start: communities.dateStart,
              ...lateFeeSelect(communities),
              active: communities.active,
            })
            .from(communities)
            .where(eq(communities.id, id))
        )[0];
    }
  })();
  if (!found) throw notFound(regionalMessages(unit).notFound);
  return found;
}

/** Names are unique among the siblings of one parent (any case). */
async function assertNameFree(executor: Executor, unit: RegionalUnit, name: string, parentId: number | null, exceptId?: number) {
  const spec = UNITS[unit];
  const [clash] = await executor
    .select({ id: spec.id })
    .from(spec.table)
    .where(
      and(
        sql`lower(${spec.name}) = lower(${name})`,
        spec.parent && parentId !== null ? eq(spec.parent, parentId) : undefined,
        exceptId ? ne(spec.id, exceptId) : undefined,
      ),
    );
  if (clash) throw fieldError('name', regionalMessages(unit).duplicateName);
}

/** The parent chain the panel sent must exist and hold together. */
async function assertChain(executor: Executor, input: { state_id: number; municipality_id?: number; parish_id?: number }) {
  const [state] = await executor.select({ id: states.id }).from(states).where(eq(states.id, input.state_id));
  if (!state) throw fieldError('state_id', messages.invalid('Estado'));
  if (input.municipality_id === undefined) return;
  const [municipality] = await executor.select({ stateId: municipalities.stateId }).from(municipalities).where(eq(municipalities.id, input.municipality_id));
  if (!municipality) throw fieldError('municipality_id', messages.invalid('Municipio'));
  if (municipality.stateId !== input.state_id) throw fieldError('municipality_id', regionalChainMessages.municipalityNotInState);
  if (input.parish_id === undefined) return;
  const [parish] = await executor.select({ municipalityId: parishes.municipalityId }).from(parishes).where(eq(parishes.id, input.parish_id));
  if (!parish) throw fieldError('parish_id', messages.invalid('Parroquia'));
  if (parish.municipalityId !== input.municipality_id) throw fieldError('parish_id', regionalChainMessages.parishNotInMunicipality);
}

const stateValues = (input: StateInput) => ({ name: input.name });
const municipalityValues = (input: MunicipalityInput) => ({ name: input.name, state_id: input.state_id });
const parishValues = (input: ParishInput) => ({ name: input.name, municipality_id: input.municipality_id, date_start: input.date_start });
const communityValues = (input: CommunityInput) => ({
  name: input.name,
  parish_id: input.parish_id,
  number_houses: input.number_houses,
  responsible_name: input.responsible_name,
  responsible_phone: input.responsible_phone,
  fee: input.fee,
  date_start: input.date_start,
  ...lateFeeFieldsOf(lateFeeSettingsOf(input)),
});

/** API field names → the table's columns. */
function columnsOf(unit: RegionalUnit, values: Snapshot) {
  const map: Record<string, string> = {
    name: 'name',
    state_id: 'stateId',
    municipality_id: 'municipalityId',
    parish_id: 'parishId',
    date_start: 'dateStart',
    number_houses: 'numberHouses',
    responsible_name: 'responsibleName',
    responsible_phone: 'responsiblePhone',
    fee: 'fee',
    late_fee_percent: 'lateFeePercent',
    late_fee_grace_days: 'lateFeeGraceDays',
    late_fee_cap_months: 'lateFeeCapMonths',
    late_fee_cap_percent: 'lateFeeCapPercent',
    active: 'active',
  };
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [map[key] ?? key, value]));
}

type AnyInput =
  | { unit: 'states'; input: StateInput }
  | { unit: 'municipalities'; input: MunicipalityInput }
  | { unit: 'parishes'; input: ParishInput }
  | { unit: 'communities'; input: CommunityInput & { effective_month?: Month } };

function prepare(request: AnyInput): { values: Snapshot; parentId: number | null; chain: Parameters<typeof assertChain>[1] | null } {
  switch (request.unit) {
    case 'states':
      return { values: stateValues(request.input), parentId: null, chain: null };
    case 'municipalities':
      return { values: municipalityValues(request.input), parentId: request.input.state_id, chain: { state_id: request.input.state_id } };
    case 'parishes':
      return {
        values: parishValues(request.input),
        parentId: request.input.municipality_id,
        chain: { state_id: request.input.state_id, municipality_id: request.input.municipality_id },
      };
    case 'communities':
      return {
        values: communityValues(request.input),
        parentId: request.input.parish_id,
        chain: { state_id: request.input.state_id, municipality_id: request.input.municipality_id, parish_id: request.input.parish_id },
      };
  }
}

/** Creates a unit under its parent; answers its id. */
export async function createUnit(db: Database, auth: AuthContext, request: AnyInput): Promise<number> {
  const spec = UNITS[request.unit];
  const { values, parentId, chain } = prepare(request);
  return db.transaction(async (tx) => {
    if (chain) await assertChain(tx, chain);
    await assertNameFree(tx, request.unit, String(values.name), parentId);
    const [row] = (await tx.insert(spec.table).values(columnsOf(request.unit, values)).returning({ id: spec.id })) as { id: number }[];
    if (!row) throw new Error('regional insert returned nothing');
    await recordAudit(tx, { module: request.unit, event: 'created', causerId: auth.user.id, subjectId: row.id, attributes: { ...values, active: true } });
    return row.id;
  });
}

export async function updateUnit(db: Database, auth: AuthContext, id: number, request: AnyInput): Promise<void> {
  const spec = UNITS[request.unit];
  const { values, parentId, chain } = prepare(request);
  await db.transaction(async (tx) => {
    const before = await snapshot(tx, request.unit, id);
    if (chain) await assertChain(tx, chain);
    await assertNameFree(tx, request.unit, String(values.name), parentId, id);
    if (request.unit === 'communities') {
      // A new fee applies from its effective month (issue 50); the column keeps the newest tariff.
      const change = { type: 'community' as const, id, before: before.fee as string, fee: request.input.fee, effectiveMonth: request.input.effective_month, now: new Date() };
      values.fee = await feeAfterEdit(tx, auth, change);
      // Surcharge settings a request leaves out stay as stored (issue 50).
      const [stored] = await tx.select(lateFeeSelect(communities)).from(communities).where(eq(communities.id, id));
      Object.assign(values, lateFeeFieldsOf(lateFeeSettingsOf(request.input, stored && lateFeeSettingsOfRow(stored))));
    }
    const diff = changedFields(before, values);
    if (!diff.changed) return;
    await tx
      .update(spec.table)
      .set({ ...columnsOf(request.unit, diff.attributes), updatedAt: new Date() })
      .where(eq(spec.id, id));
    await recordAudit(tx, { module: request.unit, event: 'updated', causerId: auth.user.id, subjectId: id, old: diff.old, attributes: diff.attributes });
  });
}

/** The active toggle of the table row. */
export async function changeUnitStatus(db: Database, auth: AuthContext, unit: RegionalUnit, input: { id: number; active: boolean }) {
  const spec = UNITS[unit];
  await db.transaction(async (tx) => {
    const before = await snapshot(tx, unit, input.id);
    if (before.active === input.active) return;
    await tx.update(spec.table).set({ active: input.active, updatedAt: new Date() }).where(eq(spec.id, input.id));
    await recordAudit(tx, { module: unit, event: 'updated', causerId: auth.user.id, subjectId: input.id, old: { active: before.active }, attributes: { active: input.active } });
  });
}

/** A unit with children stays: they would be orphaned (and their addresses with them). */
export async function deleteUnit(db: Database, auth: AuthContext, unit: RegionalUnit, id: number) {
  const spec = UNITS[unit];
  await db.transaction(async (tx) => {
    const before = await snapshot(tx, unit, id);
    if (spec.child) {
      const [children] = await tx.select({ total: count() }).from(spec.child.table).where(eq(spec.child.parent, id));
      if (children && children.total > 0) throw new AppError('validation', regionalMessages(unit).hasChildren(children.total, spec.child.unit));
    }
    await tx.delete(spec.table).where(eq(spec.id, id));
    if (unit === 'communities') await forgetFeeHistory(tx, 'community', id);
    await recordAudit(tx, { module: unit, event: 'deleted', causerId: auth.user.id, subjectId: id, old: before });
  });
}
