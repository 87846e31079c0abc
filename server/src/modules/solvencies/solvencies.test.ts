import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { pdfText } from '../../../test/pdf-text';
import { M, markMonths, NOW, seedAddress, seedPlace, type Place } from '../../../test/solvency-fixture';
import { monthName } from '@recaudo/domain/months';
import { auditLogs } from '../logs/tables';
import { outbox, outboxAttachments } from '../messages/tables';
import { solvencies } from './tables';

const APP_URL = 'https://recaudo.example.test';
const label = (month: string) => `${month.slice(5, 7)}-${month.slice(0, 4)}`;

let ctx: TestContext;
let place: Place;
let admin: TestUser;
let ownOnly: TestUser;
let plain: TestUser;
let ana: TestUser;
let beto: TestUser;
let mute: TestUser;
/** Solvent addresses of Ana (two), Beto and Mute (no e-mail); an owing and an incomplete one of Ana. */
const A = { ana: 0, ana2: 0, beto: 0, mute: 0, owing: 0, incomplete: 0 };

beforeAll(async () => {
  ctx = await createTestContext({ APP_URL, PUBLIC_MAX_REQUESTS_PER_IP: '3' });
  place = await seedPlace(ctx);
  admin = await ctx.staff({ permissions: ['add_solvency', 'delete_solvency', 'export_clients', 'clients'] });
  ownOnly = await ctx.staff({ permissions: ['add_solvency', 'delete_solvency'], overrides: { onlyUser: true, allUsers: false } });
  plain = await ctx.staff({ permissions: ['clients'] });
  ana = await ctx.clientUser({ name: 'Ana Solvente', identificationType: 'V', identification: '12345678', email: 'ana@correo.test' });
  beto = await ctx.clientUser({ name: 'Beto Pagador', identificationType: 'V', identification: '87654321', email: 'beto@correo.test' });
  mute = await ctx.clientUser({ name: 'Sin Correo', identificationType: 'V', identification: '5555555' });
  for (const [key, user] of [['ana', ana], ['ana2', ana], ['beto', beto], ['mute', mute]] as const) {
    A[key] = await seedAddress(ctx, place, user.clientId!, M(-2));
    await markMonths(ctx, A[key], [M(-2), M(-1), NOW]);
  }
  A.owing = await seedAddress(ctx, place, ana.clientId!, M(-2));
  await markMonths(ctx, A.owing, [M(-2)]);
  A.incomplete = await seedAddress(ctx, place, ana.clientId!, M(1), { incomplete: true });
});

afterAll(async () => {
  await ctx.close();
});

const store = (token: string, clientId: number, addressId: number) => ctx.call('POST', '/api/solvencies/store', { token, body: { client_id: clientId, addresses_payment_id: addressId } });
const list = (token: string, query: Record<string, unknown> = {}) => ctx.call('GET', '/api/solvencies', { token, query });

