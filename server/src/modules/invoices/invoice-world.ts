import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { DOLLAR_RATE, EURO_RATE } from '@recaudo/domain/configurations';
import { todayInCaracas } from '@recaudo/domain/dates';
import { addMonths, currentMonth, type Month } from '@recaudo/domain/months';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { setRates } from '../../../test/rates';
import { addressesPayments } from '../addresses-payment/tables';
import { clients } from '../clients/tables';
import { configurations } from '../configurations/tables';
import { correlatives } from '../correlatives/tables';
import { activityGroups, economicActivities } from '../economic-activities/tables';
import { payments } from '../payments/tables';
import { jobs } from '../queue/tables';
import { communities, municipalities, parishes, states } from '../regional/tables';
import { createHkaClient } from '../../providers/invoice/hka-client';
import { startInvoiceSimulator, type InvoiceSimulator } from '../../providers/invoice/simulator';
import type { InvoiceProvider } from '../../providers/invoice/types';
import { runInvoiceJobs } from './emission';
import { legalDocuments } from './tables';

/**
 * The invoice tests' world: the HKA simulator on a local port, an app whose routes call it
 * (INVOICE_PROVIDER_*, plus `env`), a worker client with a short timeout, a series F and helpers
 * that record invoiced payments through the real API.
 */
export function invoiceWorld(env: Record<string, string> = {}) {
  const w = {} as {
    ctx: TestContext;
    sim: InvoiceSimulator;
    worker: InvoiceProvider;
    admin: TestUser;
    serieId: number;
  };
  const place = { community: 0, activity: 0, parish: 0, municipality: 0, state: 0 };
  const TODAY = todayInCaracas();
  const NOW = currentMonth();

  beforeAll(async () => {
    w.sim = await startInvoiceSimulator({ user: 'hka', password: 'clave-hka' });
    w.ctx = await createTestContext({
      INVOICE_PROVIDER_URL: w.sim.url,
      INVOICE_PROVIDER_USER: 'hka',
      INVOICE_PROVIDER_PASSWORD: 'clave-hka',
      INVOICE_PROVIDER_TIMEOUT_SECONDS: '0.5',
      ...env,
    });
    // The worker's own client, as main.ts has: a short timeout so "no answer" comes quickly.
    w.worker = createHkaClient({ url: w.sim.url, user: 'hka', password: 'clave-hka', timeoutMs: 400 });
    // edit_exchange_rate: some tests type a rate other than the one in force (issue 47).
    w.admin = await w.ctx.staff({ permissions: ['payments', 'add_payment', 'edit_payment', 'edit_exchange_rate'] });
    const { db } = w.ctx;
    await setRates(db, { usd: '36.50' });
    const [state] = await db.insert(states).values({ name: 'Mérida' }).returning();
    const [municipality] = await db.insert(municipalities).values({ name: 'Libertador', stateId: state!.id }).returning();
    const [parish] = await db.insert(parishes).values({ name: 'Arias', municipalityId: municipality!.id, dateStart: '2020-01-01' }).returning();
    const [community] = await db.insert(communities).values({ name: 'Los Pinos', parishId: parish!.id, fee: '5.00', dateStart: '2020-01-01' }).returning();
    const [group] = await db.insert(activityGroups).values({ name: 'Comercio' }).returning();
    const [activity] = await db.insert(economicActivities).values({ name: 'Bodega', activityGroupId: group!.id, fee: '20.00' }).returning();
    Object.assign(place, { state: state!.id, municipality: municipality!.id, parish: parish!.id, community: community!.id, activity: activity!.id });
    const [serie] = await db.insert(correlatives).values({ serie: 'F', number: '00000100', numberCreditNote: '0000', numberDebitNote: '0000' }).returning();
    w.serieId = serie!.id;
    await db.update(configurations).set({ value: '36.50' }).where(eq(configurations.name, DOLLAR_RATE));
    await db.update(configurations).set({ value: '30.00' }).where(eq(configurations.name, EURO_RATE));
  });
  afterAll(async () => {
    await w.ctx.close();
    await w.sim.close();
  });

  let sequence = 0;
  async function address(options: { type?: 0 | 1 } = {}) {
    const type = options.type ?? 1;
    const [client] = await w.ctx.db
      .insert(clients)
      .values({
        type,
        name: `Comercial ${++sequence}`,
        identificationType: 'J',
        identification: String(30_000_000 + sequence),
        email: `c${sequence}@correo.test`,
        phone: ['4141234567'],
      })
      .returning();
    const [row] = await w.ctx.db
      .insert(addressesPayments)
      .values({
        clientId: client!.id,
        type,
        address: `Av. Principal ${sequence}`,
        stateId: place.state,
        municipalityId: place.municipality,
        parishId: place.parish,
        communityId: type === 0 ? place.community : null,
        economicActivityId: type === 1 ? place.activity : null,
        dateStart: `${addMonths(NOW, -3)}-01`,
      })
      .returning();
    return { clientId: client!.id, addressId: row!.id };
  }

  /** Records (or, with the update URL, edits) a payment through the API as the panel sends it (multipart). */
  async function storePayment(fields: Record<string, string>, token = w.admin.token, url = '/api/bill-payments/store', headers: Record<string, string> = {}) {
    const boundary = '----recaudo' + Math.random().toString(16).slice(2);
    const body = Object.entries(fields)
      .map(([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`)
      .join('');
    const response = await w.ctx.app.inject({
      method: 'POST',
      url,
      payload: `${body}--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}`, ...headers },
    });
    return { status: response.statusCode, body: response.json() };
  }

  const paymentFields = (clientId: number, addressId: number, overrides: Record<string, string> = {}) => ({
    client_id: String(clientId),
    address_payment_id: String(addressId),
    status: '1',
    payment_method_id: '4',
    date_payment: TODAY,
    exchange_rate: '36.50',
    exchange_rate_id: '1',
    exchange_rate_reason: 'Tasa de prueba',
    amount_payment: '846.80',
    serie_id: String(w.serieId),
    type_payment_month: '1',
    months_payment: JSON.stringify([NOW]),
    send_invoice: '1',
    is_apply_retention: '0',
    ...overrides,
  });

  /** A payment of one month (commercial: 20 $ + 16 % VAT at 36.50) with the invoice switch on. */
  async function invoicedPayment(options: { retention?: boolean; type?: 0 | 1; month?: Month } = {}) {
    const { clientId, addressId } = await address({ type: options.type });
    const answer = await storePayment(
      paymentFields(clientId, addressId, { is_apply_retention: options.retention ? '1' : '0', months_payment: JSON.stringify([options.month ?? NOW]) }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { id: answer.body.data.id as number, hash: answer.body.data.hash as string, clientId };
  }

  const paymentRow = async (id: number) => (await w.ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const documentOf = async (id: number, type: '01' | '02' | '03' | '04' = '01') =>
    (
      await w.ctx.db
        .select()
        .from(legalDocuments)
        .where(and(eq(legalDocuments.paymentId, id), eq(legalDocuments.typeDocument, type)))
    )[0]!;
  const run = () => runInvoiceJobs(w.ctx.db, w.worker, { maxAttempts: 5 });
  /** Makes every pending job due now (the backoff has passed), by the database's clock. */
  const makeDue = () =>
    w.ctx.db
      .update(jobs)
      .set({ nextAttemptAt: sql`now()`, claimedUntil: null })
      .where(eq(jobs.status, 'pending'));

  return { w, TODAY, NOW, address, storePayment, paymentFields, invoicedPayment, paymentRow, documentOf, run, makeDue };
}
