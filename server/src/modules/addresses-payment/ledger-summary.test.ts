import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, currentMonth, lastPayableMonth, startMonth, unpaidMonths, type Month } from '@recaudo/domain/months';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { insertPayment } from '../../../test/payment-fixture';
import { clients } from '../clients/tables';
import { activityGroups, economicActivities } from '../economic-activities/tables';
import { communities, municipalities, parishes, states } from '../regional/tables';
import { monthsToPaySql, START_MONTH } from './ledger-sql';
import { searchMatches } from './search';
import { addressesPayments, addressMonths } from './tables';

/**
 * The ledger summary (migration 0005): the trigger-kept `ledger_*` columns must give the same
 * start month and months to pay as the domain rules on the raw ledger, at any current month,
 * after every kind of change; `address_totals` must equal its rebuild from the addresses.
 */

let ctx: TestContext;
let admin: TestUser;
const NOW = currentMonth();
const YEAR = Number(NOW.slice(0, 4));
const place = { state: 0, otherState: 0, municipality: 0, parish: 0, community: 0, otherCommunity: 0, activity: 0 };
let clientId = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ permissions: ['clients', 'add_client', 'edit_client', 'add_address_payment', 'edit_address_payment', 'delete_address_payment'] });
  const { db } = ctx;
  const [state] = await db.insert(states).values({ name: 'Lara' }).returning();
  const [otherState] = await db.insert(states).values({ name: 'Falcón' }).returning();
  const [municipality] = await db.insert(municipalities).values({ name: 'Iribarren', stateId: state!.id }).returning();
  const [parish] = await db.insert(parishes).values({ name: 'Catedral', municipalityId: municipality!.id, dateStart: `${YEAR - 2}-03-10` }).returning();
  const [community] = await db.insert(communities).values({ name: 'El Obelisco', parishId: parish!.id, fee: '6.00', dateStart: `${YEAR - 1}-05-01` }).returning();
  const [otherCommunity] = await db.insert(communities).values({ name: 'Nueva Segovia', parishId: parish!.id, fee: '8.50', dateStart: `${YEAR - 3}-11-20` }).returning();
  const [group] = await db.insert(activityGroups).values({ name: 'Servicios' }).returning();
  const [activity] = await db.insert(economicActivities).values({ name: 'Taller', activityGroupId: group!.id, fee: '25.00' }).returning();
  Object.assign(place, {
    state: state!.id,
    otherState: otherState!.id,
    municipality: municipality!.id,
    parish: parish!.id,
    community: community!.id,
    otherCommunity: otherCommunity!.id,
    activity: activity!.id,
  });
  const [client] = await db.insert(clients).values({ type: 0, name: 'Zacarías Quintanilla', identificationType: 'V', identification: '27450913' }).returning();
  clientId = client!.id;
});
afterAll(() => ctx.close());

type Insert = typeof addressesPayments.$inferInsert;

async function address(values: Partial<Insert>, covered: Month[] = [], pending: Month[] = []): Promise<number> {
  const [row] = await ctx.db
    .insert(addressesPayments)
    .values({ clientId, type: 0, address: 'Carrera 19 con calle 30', stateId: place.state, municipalityId: place.municipality, parishId: place.parish, communityId: place.community, ...values })
    .returning({ id: addressesPayments.id });
  const id = row!.id;
  if (covered.length) await ctx.db.insert(addressMonths).values(covered.map((month) => ({ addressPaymentId: id, month })));
  if (pending.length) {
    const paymentId = await insertPayment(ctx.db, { clientId, addressPaymentId: id, status: 0, monthsPayment: pending });
    await ctx.db.insert(addressMonths).values(pending.map((month) => ({ addressPaymentId: id, month, paymentId, pending: true })));
  }
  return id;
}

