import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@recaudo/domain/format';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { pdfText } from '../../../test/pdf-text';
import { M, markMonths, NOW, payMonths, seedAddress, seedPlace, type Place } from '../../../test/solvency-fixture';
import { setRates } from '../../../test/rates';
import { auditLogs } from '../logs/tables';
import { outbox, outboxAttachments } from '../messages/tables';
import { payments } from '../payments/tables';
import { accountStatements } from './tables';

const APP_URL = 'https://recaudo.example.test';

let ctx: TestContext;
let place: Place;
let staff: TestUser;
let stranger: TestUser;
let maria: TestUser;
let pedro: TestUser;
/** María: `owing` owes 3 months (M-2..NOW); `mixed` hand-marked M-3, paid M-2 (approved), M-1 Procesando, owes NOW. Pedro: one solvent address. */
const A = { owing: 0, mixed: 0, pedro: 0 };
let approvedId = 0;

beforeAll(async () => {
  ctx = await createTestContext({ APP_URL, PUBLIC_MAX_REQUESTS_PER_IP: '3' });
  // The BCV's rate of Friday's value date is in force today (issue 47: statements name it).
  await setRates(ctx.db, { usd: '40.00' }, { source: 'bcv', valueDate: '2026-11-27' });
  place = await seedPlace(ctx);
  staff = await ctx.staff({ permissions: ['clients'] });
  stranger = await ctx.staff({ permissions: ['payments'] });
  maria = await ctx.clientUser({ name: 'María Deudora', identificationType: 'V', identification: '14222333', email: 'maria@correo.test' });
  pedro = await ctx.clientUser({ name: 'Pedro Sin Correo', identificationType: 'V', identification: '9111222' });
  A.owing = await seedAddress(ctx, place, maria.clientId!, M(-2));
  A.mixed = await seedAddress(ctx, place, maria.clientId!, M(-3));
  await markMonths(ctx, A.mixed, [M(-3)]);
  approvedId = await payMonths(ctx, maria.clientId!, A.mixed, [M(-2)], 1);
  await ctx.db.update(payments).set({ numberCorrelative: '00000042' }).where(eq(payments.id, approvedId));
  await payMonths(ctx, maria.clientId!, A.mixed, [M(-1)], 0);
  A.pedro = await seedAddress(ctx, place, pedro.clientId!, M(-1));
  await markMonths(ctx, A.pedro, [M(-1), NOW]);
});

afterAll(() => ctx.close());

const get = (path: string, token: string, query: Record<string, unknown> = {}) => ctx.call('GET', `/api/${path}`, { token, query });

describe('GET /api/addresses-payment/statement/{id}', () => {
  it('lists every month with its fee and state, the owed total in $ and BS, and its aging bucket', async () => {
    const answer = await get(`addresses-payment/statement/${A.mixed}`, maria.token);
    expect(answer.status).toBe(200);
    const { data } = answer.body;
    expect(data).toMatchObject({
      client: { id: maria.clientId, name: 'María Deudora' },
      dollar_rate: '40.00',
      dollar_rate_value_date: '2026-11-27',
      dollar_rate_source: 'bcv',
      current_month: NOW,
      months_owed: 1,
      owed_usd: '5.00',
      owed_bs: '200.00',
    });
    expect(data.addresses).toHaveLength(1);
    expect(data.addresses[0].months).toEqual([
      { month: M(-3), fee: '5.00', state: 'marked', payment: null },
      { month: M(-2), fee: '5.00', state: 'paid', payment: { id: approvedId, number: '00000042', date_payment: expect.any(String) } },
      { month: M(-1), fee: '5.00', state: 'pending', payment: expect.objectContaining({ number: null }) },
      { month: NOW, fee: '5.00', state: 'owed', payment: null },
    ]);
    expect(data.addresses[0]).toMatchObject({ oldest_owed: NOW, solvent_to_date: M(-1), aging: '1-3' });
    expect(data.aging['1-3']).toEqual({ addresses: 1, owed_usd: '5.00', owed_bs: '200.00' });
  });

  it('answers 404 for another client’s address, for a missing one, and 403 without the Clientes permission', async () => {
    expect((await get(`addresses-payment/statement/${A.owing}`, pedro.token)).status).toBe(404);
    expect((await get('addresses-payment/statement/999999', staff.token)).status).toBe(404);
    expect((await get(`addresses-payment/statement/${A.owing}`, stranger.token)).status).toBe(403);
    expect((await get(`addresses-payment/statement/${A.owing}`, staff.token)).status).toBe(200);
  });
});

