import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth } from '@recaudo/domain/months';
import type { PaymentRow } from '@recaudo/domain/payment-rows';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { seedScale } from '../../db/seed/scale';
import { escapeCell } from '../../platform/export';
import { authenticateToken } from '../auth/service';
import { addressSource } from '../addresses-payment/queries';
import { clientSource } from '../clients/queries';
import type { PaymentExportRow } from './export-rows';
import { listSource, loadPayments } from './queries';
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

/** The fields of a list row that the export reads. */
const asExported = (row: PaymentRow): PaymentExportRow => ({
  id: row.id,
  created_at: row.created_at,
  reference: row.reference,
  date_payment: row.date_payment,
  date_bill: row.date_bill,
  months_payment: row.months_payment,
  amount_payment: row.amount_payment,
  amount_bill: row.amount_bill,
  dollar_amount_payment: row.dollar_amount_payment,
  dollar_amount_bill: row.dollar_amount_bill,
  exchange_rate: row.exchange_rate,
  exchange_rate_id: row.exchange_rate_id,
  number_correlative: row.number_correlative,
  number: row.number,
  status: row.status,
  igtf_amount: row.igtf_amount,
  change: row.change,
  tenders: row.tenders.map((line) => ({ currency: line.currency, amount: line.amount, payment_method: line.payment_method })),
  client: { name: row.client.name, identification_type: row.client.identification_type, identification: row.client.identification },
  address_payment: {
    type: row.address_payment.type,
    address: row.address_payment.address,
    community: row.address_payment.community,
    parish: row.address_payment.parish,
    economic_activity: row.address_payment.economic_activity,
  },
  payment_method: { name: row.payment_method.name },
  bank: row.bank && { name: row.bank.name },
  serie: row.serie && { serie: row.serie.serie },
  causer: row.causer && { name: row.causer.name },
});

describe('the payments export batch', () => {
  it('gives each payment the values the list page gives it, for every field the export shows', async () => {
    const auth = (await authenticateToken(ctx.db, admin.token))!;
    const source = listSource(ctx.db, { search: '', page: 1, per_page: 10, filters: {} }, auth);
    const keys = (await source.walk!.keys()).slice(0, 1500);
    const batch = await source.walk!.load(keys);
    const listed = await loadPayments(ctx.db, keys);
    expect(listed.filter((row) => row.bank && row.serie && row.causer && row.address_payment.parish).length).toBeGreaterThan(100);
    expect(batch).toEqual(listed.map(asExported));
  }, 60_000);
});

describe('the clients export batch', () => {
  it('gives each client the list row’s fields its columns show, without the row’s subqueries, in list order', async () => {
    await ctx.clientUser({ name: 'Cliente con usuario exportado' });
    const query = { search: '', page: 1, per_page: 600, filters: {} };
    const source = clientSource(ctx.db, query);
    const listed = await source.rows(600, 0);
    const keys = (await source.walk!.keys()).slice(0, 600);
    expect(keys).toEqual(listed.map((row) => row.id));
    const batch = await source.walk!.load(keys);
    expect(batch).toEqual(
      listed.map(({ age: _age, photo: _photo, count_payments: _count, addresses_payments: _addresses, user: _user, latest_payment: _latest, ...exported }) => exported),
    );
  }, 60_000);
});

describe('the addresses export batch', () => {
  it('gives each address the list row’s fields but the ledger’s months, delivered tickets, fee changes and late-fee settings (the calendar’s), in list order', async () => {
    const auth = (await authenticateToken(ctx.db, admin.token))!;
    const source = addressSource(ctx.db, { search: '', page: 1, per_page: 400, filters: {} }, auth);
    const listed = await source.rows(400, 0);
    const keys = await source.walk!.keys();
    expect(keys.slice(0, 400)).toEqual(listed.map((row) => row.id));
    expect(listed.some((row) => row.months_to_pay > 0 && row.payments.length > 0)).toBe(true);
    const batch = await source.walk!.load(keys.slice(0, 400));
    expect(batch).toEqual(listed.map(({ payments: _months, tickets_delivered: _tickets, fee_changes: _changes, late_fee: _lateFee, ...exported }) => exported));
  }, 60_000);
});
