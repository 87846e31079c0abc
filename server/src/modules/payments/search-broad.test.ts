import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { insertPayment, paymentPlace } from '../../../test/payment-fixture';
import { addressesPayments } from '../addresses-payment/tables';
import { clients } from '../clients/tables';
import { communities } from '../regional/tables';
import { payments } from './tables';

/**
 * Issue 46: a payments search whose words name thousands of clients (a common surname, "a") reads
 * the payments newest first and tests each one's client by primary key, instead of first reading
 * every matching client. Here 2 100 clients are called Quintero; one of them has 12 payments, and
 * another client has 3 payments whose reference says "QUINTERO" and 5 that do not match.
 */
let ctx: TestContext;
let staff: TestUser;
let matching: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await ctx.staff({ permissions: ['payments'] });
  const { db } = ctx;
  const { place } = await paymentPlace(db);
  const [community] = await db.insert(communities).values({ name: 'La Ciudadela', parishId: place.parish, fee: '5.00', dateStart: '2020-01-01' }).returning();
  await db.execute(sql`insert into clients (type, name, identification_type, identification)
    select 0, 'Carmen Quintero ' || i, 'V', (30000000 + i)::text from generate_series(1, 2100) as i`);
  const [quintero] = await db.select({ id: clients.id }).from(clients).where(eq(clients.identification, '30001050'));
  const [other] = await db.insert(clients).values({ type: 0, name: 'Pedro Urdaneta', identificationType: 'V', identification: '15444555' }).returning();
  const addressOf = async (clientId: number) =>
    (
      await db
        .insert(addressesPayments)
        .values({ clientId, type: 0, address: 'Calle 5', stateId: place.state, municipalityId: place.municipality, parishId: place.parish, communityId: community!.id })
        .returning()
    )[0]!.id;
  const [quinteroAddress, otherAddress] = [await addressOf(quintero!.id), await addressOf(other!.id)];
  const inserted: { id: number; matches: boolean }[] = [];
  for (let index = 0; index < 20; index++) {
    const byName = index % 2 === 0 && inserted.filter((row) => row.matches).length < 12;
    const byReference = !byName && index % 4 === 1 && index < 12;
    const id = await insertPayment(db, { clientId: byName ? quintero!.id : other!.id, addressPaymentId: byName ? quinteroAddress : otherAddress });
    await db
      .update(payments)
      .set({ reference: byReference ? `QUINTERO-REF-${index}` : `REF-${index}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)) })
      .where(eq(payments.id, id));
    inserted.push({ id, matches: byName || byReference });
  }
  matching = inserted
    .filter((row) => row.matches)
    .map((row) => row.id)
    .reverse();
  await db.execute(sql`analyze clients`);
});
afterAll(() => ctx.close());

describe('GET /api/bill-payments with a search naming thousands of clients (issue 46)', () => {
  it('pages the matching payments newest first, by client or by reference, with their exact total', async () => {
    expect(matching.length).toBeGreaterThan(10);
    for (const page of [1, 2]) {
      const answer = await ctx.call('GET', '/api/bill-payments', { token: staff.token, query: { search: 'quintero', page, per_page: 10 } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data.data.map((row: { id: number }) => row.id)).toEqual(matching.slice((page - 1) * 10, page * 10));
      expect(answer.body.data.total).toBe(matching.length);
    }
  });
});