describe('POST /api/solvencies/store', () => {
  it('issues a certificate for a solvent address: 256-bit hash, solvent-until, audit entry', async () => {
    const answer = await store(admin.token, ana.clientId!, A.ana);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, message: 'Solvencia generada', data: { id: expect.any(Number), hash: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    const [row] = await ctx.db.select().from(solvencies).where(eq(solvencies.id, answer.body.data.id));
    expect(row).toMatchObject({ clientId: ana.clientId, addressesPaymentId: A.ana, type: 0, fromMonth: M(-2), solventToDate: NOW, isValid: true, createdBy: admin.id });
    const [entry] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, 'solvencies'), eq(auditLogs.subjectId, row!.id)));
    expect(entry?.description).toBe('created');
  });

  it('refuses an address that owes, with the reason, and stores nothing', async () => {
    const before = (await ctx.db.select().from(solvencies)).length;
    const answer = await store(admin.token, ana.clientId!, A.owing);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ success: false, message: 'La dirección no está solvente: debe 2 meses', errors: { addresses_payment_id: ['La dirección no está solvente: debe 2 meses'] } });
    expect((await ctx.db.select().from(solvencies)).length).toBe(before);
  });

  it('refuses an incomplete address even when it owes nothing', async () => {
    const answer = await store(admin.token, ana.clientId!, A.incomplete);
    expect(answer.status).toBe(422);
    expect(answer.body.errors.addresses_payment_id[0]).toMatch(/^La dirección de pago está incompleta/);
  });

  it('names missing fields in Spanish', async () => {
    const answer = await ctx.call('POST', '/api/solvencies/store', { token: admin.token, body: {} });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toMatchObject({ client_id: ['El campo Cliente es obligatorio.'], addresses_payment_id: ['El campo Dirección de pago es obligatorio.'] });
  });

  it('answers 403 to staff without add_solvency', async () => {
    expect((await store(plain.token, ana.clientId!, A.ana)).status).toBe(403);
  });

  it('answers 404 for an address of another client and for an unknown one', async () => {
    const mismatch = await store(admin.token, ana.clientId!, A.beto);
    expect(mismatch.status).toBe(404);
    expect(mismatch.body.message).toBe('La dirección de pago no existe');
    expect((await store(admin.token, ana.clientId!, 999999)).status).toBe(404);
  });

  it('lets a client user issue for their own address and gives 404 for another client’s', async () => {
    expect((await store(beto.token, beto.clientId!, A.beto)).body).toMatchObject({ success: true });
    expect((await store(beto.token, ana.clientId!, A.ana)).status).toBe(404);
    expect((await store(beto.token, beto.clientId!, A.ana)).status).toBe(404);
  });

  it('gives each of concurrent requests its own certificate and hash', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => store(admin.token, ana.clientId!, A.ana2)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.data.hash)).size).toBe(3);
  });
});

describe('GET /api/solvencies', () => {
  it('lists newest first with client, address and solvent-until; filters by client, type, address, user and dates; searches', async () => {
    const all = await list(admin.token);
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ current_page: 1, per_page: 10 });
    const first = all.body.data.data[0];
    expect(first).toMatchObject({ solvent_to_date: NOW, is_valid: true, client: { name: expect.any(String) }, address_payment: { community: 'Los Samanes', parish: 'Catedral' } });
    const total = all.body.data.total;
    const ofBeto = await list(admin.token, { filters: { client: [beto.clientId] } });
    expect(ofBeto.body.data.data.map((row: { client_id: number }) => row.client_id)).toEqual([beto.clientId]);
    expect((await list(admin.token, { filters: { client_id: beto.clientId } })).body.data.total).toBe(1);
    expect((await list(admin.token, { filters: { addresses_payment_id: A.ana2 } })).body.data.total).toBe(3);
    expect((await list(admin.token, { filters: { type: 1 } })).body.data.total).toBe(0);
    expect((await list(admin.token, { filters: { type: 0 } })).body.data.total).toBe(total);
    expect((await list(admin.token, { filters: { user: [beto.id] } })).body.data.total).toBe(1);
    const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Caracas' }).format(new Date()).replace(/\//g, '-');
    expect((await list(admin.token, { filters: { dates: [today, today] } })).body.data.total).toBe(total);
    expect((await list(admin.token, { filters: { dates: ['01-01-2020', '31-01-2020'] } })).body.data.total).toBe(0);
    expect((await list(admin.token, { search: 'Beto' })).body.data.total).toBe(1);
    expect((await list(admin.token, { search: 'V-8765' })).body.data.total).toBe(1);
  });

  it('shows a client user only their own certificates, whatever the filters say', async () => {
    const answer = await list(beto.token, { filters: { client: [ana.clientId] } });
    expect(answer.body.data.total).toBe(0);
    const own = await list(beto.token);
    expect(own.body.data.data.every((row: { client_id: number }) => row.client_id === beto.clientId)).toBe(true);
    expect(own.body.data.total).toBe(1);
  });

  it('applies the staff data scope: an only-own user sees the certificates they issued', async () => {
    expect((await list(ownOnly.token)).body.data.total).toBe(0);
    await store(ownOnly.token, mute.clientId!, A.mute);
    const mine = await list(ownOnly.token);
    expect(mine.body.data.total).toBe(1);
    expect(mine.body.data.data[0].created_by).toBe(ownOnly.id);
  });

  it('needs a login', async () => {
    expect((await ctx.call('GET', '/api/solvencies')).status).toBe(401);
  });
});

const hashOf = async (clientId: number) => (await ctx.db.select().from(solvencies).where(eq(solvencies.clientId, clientId)))[0]!;

