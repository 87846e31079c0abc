import { caracas } from '@recaudo/domain/dates';
import type { Executor } from '../client';
import { correlatives } from '../../modules/correlatives/tables';
import { seedDemoRates } from '../../modules/exchange-rates/demo';
import { activityGroups, economicActivities } from '../../modules/economic-activities/tables';
import { ticketsPayments } from '../../modules/tickets-payments/tables';

const GROUPS: Record<string, { name: string; code: string; fee: string }[]> = {
  Comercio: [
    { name: 'Bodegas y abastos', code: 'C-001', fee: '15.00' },
    { name: 'Farmacias', code: 'C-002', fee: '20.00' },
    { name: 'Ferreterías', code: 'C-003', fee: '18.50' },
  ],
  Servicios: [
    { name: 'Restaurantes y cafeterías', code: 'S-001', fee: '25.00' },
    { name: 'Talleres mecánicos', code: 'S-002', fee: '22.00' },
    { name: 'Consultorios profesionales', code: 'S-003', fee: '12.00' },
  ],
  Industria: [
    { name: 'Panaderías', code: 'I-001', fee: '18.00' },
    { name: 'Fábricas y manufactura', code: 'I-002', fee: '45.00' },
  ],
};

/** Demo activity groups and activities with fees, two invoice series, the BCV rates of the last 90 days and ticket series (one expired). */
export async function seedDemoReference(db: Executor): Promise<void> {
  for (const [name, activities] of Object.entries(GROUPS)) {
    const [group] = await db.insert(activityGroups).values({ name }).returning();
    await db.insert(economicActivities).values(activities.map((activity) => ({ ...activity, activityGroupId: group!.id })));
  }
  await db.insert(correlatives).values([
    { serie: 'A', number: '00000120', numberCreditNote: '00000003', numberDebitNote: '00000001' },
    { serie: 'B', number: '00000045', numberCreditNote: '00000000', numberDebitNote: '00000000' },
  ]);
  // Expiry dates follow the demo's first start, so one series is always expired and the rest are not.
  const today = caracas();
  await db.insert(ticketsPayments).values([
    { name: 'Tickets Aseo Urbano', color: '#1677ff', validityDate: today.endOf('year').format('YYYY-MM-DD') },
    { name: 'Tickets Comercio', color: '#52c41a', validityDate: today.add(6, 'month').format('YYYY-MM-DD') },
    { name: 'Tickets Temporada Navideña', color: '#cf1322', validityDate: today.subtract(2, 'month').format('YYYY-MM-DD') },
    { name: 'Tickets Mercado Municipal', color: '#000000', status: false, validityDate: today.add(1, 'year').format('YYYY-MM-DD') },
  ]);
  await seedDemoRates(db);
}
