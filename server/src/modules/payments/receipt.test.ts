import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentAmounts } from '@recaudo/domain/amounts';
import { addMonths, currentMonth, type Month } from '@recaudo/domain/months';
import type { PaymentRow } from '@recaudo/domain/payment-rows';
import { buildApp } from '../../app';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { pdfText } from '../../../test/pdf-text';
import { addressesPayments } from '../addresses-payment/tables';
import { publicRequestHits } from '../auth/tables';
import { clients } from '../clients/tables';
import { correlatives } from '../correlatives/tables';
import { activityGroups, economicActivities } from '../economic-activities/tables';
import { auditLogs } from '../logs/tables';
import { dispatchPending } from '../messages/service';
import { outbox, outboxAttachments } from '../messages/tables';
import type { OutgoingEmail } from '../messages/transport';
import { communities, municipalities, parishes, states } from '../regional/tables';
import { receiptLines } from './receipt';
import { paymentMethods } from '../payment-methods/tables';
import { amountColumns, payments, paymentTenders } from './tables';

const APP_URL = 'https://recaudo.example.test';
const REAL_SERVICES = {
  BANK_API_URL: 'http://127.0.0.1:9',
  BANK_API_KEY: 'clave',
  BANK_ACCOUNT: '01020000000000001234',
  BANK_PHONE: '04120001122',
  INVOICE_PROVIDER_URL: 'http://127.0.0.1:9/api',
  BCV_RATE_URL: 'http://127.0.0.1:9/',
  INVOICE_PROVIDER_USER: 'usuario',
  INVOICE_PROVIDER_PASSWORD: 'clave',
};
const NOW = currentMonth();
const label = (month: Month) => `${month.slice(5, 7)}-${month.slice(0, 4)}`;

let ctx: TestContext;
let admin: TestUser;
let ownOnly: TestUser;
let noPayments: TestUser;
let zoila: TestUser;
let roble: TestUser;
let mute: TestUser;
const place = { state: 0, municipality: 0, parish: 0, community: 0, activity: 0, serie: 0 };
/** The fixture payments' hashes and ids. */
const P = {
  zoila: { id: 0, hash: '' },
  roble: { id: 0, hash: '' },
  mute: { id: 0, hash: '' },
};

interface Seed {
  user: TestUser;
  type: 0 | 1;
  fee: string;
  months: Month[];
  status?: 0 | 1 | 2;
  correlative?: string | null;
  retention?: boolean;
  rate?: string;
  rateId?: number;
  /** The rate's value date and source (issue 47); neither for a payment made before the history of rates. */
  rateValueDate?: string | null;
  rateSource?: 'bcv' | 'manual' | null;
  method?: number;
  reference?: string | null;
  terminal?: string | null;
  lot?: string | null;
  amountPayment?: string;
}

async function insertPayment(seed: Seed): Promise<{ id: number; hash: string }> {
  const { db } = ctx;
  const [address] = await db
    .insert(addressesPayments)
    .values({
      clientId: seed.user.clientId!,
      type: seed.type,
      address: seed.type === 0 ? 'Calle 5, casa 12' : 'Av. Lara, local 3',
      stateId: place.state,
      municipalityId: place.municipality,
      parishId: place.parish,
      communityId: seed.type === 0 ? place.community : null,
      economicActivityId: seed.type === 1 ? place.activity : null,
    })
    .returning();
  const rate = seed.rate ?? '36.55';
  const amounts = paymentAmounts({ type: seed.type, fee: seed.fee, months: seed.months.length, rate, applyRetention: seed.retention });
  const hash = randomBytes(32).toString('hex');
  const [row] = await db
    .insert(payments)
    .values({
      clientId: seed.user.clientId!,
      addressPaymentId: address!.id,
      paymentMethodId: seed.method ?? 4,
      serieId: place.serie,
      status: seed.status ?? 1,
      numberCorrelative: seed.correlative === undefined ? '00000123' : seed.correlative,
      number: '00012345',
      datePayment: '2026-03-02',
      dateBill: '2026-03-03',
      exchangeRate: rate,
      exchangeRateId: seed.rateId ?? 1,
      rateValueDate: seed.rateValueDate ?? null,
      rateSource: seed.rateSource ?? null,
      rateReason: seed.rateSource === 'manual' ? 'Tasa pactada con el cliente' : null,
      ...amountColumns(amounts),
      amountPayment: seed.amountPayment ?? amounts.amount_payment,
      isApplyRetention: seed.retention ?? false,
      reference: seed.reference ?? null,
      terminal: seed.terminal ?? null,
      lotNumber: seed.lot ?? null,
      monthsPayment: seed.months,
      typePaymentMonth: 1,
      hash,
      createdBy: admin.id,
      createdAt: new Date('2026-03-03T14:30:00Z'),
    })
    .returning({ id: payments.id });
  return { id: row!.id, hash };
}