describe('GET /api/solvencies/generate-solvency-pdf/{hash}', () => {
  it('gives Solvencia.pdf with client, identification, address, location, solvent-until, issue date and the QR link', async () => {
    const { hash } = await hashOf(beto.clientId!);
    const response = await ctx.app.inject({ method: 'GET', url: `/api/solvencies/generate-solvency-pdf/${hash}`, headers: { authorization: `Bearer ${beto.token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Solvencia.pdf"; filename*=UTF-8''Solvencia.pdf`);
    const { text, links } = pdfText(response.rawPayload);
    for (const part of ['Certificado de Solvencia', 'Beto Pagador', 'V-87654321', 'Los Samanes, Catedral, Iribarren, Lara', label(NOW), 'Solvente hasta'.toUpperCase()]) expect(text).toContain(part);
    expect(links).toContain(`${APP_URL}/verify-solvency/${hash}`);
  });

  it('answers 404 for another client’s certificate and for staff outside their scope', async () => {
    const { hash } = await hashOf(ana.clientId!);
    expect((await ctx.call('GET', `/api/solvencies/generate-solvency-pdf/${hash}`, { token: beto.token })).status).toBe(404);
    expect((await ctx.call('GET', `/api/solvencies/generate-solvency-pdf/${hash}`, { token: ownOnly.token })).status).toBe(404);
    expect((await ctx.call('GET', `/api/solvencies/generate-solvency-pdf/${'0'.repeat(64)}`, { token: admin.token })).status).toBe(404);
  });
});

describe('POST /api/solvencies/send-mail-solvency-pdf', () => {
  it('queues the e-mail with Solvencia.pdf attached in the outbox and logs it', async () => {
    const { hash, id } = await hashOf(beto.clientId!);
    const answer = await ctx.call('POST', '/api/solvencies/send-mail-solvency-pdf', { token: beto.token, body: { hash } });
    expect(answer.body).toMatchObject({ success: true, message: 'Solvencia enviada al correo del cliente', data: { to: 'beto@correo.test' } });
    const [mail] = await ctx.db.select().from(outbox).where(eq(outbox.to, 'beto@correo.test'));
    expect(mail?.subject).toBe('Certificado de Solvencia - Recaudo');
    const files = await ctx.db.select().from(outboxAttachments).where(eq(outboxAttachments.outboxId, mail!.id));
    expect(files.map((file) => file.filename)).toEqual(['Solvencia.pdf']);
    const [entry] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, 'solvencies'), eq(auditLogs.subjectId, id), eq(auditLogs.description, 'send_message')));
    expect(entry).toBeDefined();
  });

  it('answers 422 when the client has no e-mail and 404 for another client’s certificate', async () => {
    const { hash } = await hashOf(mute.clientId!);
    const answer = await ctx.call('POST', '/api/solvencies/send-mail-solvency-pdf', { token: admin.token, body: { hash } });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('El cliente no tiene un correo registrado');
    expect((await ctx.call('POST', '/api/solvencies/send-mail-solvency-pdf', { token: beto.token, body: { hash } })).status).toBe(404);
  });
});