/** What the domain says, from the raw rows: start month, and months to pay at `current`. */
async function expected(ids: number[], current: Month) {
  const rows = await ctx.db
    .select({
      id: addressesPayments.id,
      type: addressesPayments.type,
      dateStart: addressesPayments.dateStart,
      createdAt: addressesPayments.createdAt,
      communityStart: communities.dateStart,
      parishStart: parishes.dateStart,
    })
    .from(addressesPayments)
    .leftJoin(communities, eq(communities.id, addressesPayments.communityId))
    .leftJoin(parishes, eq(parishes.id, addressesPayments.parishId))
    .where(inArray(addressesPayments.id, ids));
  const ledger = await ctx.db.select().from(addressMonths).where(inArray(addressMonths.addressPaymentId, ids));
  const middle = new Date(`${current}-15T12:00:00Z`);
  return new Map(
    rows.map((row) => {
      const covered = new Set(ledger.filter((entry) => entry.addressPaymentId === row.id).map((entry) => entry.month));
      const start = startMonth({
        addressDateStart: row.dateStart,
        serviceDateStart: row.type === 0 ? row.communityStart : row.parishStart,
        earliestCovered: [...covered].sort()[0] ?? null,
        createdAt: row.createdAt,
      });
      return [row.id, { start, owed: unpaidMonths(start, covered, middle).length }];
    }),
  );
}

async function fromSummary(ids: number[], current: Month) {
  const rows = await ctx.db
    .select({ id: addressesPayments.id, start: START_MONTH, owed: monthsToPaySql(current) })
    .from(addressesPayments)
    .where(inArray(addressesPayments.id, ids));
  return new Map(rows.map((row) => [row.id, { start: row.start, owed: Number(row.owed) }]));
}

/** Every current month from 14 months back to 14 ahead: months ahead become past, years turn. */
async function expectAgreement(ids: number[]) {
  for (let offset = -14; offset <= 14; offset++) {
    const current = addMonths(NOW, offset);
    expect({ current, rows: Object.fromEntries(await fromSummary(ids, current)) }).toEqual({ current, rows: Object.fromEntries(await expected(ids, current)) });
  }
}

const totalsRows = async () =>
  ((await ctx.db.execute(sql`select type, state_id, pending, paid_through, settled_to, has_payments, addresses, fees::text from address_totals where addresses <> 0 or fees <> 0 order by 1, 2, 3, 4, 5, 6`)) as unknown as {
    rows: unknown[];
  }).rows;

/** The aging groups: the sums of the signed rows the triggers append, and how many rows hold them. */
const agingRows = async () => {
  const groups = ((await ctx.db.execute(
    sql`select settled_to, last, last_year_mask, fee::text, sum(addresses)::int as addresses from address_aging group by 1, 2, 3, 4 having sum(addresses) <> 0 order by 1, 2, 3, 4`,
  )) as unknown as { rows: unknown[] }).rows;
  const stored = ((await ctx.db.execute(sql`select count(*)::int as rows from address_aging`)) as unknown as { rows: { rows: number }[] }).rows[0]!.rows;
  return { groups, stored };
};

const clientCounters = () =>
  ctx.db
    .select({ id: clients.id, residential: clients.residentialAddresses, residentialFees: clients.residentialFees, commercial: clients.commercialAddresses, commercialFees: clients.commercialFees })
    .from(clients)
    .orderBy(clients.id);

/** address_totals, the clients' address counters (migration 0023) and the aging groups (0038) equal their rebuilds from the addresses. */
async function expectTotalsInStep() {
  const kept = await totalsRows();
  const counters = await clientCounters();
  const aging = await agingRows();
  expect(aging.groups).not.toEqual([]);
  // Compaction folds the appended rows into one per group and changes no sum.
  await ctx.db.execute(sql`select address_aging_compact()`);
  expect(await agingRows()).toEqual({ groups: aging.groups, stored: aging.groups.length });
  await ctx.db.execute(sql`select address_totals_rebuild()`);
  await ctx.db.execute(sql`select client_address_totals_rebuild()`);
  await ctx.db.execute(sql`select address_aging_rebuild()`);
  expect(kept).toEqual(await totalsRows());
  expect(counters).toEqual(await clientCounters());
  expect(aging.groups).toEqual((await agingRows()).groups);
}

