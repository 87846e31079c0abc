import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { insertPayment } from '../../../test/payment-fixture';
import { addressesPayments } from '../addresses-payment/tables';
import { auditLogs } from '../logs/tables';
import { payments } from '../payments/tables';
import { paymentMethods } from './tables';

let ctx: TestContext;
let admin: TestUser;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-pm-'));
beforeAll(async () => {
  ctx = await createTestContext({ DATA_DIR: dataDir });
  admin = await ctx.staff({ permissions: ['payment_methods', 'add_payment_method', 'edit_payment_method', 'delete_payment_method'] });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d9b5a70000000049454e44ae426082', 'hex');
const GIF = Buffer.from('47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex');

/** A multipart form as the panel sends it. */
function form(fields: Record<string, string>, file?: { data: Buffer; name: string; type: string }) {
  const boundary = '----recaudo' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${admin.token}` } };
}

const fields = { name: 'Zelle', code: '0134', description: 'Pagos recibidos por Zelle en la cuenta custodia', type: '5', is_mobile_payment_use_api_bdv: '0', active: '1' };
const stored = (name: string) => path.join(dataDir, 'uploads', name);

describe('payment methods', () => {
  it('lists the four protected defaults', async () => {
    const { body } = await ctx.call('GET', '/api/payment-methods', { token: admin.token });
    expect(body.data.data.slice(0, 4).map((row: { id: number; name: string; protected: boolean }) => [row.id, row.name, row.protected])).toEqual([
      [1, 'Transferencia', true],
      [2, 'Punto de venta', true],
      [3, 'Pago móvil', true],
      [4, 'Efectivo', true],
    ]);
  });

  it('creates with an image checked by content, replaces it and deletes the old file', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/payment-methods/store', ...form(fields, { data: PNG, name: 'logo.png', type: 'image/png' }) });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe('Método de pago creado');
    const id = created.json().data.id;
    const [row] = await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
    expect(row).toMatchObject({ name: 'Zelle', type: 5, active: true, isMobilePaymentUseApiBdv: false });
    const first = row!.image!;
    expect(first).toMatch(/^payment-methods\/[0-9a-f-]{36}\.png$/);
    expect(fs.readFileSync(stored(first))).toEqual(PNG);
    const served = await ctx.app.inject({ method: 'GET', url: `/api/uploads/${first}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const replaced = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment-methods/update',
      ...form({ ...fields, id: String(id), _method: 'PUT', deleteOldFile: '1' }, { data: GIF, name: 'logo.gif', type: 'image/gif' }),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const [after] = await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
    expect(after!.image).toMatch(/\.gif$/);
    expect(fs.existsSync(stored(first))).toBe(false);
    const [entry] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, 'payment_methods'), eq(auditLogs.subjectId, id), eq(auditLogs.description, 'updated')));
    expect(entry?.properties).toEqual({ old: { image: first }, attributes: { image: after!.image } });

    const removed = await ctx.app.inject({ method: 'PUT', url: '/api/payment-methods/update', ...form({ ...fields, id: String(id), deleteOldFile: '1' }) });
    expect(removed.statusCode).toBe(200);
    expect(fs.existsSync(stored(after!.image!))).toBe(false);
    const deleted = await ctx.call('DELETE', '/api/payment-methods/delete', { token: admin.token, body: { id } });
    expect(deleted.body.message).toBe('Método de pago eliminado');
  });

  it('refuses a file that is not an image whatever it claims to be', async () => {
    const fake = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment-methods/store',
      ...form(fields, { data: Buffer.from('<svg onload="alert(1)"></svg>'), name: 'logo.png', type: 'image/png' }),
    });
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors).toEqual({ image: ['El campo Imagen debe ser una imagen PNG, JPG, GIF o WEBP.'] });
    expect(fs.existsSync(path.join(dataDir, 'uploads', 'payment-methods')) ? fs.readdirSync(path.join(dataDir, 'uploads', 'payment-methods')) : []).toHaveLength(0);
  });

  it('validates the required fields and the type', async () => {
    const empty = await ctx.call('POST', '/api/payment-methods/store', { token: admin.token, body: {} });
    expect(empty.body.errors).toEqual({
      name: ['El campo Nombre es obligatorio.'],
      code: ['El campo Código es obligatorio.'],
      description: ['El campo Descripción es obligatorio.'],
      type: ['El campo Tipo es obligatorio.'],
    });
    const badType = await ctx.call('POST', '/api/payment-methods/store', { token: admin.token, body: { ...fields, type: 7 } });
    expect(badType.body.errors).toEqual({ type: ['El campo Tipo es inválido.'] });
  });

  it('protects the default methods from deletion and deactivation', async () => {
    for (const id of [1, 2, 3, 4]) {
      const refused = await ctx.call('DELETE', '/api/payment-methods/delete', { token: admin.token, body: { id } });
      expect(refused).toMatchObject({
        status: 422,
        body: { message: 'Los métodos de pago predeterminados (Transferencia, Punto de venta, Pago móvil y Efectivo) no se pueden eliminar.' },
      });
    }
    const off = await ctx.call('PATCH', '/api/payment-methods/change-status', { token: admin.token, body: { id: 4, active: false } });
    expect(off).toMatchObject({ status: 422, body: { message: 'Los métodos de pago predeterminados no se pueden desactivar.' } });
    const own = (await ctx.call('POST', '/api/payment-methods/store', { token: admin.token, body: { ...fields, type: 1 } })).body.data.id;
    expect((await ctx.call('PATCH', '/api/payment-methods/change-status', { token: admin.token, body: { id: own, active: false } })).status).toBe(200);
    const selects = await ctx.call('GET', '/api/payment-methods/selects', { token: admin.token });
    expect(selects.body.data.map((row: { id: number }) => row.id)).not.toContain(own);
  });

  it('answers 403 without the action permissions', async () => {
    const reader = await ctx.staff({ permissions: ['payment_methods'] });
    expect((await ctx.call('POST', '/api/payment-methods/store', { token: reader.token, body: fields })).status).toBe(403);
    expect((await ctx.call('PATCH', '/api/payment-methods/change-status', { token: reader.token, body: { id: 1, active: true } })).status).toBe(403);
    expect((await ctx.call('DELETE', '/api/payment-methods/delete', { token: reader.token, body: { id: 5 } })).status).toBe(403);
  });
});