beforeAll(async () => {
  ctx = await createTestContext({ APP_URL, PUBLIC_MAX_REQUESTS_PER_IP: '3' });
  const { db } = ctx;
  admin = await ctx.staff({ permissions: ['payments'] });
  ownOnly = await ctx.staff({ permissions: ['payments'], overrides: { onlyUser: true, allUsers: false } });
  noPayments = await ctx.staff({ permissions: ['clients'] });
  zoila = await ctx.clientUser({
    name: 'Zoila Quintero',
    identificationType: 'V',
    identification: '11122233',
    email: 'zoila@correo.test',
    phone: ['4141112233', '2512223344'],
  });
  roble = await ctx.clientUser({
    type: 1,
    name: 'Inversiones El Roble C.A.',
    identificationType: 'J',
    identification: '401234567',
    email: 'roble@correo.test',
  });
  mute = await ctx.clientUser({ name: 'Sin Correo', identificationType: 'V', identification: '9876543' });
  const [state] = await db.insert(states).values({ name: 'Lara' }).returning();
  const [municipality] = await db.insert(municipalities).values({ name: 'Iribarren', stateId: state!.id }).returning();
  const [parish] = await db.insert(parishes).values({ name: 'Catedral', municipalityId: municipality!.id, dateStart: '2024-01-01' }).returning();
  const [community] = await db.insert(communities).values({ name: 'Los Samanes', parishId: parish!.id, fee: '5.00', dateStart: '2024-01-01' }).returning();
  const [group] = await db.insert(activityGroups).values({ name: 'Comercio' }).returning();
  const [activity] = await db.insert(economicActivities).values({ name: 'Bodegas', activityGroupId: group!.id, fee: '20.00' }).returning();
  const [serie] = await db.insert(correlatives).values({ serie: 'A', number: '0', numberCreditNote: '0', numberDebitNote: '0' }).returning();
  Object.assign(place, {
    state: state!.id,
    municipality: municipality!.id,
    parish: parish!.id,
    community: community!.id,
    activity: activity!.id,
    serie: serie!.id,
  });
  P.zoila = await insertPayment({
    user: zoila,
    type: 0,
    fee: '5.00',
    months: [addMonths(NOW, -1), NOW],
    method: 1,
    reference: '000123456789',
    rateValueDate: '2026-02-27',
    rateSource: 'bcv',
  });
  P.roble = await insertPayment({
    user: roble,
    type: 1,
    fee: '20.00',
    months: [NOW],
    retention: true,
    status: 0,
    correlative: null,
    method: 2,
    terminal: 'T-77',
    lot: 'L-9',
    rate: '40.10',
    rateId: 2,
    rateSource: 'manual',
  });
  P.mute = await insertPayment({ user: mute, type: 0, fee: '5.00', months: [NOW], correlative: '00000124' });
});
afterAll(async () => {
  await ctx.close();
});

const pdfOf = (hash: string, token?: string) => ctx.call('GET', `/api/payments/generate-payment-pdf/${hash}`, { token });

