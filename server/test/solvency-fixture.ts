import { addMonths, currentMonth, type Month } from '@recaudo/domain/months';
import { addressesPayments, addressMonths } from '../src/modules/addresses-payment/tables';
import { activityGroups, economicActivities } from '../src/modules/economic-activities/tables';
import { communities, municipalities, parishes, states } from '../src/modules/regional/tables';
import type { TestContext } from './harness';
import { insertPayment } from './payment-fixture';

export const NOW: Month = currentMonth();
/** NOW shifted by `count` months. */
export const M = (count: number) => addMonths(NOW, count);

export interface Place {
  state: number;
  municipality: number;
  parish: number;
  community: number;
  activity: number;
}

/** A complete location: state, municipality, parish, community (fee $5) and a commercial activity ($20). */
export async function seedPlace(ctx: TestContext): Promise<Place> {
  const { db } = ctx;
  const [state] = await db.insert(states).values({ name: 'Lara' }).returning();
  const [municipality] = await db.insert(municipalities).values({ name: 'Iribarren', stateId: state!.id }).returning();
  const [parish] = await db.insert(parishes).values({ name: 'Catedral', municipalityId: municipality!.id, dateStart: '2024-01-01' }).returning();
  const [community] = await db.insert(communities).values({ name: 'Los Samanes', parishId: parish!.id, fee: '5.00', dateStart: '2024-01-01' }).returning();
  const [group] = await db.insert(activityGroups).values({ name: 'Comercio' }).returning();
  const [activity] = await db.insert(economicActivities).values({ name: 'Bodegas', activityGroupId: group!.id, fee: '20.00' }).returning();
  return { state: state!.id, municipality: municipality!.id, parish: parish!.id, community: community!.id, activity: activity!.id };
}

/** A residential address of the client starting at `start` (its own date_start), complete unless `incomplete`. */
export async function seedAddress(ctx: TestContext, place: Place, clientId: number, start: Month, options: { incomplete?: boolean; createdBy?: number } = {}) {
  const [address] = await ctx.db
    .insert(addressesPayments)
    .values({
      clientId,
      type: 0,
      address: `Calle ${Math.floor(Math.random() * 1000)}, casa 12`,
      stateId: place.state,
      municipalityId: place.municipality,
      parishId: place.parish,
      communityId: options.incomplete ? null : place.community,
      dateStart: `${start}-01`,
      createdBy: options.createdBy ?? null,
    })
    .returning({ id: addressesPayments.id });
  return address!.id;
}

/** Manual marks on these months. */
export async function markMonths(ctx: TestContext, addressId: number, months: Month[]) {
  if (months.length) await ctx.db.insert(addressMonths).values(months.map((month) => ({ addressPaymentId: addressId, month })));
}

/** A payment (0 Procesando, 1 Aprobado) covering these months, as the payments service leaves the ledger. */
export async function payMonths(ctx: TestContext, clientId: number, addressId: number, months: Month[], status: 0 | 1 = 1) {
  const paymentId = await insertPayment(ctx.db, { clientId, addressPaymentId: addressId, status, monthsPayment: months });
  await ctx.db.insert(addressMonths).values(months.map((month) => ({ addressPaymentId: addressId, month, paymentId, pending: status === 0 })));
  return paymentId;
}
