import { asc, eq } from 'drizzle-orm';
import { addMonths, currentMonth, lastPayableMonth, monthRange, startMonth, type Month } from '@recaudo/domain/months';
import type { Executor } from '../client';
import { addressesPayments, addressMonths } from '../../modules/addresses-payment/tables';
import { clients } from '../../modules/clients/tables';
import { economicActivities } from '../../modules/economic-activities/tables';
import { communities, municipalities, parishes } from '../../modules/regional/tables';

/**
 * How the months of a demo address stand today, so the demo always looks lived-in whatever the
 * date: solvent, owing the last few months, owing with an old gap, or paid ahead to December.
 */
type History = { owing: number; gapAt?: number; ahead?: boolean };
const HISTORIES: History[] = [{ owing: 0 }, { owing: 1 }, { owing: 3 }, { owing: 2, gapAt: 9 }, { owing: 0, ahead: true }, { owing: 6 }, { owing: 0 }];

const STREETS = ['Calle Páez', 'Av. Bolívar Norte', 'Calle Colombia', 'Av. Cedeño', 'Calle Rondón', 'Av. Michelena', 'Calle Vargas', 'Av. Lara'];

/** The months a history leaves covered between `start` and the end of its range. */
function coveredMonths(start: Month, history: History, now: Date): Month[] {
  const current = currentMonth(now);
  if (start > current) return [];
  const lastPaid = addMonths(current, -history.owing);
  const months = lastPaid >= start ? monthRange(start, lastPaid) : [];
  const gap = history.gapAt !== undefined ? addMonths(current, -history.gapAt) : null;
  const ahead = history.ahead && current < lastPayableMonth(now) ? monthRange(addMonths(current, 1), lastPayableMonth(now)) : [];
  return [...months.filter((month) => month !== gap), ...ahead];
}

/**
 * Payment addresses for the demo clients with month histories (manual marks until the payments
 * issue seeds real payments): every residential client lives in one of the demo communities, a
 * few have a second address; commercial clients have one business address under an economic
 * activity, some with a custom fee, and one is still missing its activity (an incomplete address).
 */
export async function seedDemoAddresses(db: Executor, options: { staffUserId: number; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  const places = await db
    .select({
      communityId: communities.id,
      parishId: parishes.id,
      municipalityId: municipalities.id,
      stateId: municipalities.stateId,
      communityStart: communities.dateStart,
      parishStart: parishes.dateStart,
    })
    .from(communities)
    .innerJoin(parishes, eq(parishes.id, communities.parishId))
    .innerJoin(municipalities, eq(municipalities.id, parishes.municipalityId))
    .orderBy(asc(communities.id));
  const [parishOfBusinesses] = places;
  const activities = await db.select({ id: economicActivities.id }).from(economicActivities).orderBy(asc(economicActivities.id));
  const owners = await db.select({ id: clients.id, type: clients.type }).from(clients).orderBy(asc(clients.id));
  if (!places.length || !activities.length || !parishOfBusinesses) return;

  let serial = 0;
  const add = async (values: typeof addressesPayments.$inferInsert, serviceDateStart: string, history: History) => {
    const [row] = await db.insert(addressesPayments).values({ ...values, createdBy: options.staffUserId }).returning({ id: addressesPayments.id });
    const start = startMonth({ addressDateStart: values.dateStart, serviceDateStart, createdAt: now });
    const months = coveredMonths(start, history, now);
    if (months.length) await db.insert(addressMonths).values(months.map((month) => ({ addressPaymentId: row!.id, month })));
  };

  for (const [index, owner] of owners.entries()) {
    const history = HISTORIES[index % HISTORIES.length]!;
    const street = `${STREETS[index % STREETS.length]}, ${owner.type === 1 ? 'local' : 'casa'} ${10 + index}`;
    if (owner.type === 0) {
      const { communityStart, parishStart: _parish, ...place } = places[index % places.length]!;
      await add({ clientId: owner.id, type: 0, address: street, ...place }, communityStart, history);
      if (index % 4 === 0) {
        const { communityStart: secondStart, parishStart: _secondParish, ...second } = places[(index + 3) % places.length]!;
        // Moved in recently: the address starts on its own date, not the community's.
        const moved = `${addMonths(currentMonth(now), -(8 + (index % 5)))}-01`;
        await add({ clientId: owner.id, type: 0, address: `${STREETS[(index + 2) % STREETS.length]}, apto ${index + 1}`, ...second, dateStart: moved }, secondStart, HISTORIES[(index + 2) % HISTORIES.length]!);
      }
    } else {
      serial += 1;
      const { communityId: _community, communityStart: _start, parishStart, ...location } = parishOfBusinesses;
      const activity = activities[serial % activities.length]!;
      const incomplete = serial === 5;
      await add(
        {
          clientId: owner.id,
          type: 1,
          address: street,
          ...location,
          economicActivityId: incomplete ? null : activity.id,
          isCustomFee: !incomplete && serial % 3 === 0,
          fee: !incomplete && serial % 3 === 0 ? `${30 + serial}.50` : null,
        },
        parishStart,
        history,
      );
    }
  }
}