describe('ledger summary', () => {
  it('gives the domain start month and months to pay at any current month', async () => {
    const december = lastPayableMonth();
    const ids = [
      // Community start, a gap, paid again.
      await address({}, [`${YEAR - 1}-05`, `${YEAR - 1}-06`, `${YEAR - 1}-09`, addMonths(NOW, -1)]),
      // Paid ahead to December with an older gap, and covered before the start (in December
      // the current month is December itself: marked once).
      await address({ dateStart: `${YEAR - 1}-10-04` }, [`${YEAR - 1}-02`, `${YEAR - 1}-10`, ...[0, 1, 2].map((back) => addMonths(NOW, -back)), ...(december > NOW ? [december] : [])]),
      // Fully paid through December.
      await address({ dateStart: `${addMonths(NOW, -3)}-01` }, [-3, -2, -1, 0].map((back) => addMonths(NOW, back)).concat(december > NOW ? [addMonths(NOW, 1)] : [])),
      // A pending month.
      await address({ communityId: place.otherCommunity }, [], [`${YEAR - 3}-11`]),
      // Commercial: the parish's start.
      await address({ type: 1, communityId: null, economicActivityId: place.activity }, [`${YEAR - 2}-03`, `${YEAR - 2}-04`]),
      // No service start: the earliest covered month, then the month of creation.
      await address({ type: 0, communityId: null, parishId: null }, [`${YEAR - 1}-07`, `${YEAR - 1}-09`]),
      await address({ type: 0, communityId: null, parishId: null, createdAt: new Date(`${YEAR - 1}-04-01T02:00:00Z`) }),
      // Starts in the future.
      await address({ dateStart: `${YEAR + 1}-02-01` }, [`${YEAR + 1}-02`]),
    ];
    await expectAgreement(ids);
    await expectTotalsInStep();
  });

  it('follows every change: marks, unmarks, pending cleared, own start, community and parish start dates, fees, deletion', async () => {
    const residential = await address({}, [`${YEAR - 1}-05`, `${YEAR - 1}-06`]);
    const commercial = await address({ type: 1, communityId: null, economicActivityId: place.activity }, [`${YEAR - 2}-03`]);
    const custom = await address({ type: 1, communityId: null, economicActivityId: place.activity, isCustomFee: true, fee: '11.25' }, [], [addMonths(NOW, -1)]);
    const ids = [residential, commercial, custom];

    await ctx.db.insert(addressMonths).values([`${YEAR - 1}-07`, `${YEAR - 1}-08`].map((month) => ({ addressPaymentId: residential, month })));
    await ctx.db.delete(addressMonths).where(eq(addressMonths.month, `${YEAR - 1}-06`));
    await ctx.db.update(addressMonths).set({ pending: false }).where(eq(addressMonths.addressPaymentId, custom));
    await expectAgreement(ids);

    await ctx.db.update(addressesPayments).set({ dateStart: `${YEAR - 1}-07-15` }).where(eq(addressesPayments.id, residential));
    await ctx.db.update(communities).set({ dateStart: `${YEAR - 1}-01-01`, fee: '7.25' }).where(eq(communities.id, place.community));
    await ctx.db.update(parishes).set({ dateStart: `${YEAR - 2}-01-01` }).where(eq(parishes.id, place.parish));
    await ctx.db.update(economicActivities).set({ fee: '30.00' }).where(eq(economicActivities.id, place.activity));
    await ctx.db.update(addressesPayments).set({ stateId: place.otherState, fee: '12.00' }).where(eq(addressesPayments.id, custom));
    await expectAgreement(ids);
    await expectTotalsInStep();

    // A first payment moves the address to the "Con pagos" groups, a second keeps it there.
    await ctx.db.update(addressesPayments).set({ paymentsCount: 1 }).where(eq(addressesPayments.id, commercial));
    await ctx.db.update(addressesPayments).set({ paymentsCount: 2 }).where(eq(addressesPayments.id, commercial));
    await expectTotalsInStep();

    // Moved to another client, residential made commercial, a custom fee dropped.
    const [other] = await ctx.db.insert(clients).values({ type: 1, name: 'Ferretería Lara', identificationType: 'J', identification: '401234567' }).returning();
    await ctx.db.update(addressesPayments).set({ clientId: other!.id }).where(eq(addressesPayments.id, custom));
    await ctx.db.update(addressesPayments).set({ type: 1, communityId: null, economicActivityId: place.activity }).where(eq(addressesPayments.id, residential));
    await ctx.db.update(addressesPayments).set({ isCustomFee: false }).where(eq(addressesPayments.id, custom));
    await expectTotalsInStep();
    expect((await clientCounters()).find((row) => row.id === other!.id)).toEqual({ id: other!.id, residential: 0, residentialFees: '0.00', commercial: 1, commercialFees: '30.00' });
    await ctx.db.update(addressesPayments).set({ clientId, isCustomFee: true }).where(eq(addressesPayments.id, custom));
    await ctx.db.update(addressesPayments).set({ type: 0, communityId: place.community, economicActivityId: null }).where(eq(addressesPayments.id, residential));
    await expectTotalsInStep();

    // Through the API: the calendar's marks and the address form.
    const marked = await ctx.call('POST', '/api/addresses-payment/change-status-payments-multiple-months', {
      token: admin.token,
      body: { client_id: clientId, address_id: commercial, selected_months: [{ year: YEAR - 2, months: [1, 2, 3, 4] }] },
    });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    const removed = await ctx.call('DELETE', '/api/addresses-payment/delete', { token: admin.token, body: { id: residential } });
    expect(removed.status).toBe(200);
    await expectAgreement([commercial, custom]);
    await expectTotalsInStep();
  });
});