describe('GET /api/clients/statement/{id}', () => {
  it('adds up all the client’s addresses by aging bucket', async () => {
    const answer = await get(`clients/statement/${maria.clientId}`, staff.token);
    expect(answer.status).toBe(200);
    const { data } = answer.body;
    expect(data.addresses.map((address: { address_payment_id: number }) => address.address_payment_id)).toEqual([A.owing, A.mixed]);
    expect(data).toMatchObject({ months_owed: 4, owed_usd: '20.00', owed_bs: '800.00' });
    expect(data.aging).toEqual({
      '1-3': { addresses: 2, owed_usd: '20.00', owed_bs: '800.00' },
      '4-6': { addresses: 0, owed_usd: '0.00', owed_bs: '0.00' },
      '7-12': { addresses: 0, owed_usd: '0.00', owed_bs: '0.00' },
      '13+': { addresses: 0, owed_usd: '0.00', owed_bs: '0.00' },
    });
  });

  it('answers a client user’s own client only: another’s is 404', async () => {
    expect((await get(`clients/statement/${maria.clientId}`, maria.token)).status).toBe(200);
    expect((await get(`clients/statement/${maria.clientId}`, pedro.token)).status).toBe(404);
    expect((await get('clients/statement/999999', staff.token)).status).toBe(404);
  });
});