describe('GET /api/solvencies/export/data', () => {
  it('exports the scoped list as CSV for export_clients, 403 without it', async () => {
    const answer = await ctx.call('GET', '/api/solvencies/export/data', { token: admin.token, query: { type_format: 'csv', filters: { client: [beto.clientId] } } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toContain('Solvencias.csv');
    expect(answer.body).toContain('Identificación');
    expect(answer.body).toContain('V-87654321');
    expect(answer.body).toContain(label(NOW));
    expect(answer.body).not.toContain('Ana Solvente');
    expect((await ctx.call('GET', '/api/solvencies/export/data', { token: plain.token, query: { type_format: 'csv' } })).status).toBe(403);
    expect((await ctx.call('GET', '/api/solvencies/export/data', { token: beto.token, query: { type_format: 'csv' } })).status).toBe(403);
    const xlsx = await ctx.call('GET', '/api/solvencies/export/data', { token: admin.token, query: { type_format: 'xlsx' } });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('GET /api/verify-solvency/{hash}', () => {
  it('shows the certificate to anyone, without login, and nothing beyond the page', async () => {
    const { hash } = await hashOf(beto.clientId!);
    const answer = await ctx.call('GET', `/api/verify-solvency/${hash}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      message: expect.any(String),
      data: {
        client: { name: 'Beto Pagador', identification_type: 'V', identification: '87654321' },
        type: 0,
        address: expect.any(String),
        location: 'Los Samanes, Catedral, Iribarren, Lara',
        created_at: expect.any(String),
        solvent_to_date: NOW,
        is_valid: true,
        revoked_at: null,
        revoked_reason: null,
      },
    });
  });

  it('answers 404 with the spec’s message for an unknown hash, and stops a guesser after the limit', async () => {
    const ip = '10.9.8.7';
    for (let attempt = 0; attempt < 3; attempt++) {
      const miss = await ctx.call('GET', `/api/verify-solvency/${attempt}${'a'.repeat(63)}`, { ip });
      expect(miss.status).toBe(404);
      expect(miss.body).toMatchObject({ success: false, message: 'El hash no pertenece a ningún pago' });
    }
    const blocked = await ctx.call('GET', `/api/verify-solvency/${'b'.repeat(64)}`, { ip });
    expect(blocked.status).toBe(429);
    const { hash } = await hashOf(beto.clientId!);
    expect((await ctx.call('GET', `/api/verify-solvency/${hash}`, { ip: '10.9.8.8' })).status).toBe(200);
  });
});

describe('GET /verify-solvency/{hash} (the public page, drawn by the server)', () => {
  it('shows a valid certificate as the spec lists it, without a login or a script', async () => {
    const { hash } = await hashOf(beto.clientId!);
    const answer = await ctx.call('GET', `/verify-solvency/${hash}`, { ip: '10.9.7.1' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = String(answer.body);
    expect(html).toContain('<title>Recaudo | Verificar solvencia</title>');
    expect(html).toContain('<h1 id="page-title">Verificación de solvencia</h1>');
    expect(html).toContain('<p class="notice-title">Solvencia válida</p><p>Este certificado de solvencia fue emitido por Recaudo y sigue siendo válido.</p>');
    for (const [term, value] of [
      ['Cliente', 'Beto Pagador'],
      ['Identificación', 'V-87654321'],
      ['Ubicación', 'Los Samanes, Catedral, Iribarren, Lara'],
      ['Solvente hasta', monthName(NOW)],
    ])
      expect(html).toContain(`<dt>${term}</dt><dd>${value}</dd>`);
    expect(html).toMatch(/<dt>Dirección<\/dt><dd>[^<]+ \(Residencial\)<\/dd>/);
    expect(html).not.toContain('<script');
  });

  it('answers 404 with "Error!" and the spec message for an unknown hash', async () => {
    const answer = await ctx.call('GET', `/verify-solvency/${'c'.repeat(64)}`, { ip: '10.9.7.2' });
    expect(answer.status).toBe(404);
    expect(String(answer.body)).toContain('<h2 class="result-title">Error!</h2><p>El hash no pertenece a ningún pago</p>');
  });
});

describe('DELETE /api/solvencies/delete', () => {
  it('answers 403 without delete_solvency and to client users', async () => {
    const { id } = await hashOf(beto.clientId!);
    expect((await ctx.call('DELETE', '/api/solvencies/delete', { token: plain.token, body: { id } })).status).toBe(403);
    expect((await ctx.call('DELETE', '/api/solvencies/delete', { token: beto.token, body: { id } })).status).toBe(403);
  });

  it('answers 404 outside the staff scope, deletes within it with an audit entry', async () => {
    const { id, hash } = await hashOf(beto.clientId!);
    expect((await ctx.call('DELETE', '/api/solvencies/delete', { token: ownOnly.token, body: { id } })).status).toBe(404);
    const answer = await ctx.call('DELETE', '/api/solvencies/delete', { token: admin.token, body: { id } });
    expect(answer.body).toEqual({ success: true, message: 'Solvencia eliminada', data: null });
    expect(await ctx.db.select().from(solvencies).where(eq(solvencies.id, id))).toEqual([]);
    const [entry] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, 'solvencies'), eq(auditLogs.subjectId, id), eq(auditLogs.description, 'deleted')));
    expect(entry).toBeDefined();
    expect((await ctx.call('GET', `/api/verify-solvency/${hash}`)).status).toBe(404);
  });
});
