import { parse } from 'csv-parse/sync';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth } from '@recaudo/domain/months';
import type { PaymentRow } from '@recaudo/domain/payments';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { seedScale } from '../../db/seed/scale';
import { escapeCell } from '../../platform/export';
import { authenticateToken } from '../auth/service';
import { clientSource } from '../clients/service';
import { ticketsDelivered, ticketsPayments } from '../tickets-payments/tables';
import { listSource, loadPayments } from './queries';
import { payments } from './tables';
import { paymentExportColumns } from './presenter';

/**
 * The payments export across several batches: the scale generator's payments (every method,
 * bank, series, creator, community and activity it spreads them over, many sharing a creation
 * time) come out of the CSV exactly as the list's pages show them, in the list's order.
 */

let ctx: TestContext;
let admin: TestUser;
const PAYMENTS = 2600;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ permissions: ['payments', 'export_payments'] });
  await seedScale(ctx.db, { clients: 300, addresses: 400, month: currentMonth(), payments: PAYMENTS });
}, 120_000);
afterAll(() => ctx.close());

/** Every row of the list, page by page, as its export writes them. */
async function listedAsExported(query: Record<string, unknown>): Promise<Record<string, string>[]> {
  const rows: PaymentRow[] = [];
  for (let page = 1; ; page++) {
    const answer = await ctx.call('GET', '/api/bill-payments', { token: admin.token, query: { ...query, page, per_page: 500 } });
    expect(answer.status).toBe(200);
    rows.push(...(answer.body.data.data as PaymentRow[]));
    if (page >= answer.body.data.last_page) break;
  }
  return rows.map((row) => Object.fromEntries(paymentExportColumns.map((column) => [column.header, String(escapeCell(column.value(row)))])));
}

async function exported(query: Record<string, unknown>): Promise<Record<string, string>[]> {
  const answer = await ctx.call('GET', '/api/bill-payments/export', { token: admin.token, query: { ...query, type_format: 'csv' } });
  expect(answer.status).toBe(200);
  return parse(String(answer.body).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
}

describe('GET bill-payments/export of a few thousand payments', () => {
  it('writes every payment once, in the list order and with the content the list shows', async () => {
    const csv = await exported({});
    expect(csv.length).toBeGreaterThanOrEqual(PAYMENTS);
    expect(new Set(csv.map((row) => row.ID)).size).toBe(csv.length);
    expect(csv).toEqual(await listedAsExported({}));
  }, 120_000);

  it('keeps the order of a sorter and of a filter across batches', async () => {
    const sorted = { sorter: { field: 'amount_payment', order: 'ascend' } };
    expect(await exported(sorted)).toEqual(await listedAsExported(sorted));
    const approved = { filters: { status: [1] } };
    const csv = await exported(approved);
    expect(csv.length).toBeGreaterThan(1000);
    expect(csv).toEqual(await listedAsExported(approved));
  }, 120_000);
});

describe('the payments export batch', () => {
  it('gives each payment field for field as the list page gives it, tickets included', async () => {
    const auth = (await authenticateToken(ctx.db, admin.token))!;
    const source = listSource(ctx.db, { search: '', page: 1, per_page: 10, filters: {} }, auth);
    const keys = (await source.walk!.keys()).slice(0, 1500);
    const ticketed = await ctx.db.select({ id: payments.id, address: payments.addressPaymentId }).from(payments).where(inArray(payments.id, keys.slice(0, 2)));
    const [series] = await ctx.db.insert(ticketsPayments).values({ name: 'Tickets Aseo', color: '#1677ff', validityDate: '2099-12-31' }).returning();
    await ctx.db
      .insert(ticketsDelivered)
      .values(ticketed.map((row, index) => ({ ticketsPaymentId: series!.id, addressPaymentId: row.address, paymentId: row.id, ticketSerial: `T-000${index}` })));
    const batch = await source.walk!.load(keys);
    expect(batch.filter((row) => row.tickets_delivered.length).length).toBe(2);
    expect(batch).toEqual(await loadPayments(ctx.db, keys));
  }, 60_000);
});

describe('the clients export batch', () => {
  it('reads each client’s user, addresses, payment count and latest payment as the list rows do', async () => {
    await ctx.clientUser({ name: 'Cliente con usuario exportado' });
    const query = { search: '', page: 1, per_page: 600, filters: {} };
    const source = clientSource(ctx.db, query);
    const listed = await source.rows(600, 0);
    const keys = (await source.walk!.keys()).slice(0, 600);
    expect(keys).toEqual(listed.map((row) => row.id));
    expect(listed.some((row) => row.user !== null)).toBe(true);
    expect(listed.filter((row) => row.count_payments > 1 && row.addresses_payments.length > 0).length).toBeGreaterThan(100);
    expect(await source.walk!.load(keys)).toEqual(listed);
  }, 60_000);
});