describe('GET /api/payments/generate-payment-pdf/{hash}', () => {
  it('gives the owner client the receipt with every part of it and the QR link', async () => {
    const answer = await pdfOf(P.zoila.hash, zoila.token);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="Recibo A-00000123.pdf"; filename*=UTF-8''Recibo%20A-00000123.pdf`);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/payments/generate-payment-pdf/${P.zoila.hash}`,
      headers: { authorization: `Bearer ${zoila.token}` },
    });
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(3000);
    const { text, links } = pdfText(pdf);
    const verifyUrl = `${APP_URL}/verify-payment/${P.zoila.hash}`;
    for (const part of [
      'Recaudo',
      'Recibo de pago',
      'A-00000123',
      '00012345',
      'Aprobado',
      'Zoila Quintero',
      'V-11122233',
      'zoila@correo.test',
      '+58 (414)-1112233, +58 (251)-2223344',
      'Calle 5, casa 12',
      'Residencial',
      'Los Samanes',
      'Catedral',
      '$ 5,00',
      `${label(addMonths(NOW, -1))}, ${label(NOW)}`,
      'Transferencia',
      '000123456789',
      'TASA DE CAMBIO (BS POR $)',
      // The BCV's rate in force on the payment's date (Monday 02-03-2026): Friday's value date.
      'Tasa BCV 36,55 del 27-02-2026',
      '02-03-2026',
      '03-03-2026',
      '03-03-2026 10:30 am',
      'Total facturado',
      'BS 365,50',
      '$ 10,00',
      'Monto pagado',
    ]) {
      expect(text, part).toContain(part);
    }
    // The address under the QR code may wrap; its link annotation carries it whole.
    expect(text.replace(/\n/g, '')).toContain(verifyUrl);
    // A residential payment has no tax base, VAT nor retention lines.
    expect(text).not.toMatch(/IVA|Base imponible/);
    expect(links).toContain(verifyUrl);
  });

  it('shows a payment in lines: $ 10 in cash and a Pago Móvil, the IGTF on the $ 10 and the change given in bolívares (issue 49)', async () => {
    const { db } = ctx;
    // One month of $ 5,00 at BS 36,55 plus IGTF 3 % on $ 5,00 ($ 0,15, BS 5,48): $ 10 (BS 365,50) brings more than enough.
    const paid = await insertPayment({ user: zoila, type: 0, fee: '5.00', months: [NOW], correlative: '00000125', amountPayment: '188.23' });
    const [dollars] = await db.select({ id: paymentMethods.id }).from(paymentMethods).where(eq(paymentMethods.name, 'Efectivo dólares'));
    await db
      .update(payments)
      .set({ paymentMethodId: dollars!.id, changeCurrency: 'VES', changeAmount: '200.00', changeAmountVes: '200.00', igtfRate: '3.00', igtfBase: '5.00', igtfCurrencyAmount: '0.15', igtfAmount: '5.48' })
      .where(eq(payments.id, paid.id));
    await db.insert(paymentTenders).values([
      { paymentId: paid.id, position: 1, paymentMethodId: dollars!.id, currency: 'USD', amount: '10.00', amountVes: '365.50' },
      { paymentId: paid.id, position: 2, paymentMethodId: 3, currency: 'VES', amount: '22.73', amountVes: '22.73', reference: '778899', bankId: null },
    ]);
    const receiptText = async (hash: string) =>
      pdfText((await ctx.app.inject({ method: 'GET', url: `/api/payments/generate-payment-pdf/${hash}`, headers: { authorization: `Bearer ${zoila.token}` } })).rawPayload).text;
    const flat = (await receiptText(paid.hash)).replace(/\n/g, ' ');
    for (const part of ['IGTF (sobre $ 5,00)', 'BS 5,48', '$ 0,15', 'Monto pagado', 'BS 188,23', '$ 5,15', 'Forma de pago', 'Efectivo dólares', '$ 10,00', 'BS 365,50', 'Pago móvil · Ref. 778899', 'BS 22,73', 'Vuelto entregado', 'BS -200,00'])
      expect(flat, part).toContain(part);
    // A one-method bolívar payment has no "Forma de pago": its method is in the payment's fields.
    expect(await receiptText(P.zoila.hash)).not.toContain('Forma de pago');
  });

  it('shows a commercial payment in euros with VAT, retention and its pending status', async () => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: `/api/payments/generate-payment-pdf/${P.roble.hash}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(answer.statusCode).toBe(200);
    const { text } = pdfText(answer.rawPayload);
    for (const part of [
      'Procesando',
      'J-401234567',
      'Comercial',
      'Bodegas',
      'IVA (16 %)',
      'Retención de IVA (75 %)',
      'TASA DE CAMBIO (BS POR €)',
      // Typed by staff: no BCV value date to name.
      'Tasa manual 40,10',
      'Euros (€)',
      '€ 23,20',
      '€ 20,80',
      'T-77',
      'L-9',
    ]) {
      expect(text, part).toContain(part);
    }
    // No document number before approval: a dash, never the staff screens' VACIO on a client's document (issue 51).
    expect(text).toMatch(/N° de documento\n—/);
    expect(text).toMatch(/BANCO DE ORIGEN\n—/);
    expect(text).not.toContain('VACIO');
  });

  it('names no source for a payment made before the history of rates', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: `/api/payments/generate-payment-pdf/${P.mute.hash}`, headers: { authorization: `Bearer ${admin.token}` } });
    const { text } = pdfText(answer.rawPayload);
    expect(text).toContain('Tasa de cambio 36,55');
    expect(text).not.toMatch(/Tasa (BCV|manual)/);
  });

  it('marks every receipt "SIN VALIDEZ — MODO DE PRUEBA" while simulators stand in, and none made on the real services', async () => {
    // This context's bank and printer are the in-process simulators.
    const simulated = await ctx.app.inject({ method: 'GET', url: `/api/payments/generate-payment-pdf/${P.zoila.hash}`, headers: { authorization: `Bearer ${zoila.token}` } });
    expect(simulated.headers['x-test-mode']).toBe(encodeURIComponent('Modo de prueba: banco, imprenta y tasa BCV simulados'));
    expect(pdfText(simulated.rawPayload).text).toContain('SIN VALIDEZ — MODO DE PRUEBA');
    const real = { ...ctx.config, ...REAL_SERVICES };
    const app = await buildApp(real, ctx.db, { serveWeb: false });
    try {
      const answer = await app.inject({ method: 'GET', url: `/api/payments/generate-payment-pdf/${P.zoila.hash}`, headers: { authorization: `Bearer ${zoila.token}` } });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-test-mode']).toBeUndefined();
      const { text } = pdfText(answer.rawPayload);
      expect(text).toContain('Zoila Quintero');
      expect(text).not.toContain('SIN VALIDEZ');
    } finally {
      await app.close();
    }
  });

  it('answers 404 to another client, to staff outside their data scope and for an unknown hash', async () => {
    for (const [hash, token] of [
      [P.zoila.hash, roble.token],
      [P.zoila.hash, ownOnly.token],
      [randomBytes(32).toString('hex'), admin.token],
      ['no-es-un-hash', admin.token],
    ] as const) {
      const answer = await pdfOf(hash, token);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ success: false, message: 'El hash no pertenece a ningún pago' });
    }
  });

  it('needs a login and, for staff, the payments permission', async () => {
    expect((await pdfOf(P.zoila.hash)).status).toBe(401);
    expect((await pdfOf(P.zoila.hash, noPayments.token)).status).toBe(403);
  });
});

describe('receipt amount lines', () => {
  it('add up in bolivars to the stored bill amount, to the cent', async () => {
    const [row] = (await ctx.call('GET', '/api/payments', { token: admin.token, query: { filters: { client: [roble.clientId] } } })).body.data
      .data as PaymentRow[];
    const lines = receiptLines(row!);
    expect(lines.map((line) => line.label)).toEqual(['Base imponible', 'IVA (16 %)', 'Total facturado', 'Retención de IVA (75 %)', 'Monto pagado']);
    const [base, iva, total, retention, paid] = lines;
    expect(new Decimal(base!.bolivars).plus(iva!.bolivars).toFixed(2)).toBe(row!.amount_bill);
    expect(total!.bolivars).toBe(row!.amount_bill);
    expect([base!.foreign, iva!.foreign, retention!.foreign, paid!.foreign]).toEqual(['20.00', '3.20', '2.40', '20.80']);
    expect(retention!.bolivars).toBe('96.24');
    expect(paid!.bolivars).toBe(row!.amount_payment);
  });
});

describe('POST /api/payments/send-mail-payment-pdf', () => {
  const send = (hash: unknown, token?: string) => ctx.call('POST', '/api/payments/send-mail-payment-pdf', { token, body: { hash } });

  it("queues the receipt to the client's e-mail with the verification link, and logs it", async () => {
    const answer = await send(P.zoila.hash, admin.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: 'Recibo enviado al correo del cliente', data: { to: 'zoila@correo.test' } });
    const [mail] = await ctx.db.select().from(outbox).where(eq(outbox.to, 'zoila@correo.test'));
    expect(mail).toMatchObject({ channel: 'email', status: 'pending', subject: 'Recibo de pago N° A-00000123 - Recaudo' });
    expect(mail!.bodyText).toContain(`${APP_URL}/verify-payment/${P.zoila.hash}`);
    expect(mail!.bodyText).toContain(`${APP_URL}/payments-receipt`);
    expect(mail!.bodyText).toContain('Monto pagado: BS 365,50 ($ 10,00)');
    expect(mail!.bodyHtml).toContain(`href="${APP_URL}/verify-payment/${P.zoila.hash}"`);
    // The receipt's PDF is stored with the message, so a restart or a retry sends it.
    const files = await ctx.db.select().from(outboxAttachments).where(eq(outboxAttachments.outboxId, mail!.id));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ filename: 'Recibo A-00000123.pdf', contentType: 'application/pdf' });
    const pdf = files[0]!.content;
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, links } = pdfText(pdf);
    for (const part of [
      'Recibo de pago',
      'A-00000123',
      'Zoila Quintero',
      'V-11122233',
      'Calle 5, casa 12',
      'Transferencia',
      '000123456789',
      'BS 365,50',
      '$ 10,00',
    ])
      expect(text, part).toContain(part);
    expect(links).toContain(`${APP_URL}/verify-payment/${P.zoila.hash}`);
    const [entry] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.logName, 'payments'), eq(auditLogs.description, 'send_message'), eq(auditLogs.subjectId, P.zoila.id)));
    expect(entry).toMatchObject({ causerId: admin.id, subjectType: 'payments' });
  });

  it('hands the PDF to the mail transport with the message', async () => {
    const handed: OutgoingEmail[] = [];
    const result = await dispatchPending(ctx.db, { email: async (message) => void handed.push(message) }, { maxAttempts: 3 });
    expect(result.failed).toBe(0);
    const receipt = handed.find((message) => message.to === 'zoila@correo.test');
    expect(receipt?.subject).toBe('Recibo de pago N° A-00000123 - Recaudo');
    expect(receipt?.attachments.map((file) => [file.filename, file.contentType])).toEqual([['Recibo A-00000123.pdf', 'application/pdf']]);
    const [stored] = await ctx.db
      .select()
      .from(outboxAttachments)
      .innerJoin(outbox, eq(outbox.id, outboxAttachments.outboxId))
      .where(eq(outbox.to, 'zoila@correo.test'));
    expect(receipt!.attachments[0]!.content.equals(stored!.outbox_attachments.content)).toBe(true);
    expect(pdfText(receipt!.attachments[0]!.content).text).toContain('Zoila Quintero');
    expect(stored!.outbox.status).toBe('sent');
  });

  it('answers 404 with the spec message for an unknown hash, and queues nothing', async () => {
    const before = (await ctx.db.select().from(outbox)).length;
    for (const hash of [randomBytes(32).toString('hex'), 'no-es-un-hash']) {
      const answer = await send(hash, admin.token);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ success: false, message: 'El hash no pertenece a ningún pago' });
    }
    expect(await ctx.db.select().from(outbox)).toHaveLength(before);
  });

  it('lets the owner client send their own receipt, nobody else', async () => {
    expect((await send(P.roble.hash, roble.token)).status).toBe(200);
    const queued = (await ctx.db.select().from(outbox)).length;
    const other = await send(P.roble.hash, zoila.token);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('El hash no pertenece a ningún pago');
    expect(await ctx.db.select().from(outbox)).toHaveLength(queued);
    expect((await send(P.roble.hash, ownOnly.token)).status).toBe(404);
    expect((await send(P.roble.hash)).status).toBe(401);
  });

  it('answers 422 when the client has no e-mail, or without a hash', async () => {
    const before = (await ctx.db.select().from(outbox)).length;
    const answer = await send(P.mute.hash, admin.token);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('El cliente no tiene un correo registrado');
    expect(await ctx.db.select().from(outbox)).toHaveLength(before);
    const missing = await ctx.call('POST', '/api/payments/send-mail-payment-pdf', { token: admin.token, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('El campo hash es obligatorio.');
  });
});

describe('GET /api/verify-payment/{hash} (public)', () => {
  const verify = (hash: string, options: { token?: string; ip?: string } = {}) => ctx.call('GET', `/api/verify-payment/${hash}`, options);

  it('answers without a login only what the public page shows', async () => {
    const answer = await verify(P.zoila.hash, { ip: '10.0.0.1' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      message: 'Operación exitosa',
      data: {
        number_correlative: '00000123',
        serie: 'A',
        status: 1,
        client: { name: 'Zoila Quintero', identification_type: 'V', identification: '11•••233' },
        payment_method: { name: 'Transferencia' },
        amount_payment: '365.50',
        dollar_amount_payment: '10.00',
        currency: '$',
        date_payment: '2026-03-02',
        date_bill: '2026-03-03',
        created_at: '2026-03-03T14:30:00.000Z',
        months_payment: [addMonths(NOW, -1), NOW],
      },
    });
    // Nothing of the contact data, the address, the ids or the hash itself.
    const raw = JSON.stringify(answer.body);
    for (const secret of ['zoila@correo.test', '4141112233', 'Calle 5', P.zoila.hash, '"id"', 'client_id', 'notes', 'reference'])
      expect(raw).not.toContain(secret);
  });

  it('works the same for a logged-in user of another client', async () => {
    const answer = await verify(P.roble.hash, { token: zoila.token, ip: '10.0.0.1' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 0, number_correlative: null, currency: '€', client: { name: 'Inversiones El Roble C.A.' } });
  });

  it('answers 404 with the spec message for an unknown or malformed hash', async () => {
    for (const hash of [randomBytes(32).toString('hex'), 'abc']) {
      const answer = await verify(hash, { ip: '10.0.0.2' });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ success: false, message: 'El hash no pertenece a ningún pago' });
    }
  });

  it('stops an IP after too many misses, while real receipts never count', async () => {
    for (let index = 0; index < 5; index++) expect((await verify(P.mute.hash, { ip: '10.0.0.3' })).status).toBe(200);
    expect(await ctx.db.select().from(publicRequestHits).where(eq(publicRequestHits.ip, '10.0.0.3'))).toHaveLength(0);
    for (let index = 0; index < 3; index++) expect((await verify(randomBytes(32).toString('hex'), { ip: '10.0.0.3' })).status).toBe(404);
    const blocked = await verify(P.mute.hash, { ip: '10.0.0.3' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Demasiadas solicitudes\. Intenta de nuevo en \d+ minutos?\.$/);
    expect((await verify(P.mute.hash, { ip: '10.0.0.4' })).status).toBe(200);
  });
});

describe('GET /verify-payment/{hash} (the public page, drawn by the server)', () => {
  const page = (hash: string, ip: string) => ctx.call('GET', `/verify-payment/${hash}`, { ip });

  it('is one HTML document with the payment, no script and the site\'s security policy', async () => {
    const answer = await page(P.zoila.hash, '10.0.1.1');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
    const html = String(answer.body);
    expect(html).toMatch(/^<!doctype html><html lang="es">/);
    expect(html).toContain('<title>Recaudo | Verificar pago</title>');
    expect(html).toContain('<h1 id="page-title">Verificación de pago</h1>');
    expect(html).toContain('<a class="logo" href="/" aria-label="Recaudo, ir al inicio">Recaudo</a>');
    for (const [term, value] of [
      ['Cliente', 'Zoila Quintero'],
      ['Identificación', 'V-11•••233'],
      ['N° de documento', 'A-00000123'],
      ['Método de pago', 'Transferencia'],
      ['Monto pagado', 'BS 365,50'],
      ['Monto pagado ($)', '$ 10,00'],
      ['Fecha de pago', '02-03-2026'],
      ['Fecha de factura', '03-03-2026'],
      ['Fecha de registro', '03-03-2026 10:30 am'],
    ])
      expect(html).toContain(`<dt>${term}</dt><dd>${value}</dd>`);
    expect(html).toContain('style="background:#237804">Aprobado</span>');
    expect(html).toContain(`<span class="tag">${label(addMonths(NOW, -1))}</span><span class="tag">${label(NOW)}</span>`);
    expect(html).not.toContain('<script');
    for (const secret of ['zoila@correo.test', '4141112233', 'Calle 5', P.zoila.hash]) expect(html).not.toContain(secret);
  });

  it('shows what a pending payment has not yet as a dash, never VACIO', async () => {
    const html = String((await page(P.roble.hash, '10.0.1.4')).body);
    expect(html).toContain('<dt>N° de documento</dt><dd>—</dd>');
    expect(html).not.toContain('VACIO');
  });

  it('escapes what a client typed', async () => {
    await ctx.db.update(clients).set({ name: '<script>alert(1)</script> & Cía' }).where(eq(clients.id, roble.clientId!));
    try {
      const html = String((await page(P.roble.hash, '10.0.1.2')).body);
      expect(html).toContain('<dd>&lt;script&gt;alert(1)&lt;/script&gt; &amp; Cía</dd>');
      expect(html).not.toContain('<script>');
    } finally {
      await ctx.db.update(clients).set({ name: 'Inversiones El Roble C.A.' }).where(eq(clients.id, roble.clientId!));
    }
  });

  it('answers 404 with "Error!" and the spec message for an unknown hash, and counts the miss with the API\'s', async () => {
    const missing = await page(randomBytes(32).toString('hex'), '10.0.1.3');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(missing.body)).toContain('<h2 class="result-title">Error!</h2><p>El hash no pertenece a ningún pago</p>');
    expect(String(missing.body)).not.toContain('<dl>');
    for (let index = 0; index < 2; index++) expect((await ctx.call('GET', `/api/verify-payment/${randomBytes(32).toString('hex')}`, { ip: '10.0.1.3' })).status).toBe(404);
    const blocked = await page(P.zoila.hash, '10.0.1.3');
    expect(blocked.status).toBe(429);
    expect(String(blocked.body)).toMatch(/<p>Demasiadas solicitudes\. Intenta de nuevo en \d+ minutos?\.<\/p>/);
    expect(String(blocked.body)).not.toContain('Zoila Quintero');
  });
});

describe('a client without e-mail', () => {
  it('is still a client of its own payments', async () => {
    const [client] = await ctx.db.select().from(clients).where(eq(clients.id, mute.clientId!));
    expect(client!.email).toBeNull();
    expect((await pdfOf(P.mute.hash, mute.token)).status).toBe(200);
  });
});