describe('count_payments of the payment methods', () => {
  it('counts the payments made with each method, whatever their status, and follows deletions and changes of method', async () => {
    const cashier = await ctx.staff({ permissions: ['payments', 'delete_payment'] });
    const client = await ctx.clientUser();
    const [address] = await ctx.db.insert(addressesPayments).values({ clientId: client.clientId!, type: 0, address: 'Calle 3, casa 8' }).returning();
    const created = await ctx.call('POST', '/api/payment-methods/store', { token: admin.token, body: { ...fields, name: 'Zelle contado', type: 5 } });
    const own = created.body.data.id as number;
    const pay = (paymentMethodId: number, status = 1) =>
      insertPayment(ctx.db, { clientId: client.clientId!, addressPaymentId: address!.id, paymentMethodId, status });
    const first = await pay(1);
    const pending = await pay(1, 0);
    await pay(1, 2);
    await pay(own);
    const counts = async () => {
      const { status, body } = await ctx.call('GET', '/api/payment-methods', { token: admin.token, query: { per_page: 'Todos' } });
      expect(status).toBe(200);
      return Object.fromEntries(body.data.data.map((row: { id: number; count_payments: number }) => [row.id, row.count_payments])) as Record<number, number>;
    };
    expect(await counts()).toMatchObject({ 1: 3, 2: 0, 3: 0, 4: 0, [own]: 1 });

    const deleted = await ctx.call('DELETE', '/api/payments/delete', { token: cashier.token, body: { id: first } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await counts()).toMatchObject({ 1: 2, 2: 0, [own]: 1 });

    // An edit that changes the method moves the payment from one count to the other.
    await ctx.db.update(payments).set({ paymentMethodId: 2 }).where(eq(payments.id, pending));
    expect(await counts()).toMatchObject({ 1: 1, 2: 1, [own]: 1 });
    const all = await ctx.call('GET', '/api/payment-methods/all', { token: admin.token });
    expect(all.body.data.find((row: { id: number }) => row.id === 2)?.count_payments).toBe(1);

    // A method with payments stays: its payments keep naming it.
    const refused = await ctx.call('DELETE', '/api/payment-methods/delete', { token: admin.token, body: { id: own } });
    expect(refused).toMatchObject({ status: 422, body: { success: false, message: 'El registro está relacionado con otros datos y no se puede modificar.' } });
  });
});