describe('the statement as PDF and its public check', () => {
  it('gives "Estado de cuenta.pdf" with the months, totals and a QR link to a public check of what it said', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/clients/statement/${maria.clientId}?type_format=pdf`, headers: { authorization: `Bearer ${maria.token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Estado de cuenta.pdf"; filename*=UTF-8''Estado%20de%20cuenta.pdf`);
    const { text, links } = pdfText(response.rawPayload);
    for (const part of ['Estado de cuenta', 'María Deudora', 'V-14222333', 'Marcado a mano', 'Procesando', 'Adeudado', '00000042', '$ 20,00', 'BS 800,00', 'Dólar: Tasa BCV 40,00 del 27-11-2026'])
      expect(text, part).toContain(part);
    // An owed month has no payment: a dash in its Pago and Fecha de pago, never the staff screens' VACIO (issue 51).
    expect(text).toMatch(/Adeudado\n—\n—/);
    expect(text).not.toContain('VACIO');
    const [issued] = await ctx.db.select().from(accountStatements).where(eq(accountStatements.clientId, maria.clientId!));
    expect(issued).toMatchObject({
      addressPaymentId: null,
      monthsOwed: 4,
      owedUsd: '20.00',
      owedBs: '800.00',
      dollarRate: '40.00',
      dollarRateValueDate: '2026-11-27',
      dollarRateSource: 'bcv',
      createdBy: maria.id,
    });
    expect(links).toContain(`${APP_URL}/verify-statement/${issued!.hash}`);

    const check = await ctx.call('GET', `/api/verify-statement/${issued!.hash}`);
    expect(check.status).toBe(200);
    // Issue 46: the public check masks the identification and names no street address.
    expect(check.body.data).toEqual({
      client: { name: 'María Deudora', identification_type: 'V', identification: '14•••333' },
      months_owed: 4,
      owed_usd: '20.00',
      owed_bs: '800.00',
      dollar_rate: '40.00',
      dollar_rate_value_date: '2026-11-27',
      dollar_rate_source: 'bcv',
      created_at: expect.any(String),
    });
    // The page the QR code opens, drawn by the server: what was owed that day, for whom.
    const page = await ctx.call('GET', `/verify-statement/${issued!.hash}`);
    expect(page.status).toBe(200);
    const html = String(page.body);
    expect(html).toContain('<title>Recaudo | Verificar estado de cuenta</title>');
    expect(html).toContain(`<p class="notice-title">Estado de cuenta emitido</p><p>Recaudo emitió este estado de cuenta el ${formatDateTime(check.body.data.created_at)}, con lo que se debía ese día.</p>`);
    for (const [term, value] of [
      ['Cliente', 'María Deudora'],
      ['Identificación', 'V-14•••333'],
      ['Meses por pagar', '4'],
      ['Total adeudado ($)', '$ 20,00'],
      ['Total adeudado (BS)', 'BS 800,00'],
      // The rate as the PDF named it (issue 47).
      ['Tasa del dólar', 'Tasa BCV 40,00 del 27-11-2026'],
    ])
      expect(html).toContain(`<dt>${term}</dt><dd>${value}</dd>`);
    expect(html).not.toContain('14222333');
    expect(html).not.toContain('Dirección');
  });

  it('refuses another client’s PDF and an unknown check', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/addresses-payment/statement/${A.owing}?type_format=pdf`, headers: { authorization: `Bearer ${pedro.token}` } });
    expect(response.statusCode).toBe(404);
    const missing = await ctx.call('GET', `/api/verify-statement/${'0'.repeat(64)}`);
    expect(missing).toMatchObject({ status: 404, body: { success: false, message: 'No se ha encontrado el estado de cuenta' } });
    const missingPage = await ctx.call('GET', `/verify-statement/${'0'.repeat(64)}`);
    expect(missingPage.status).toBe(404);
    expect(String(missingPage.body)).toContain('<h2 class="result-title">Error!</h2><p>No se ha encontrado el estado de cuenta</p>');
  });
});

describe('POST /api/statements/send-mail', () => {
  it('queues "Estado de cuenta.pdf" to the client’s e-mail through the outbox and logs it', async () => {
    const answer = await ctx.call('POST', '/api/statements/send-mail', { token: staff.token, body: { address_payment_id: A.owing } });
    expect(answer.body).toMatchObject({ success: true, message: 'Estado de cuenta enviado al correo del cliente', data: { to: 'maria@correo.test' } });
    const [mail] = await ctx.db.select().from(outbox).where(eq(outbox.to, 'maria@correo.test'));
    expect(mail?.subject).toBe('Estado de cuenta - Recaudo');
    expect(mail?.bodyText).toContain('debes 3 meses, $ 15,00 (BS 600,00)');
    const files = await ctx.db.select().from(outboxAttachments).where(eq(outboxAttachments.outboxId, mail!.id));
    expect(files.map((file) => file.filename)).toEqual(['Estado de cuenta.pdf']);
    const [entry] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.subjectType, 'clients'), eq(auditLogs.subjectId, maria.clientId!), eq(auditLogs.description, 'send_message')));
    expect(entry).toBeDefined();
  });

  it('answers 422 without an e-mail (nothing issued), 404 for another client, 422 without a scope', async () => {
    const before = (await ctx.db.select().from(accountStatements).where(eq(accountStatements.clientId, pedro.clientId!))).length;
    const answer = await ctx.call('POST', '/api/statements/send-mail', { token: pedro.token, body: { client_id: pedro.clientId } });
    expect(answer).toMatchObject({ status: 422, body: { message: 'El cliente no tiene correo registrado' } });
    expect((await ctx.db.select().from(accountStatements).where(eq(accountStatements.clientId, pedro.clientId!))).length).toBe(before);
    expect((await ctx.call('POST', '/api/statements/send-mail', { token: pedro.token, body: { client_id: maria.clientId } })).status).toBe(404);
    expect((await ctx.call('POST', '/api/statements/send-mail', { token: staff.token, body: {} })).status).toBe(422);
  });
});