describe('list totals and search', () => {
  it('answers the wide views from address_totals with the same figures as the addresses', async () => {
    const direct = async (where: ReturnType<typeof sql>) =>
      (
        (await ctx.db.execute(sql`select count(*)::int as total, coalesce(sum(case when ap.is_custom_fee then ap.fee when ap.type = 1 then ea.fee else c.fee end), 0)::numeric(18, 2)::text as fees
          from addresses_payments ap left join communities c on c.id = ap.community_id left join economic_activities ea on ea.id = ap.economic_activity_id where ${where}`)) as unknown as {
          rows: { total: number; fees: string }[];
        }
      ).rows[0]!;
    const current = sql.raw(String(Number(NOW.slice(0, 4)) * 12 + Number(NOW.slice(5, 7)) - 1));
    const views: [Record<string, unknown>, ReturnType<typeof sql>][] = [
      [{ type: 0 }, sql`ap.type = 0`],
      [{ type: 1 }, sql`ap.type = 1`],
      [{ type: 0, filters: { client_not_solvent: 'true' } }, sql`ap.type = 0 and (ap.ledger_paid_through < ${current} or ap.ledger_pending)`],
      [{ type: 1, filters: { client_solvent: 1 } }, sql`ap.type = 1 and ap.ledger_paid_through >= ${current} and not ap.ledger_pending`],
      [{ type: 1, filters: { state: [place.otherState] } }, sql`ap.type = 1 and ap.state_id = ${place.otherState}`],
      [{ type: 1, filters: { with_payments: 1 } }, sql`ap.type = 1 and ap.payments_count > 0`],
      [{ type: 1, filters: { without_payments: 1, client_not_solvent: 1 } }, sql`ap.type = 1 and ap.payments_count = 0 and (ap.ledger_paid_through < ${current} or ap.ledger_pending)`],
    ];
    await ctx.db.update(addressesPayments).set({ paymentsCount: 1 }).where(eq(addressesPayments.type, 1));
    await ctx.db.update(addressesPayments).set({ paymentsCount: 0 }).where(eq(addressesPayments.isCustomFee, true));
    // Months to pay and aging buckets from the groups (with the rows paid ahead over a gap
    // corrected) against the same query on the addresses: an unchecked "Incompletas" (verify: 0)
    // filters nothing but is not grouped.
    const owedFilters = [{ months_to_pay: 1 }, { months_to_pay: [0, 2, 3] }, { months_to_pay: [4, 1], client_not_solvent: 1 }, { months_to_pay: 0, client_solvent: 1, with_payments: 1 }];
    const agingFilters = [{ aging: '1-3' }, { aging: '4-6' }, { aging: '7-12' }, { aging: '13+', client_not_solvent: 1 }, { aging: '1-3', months_to_pay: 2 }];
    for (const filters of [...owedFilters, ...agingFilters]) {
      for (const type of [0, 1]) {
        const grouped = await ctx.call('GET', '/api/addresses-payment', { token: admin.token, query: { type, filters } });
        const direct = await ctx.call('GET', '/api/addresses-payment', { token: admin.token, query: { type, filters: { ...filters, verify: 0 } } });
        expect(grouped.status).toBe(200);
        expect({ filters, type, totals: grouped.body.data.aditional }).toEqual({ filters, type, totals: direct.body.data.aditional });
      }
    }
    for (const [query, where] of views) {
      const answer = await ctx.call('GET', '/api/addresses-payment', { token: admin.token, query });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const { total, fees } = await direct(where);
      expect({ query, aditional: answer.body.data.aditional, total: answer.body.data.total }).toEqual({
        query,
        aditional: { total_fees: fees, total_addresses: total },
        total,
      });
    }
  });

  it('pages by months_to_pay in both directions as a full sort by (months_to_pay, id) would', async () => {
    // A few more owing, paid-ahead-with-a-gap and solvent rows, so every part of the page query has rows.
    await address({ dateStart: `${addMonths(NOW, -6)}-01` }, [addMonths(NOW, -6), lastPayableMonth()]);
    await address({ dateStart: `${addMonths(NOW, -2)}-01` }, [addMonths(NOW, -2), addMonths(NOW, -1), NOW]);
    for (const back of [9, 4, 7, 2, 11, 5, 8, 3, 10, 6, 12, 1]) await address({ dateStart: `${addMonths(NOW, -back)}-01` });
    for (const order of ['descend', 'ascend'] as const) {
      const page = async (number: number, size: number) => {
        const answer = await ctx.call('GET', '/api/addresses-payment', { token: admin.token, query: { page: number, per_page: size, sorter: { field: 'months_to_pay', order } } });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return answer.body.data as { data: { id: number; months_to_pay: number }[]; total: number };
      };
      const whole = await page(1, 500);
      const sorted = [...whole.data].sort((a, b) => (order === 'descend' ? b.months_to_pay - a.months_to_pay : a.months_to_pay - b.months_to_pay) || a.id - b.id);
      expect(whole.data.map((row) => row.id)).toEqual(sorted.map((row) => row.id));
      const paged = [];
      for (let number = 1; (number - 1) * 2 < whole.total; number++) paged.push(...(await page(number, 2)).data);
      expect(paged.map((row) => row.id)).toEqual(sorted.map((row) => row.id));
    }
  });

  it('totals a search from the clients it names and the addresses it finds, each address once', async () => {
    const [named] = await ctx.db.insert(clients).values({ type: 0, name: 'Rosalba Yaracuyana', identificationType: 'V', identification: '18555123' }).returning();
    const owner = await ctx.clientUser({ type: 1, name: 'Inversiones Lara', identificationType: 'J', identification: '409876543' });
    const other = { id: owner.clientId! };
    // Of the named client: one found by its text too (counted once), one commercial with a custom fee.
    await address({ clientId: named!.id, address: 'Sector Yaracuyana, casa 4' });
    await address({ clientId: named!.id, type: 1, communityId: null, economicActivityId: place.activity, isCustomFee: true, fee: '19.99' });
    // Of another client, found by its text only.
    await address({ clientId: other.id, address: 'Av. Yaracuyana, local 2' });
    await address({ clientId: other.id, type: 1, communityId: null, economicActivityId: place.activity, address: 'Galpón Yaracuyana 9' });
    await address({ clientId: other.id, address: 'Calle 8' });
    const direct = async (where: ReturnType<typeof sql>, pattern = '%yaracuyana%') =>
      (
        (await ctx.db.execute(sql`select count(*)::int as total_addresses, coalesce(sum(case when ap.is_custom_fee then ap.fee when ap.type = 1 then ea.fee else c.fee end), 0)::numeric(18, 2)::text as total_fees
          from addresses_payments ap left join communities c on c.id = ap.community_id left join economic_activities ea on ea.id = ap.economic_activity_id
          where (ap.address ilike ${pattern} or ap.client_id in (select id from clients where name ilike ${pattern})) and ${where}`)) as unknown as {
          rows: { total_addresses: number; total_fees: string }[];
        }
      ).rows[0]!;
    const cases: [Record<string, unknown>, ReturnType<typeof sql>][] = [
      [{}, sql`true`],
      [{ type: 0 }, sql`ap.type = 0`],
      [{ type: 1 }, sql`ap.type = 1`],
      [{ filters: { type: '1' } }, sql`ap.type = 1`],
      [{ type: 0, filters: { client_not_solvent: 'true' } }, sql`ap.type = 0 and (ap.ledger_paid_through < ${sql.raw(String(Number(NOW.slice(0, 4)) * 12 + Number(NOW.slice(5, 7)) - 1))} or ap.ledger_pending)`],
    ];
    // Clients and addresses found, clients only (Rosalba), addresses only (Galpón), nothing.
    for (const search of ['Yaracuyana', 'Rosalba', 'Galpón', 'Maracaibo']) {
      for (const [query, where] of cases) {
        const answer = await ctx.call('GET', '/api/addresses-payment', { token: admin.token, query: { ...query, search } });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        const expected = await direct(where, `%${search}%`);
        expect({ search, query, aditional: answer.body.data.aditional, total: answer.body.data.total }).toEqual({ search, query, aditional: expected, total: expected.total_addresses });
      }
    }
    // Read off the search's own rows whether it finds clients, addresses or both; null only past the named limit.
    for (const [pattern, residential, commercial] of [
      ['%rosalba%', { addresses: 1, fees: '7.25' }, { addresses: 1, fees: '19.99' }],
      ['%galpón%', { addresses: 0, fees: '0.00' }, { addresses: 1, fees: '30.00' }],
      ['%yaracuyana%', { addresses: 2, fees: '14.50' }, { addresses: 2, fees: '49.99' }],
    ] as const) {
      const totals = await (await searchMatches(ctx.db, pattern)).totals?.();
      expect({ pattern, totals: totals?.map((total) => ({ addresses: total.addresses, fees: total.fees.toFixed(2) })) }).toEqual({ pattern, totals: [residential, commercial] });
    }
    const everything = await ctx.call('GET', '/api/addresses-payment', { token: admin.token, query: { search: 'Yaracuyana' } });
    // The community's fee is 7.25 and the activity's 30.00 since the test of every change: 7.25 + 19.99 + 7.25 + 30.00.
    expect(everything.body.data.aditional).toEqual({ total_addresses: 4, total_fees: '64.49' });

    // A client user's search counts their own addresses only.
    const own = await ctx.call('GET', '/api/addresses-payment', { token: owner.token, query: { search: 'Yaracuyana' } });
    expect(own.status).toBe(200);
    expect(own.body.data.aditional).toEqual(await direct(sql`ap.client_id = ${other.id}`));
  });

  it('searches the address, the client name and the identification, with or without its type', async () => {
    const id = await address({ address: 'Urb. Paraguaná, casa 77' });
    const found = async (search: string) => {
      const answer = await ctx.call('GET', '/api/addresses-payment', { token: admin.token, query: { search, per_page: 100 } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data.data.map((row: { id: number }) => row.id) as number[];
    };
    for (const term of ['paraguaná', 'QUINTANILLA', 'V-27450913', '7450', 'v-274']) expect(await found(term), term).toContain(id);
    expect(await found('Maracaibo 100%')).toEqual([]);
    expect(await found('V-99999999')).toEqual([]);
  });
});
