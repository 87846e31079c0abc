import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@recaudo/domain/format';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { M, markMonths, NOW, payMonths, seedAddress, seedPlace, type Place } from '../../../test/solvency-fixture';
import { addressMonths } from '../addresses-payment/tables';
import { addressSolvency } from './rule';
import { solvencies } from './tables';

let ctx: TestContext;
let place: Place;
let owner: TestUser;
let cashier: TestUser;

beforeAll(async () => {
  ctx = await createTestContext({ APP_URL: 'https://recaudo.example.test' });
  place = await seedPlace(ctx);
  owner = await ctx.clientUser({ name: 'Ana Solvente', email: 'ana@correo.test' });
  cashier = await ctx.staff({ permissions: ['payments', 'edit_payment', 'delete_payment', 'add_solvency', 'clients', 'edit_address_payment'] });
});

afterAll(async () => {
  await ctx.close();
});

const address = (start = M(-2)) => seedAddress(ctx, place, owner.clientId!, start);
const solvency = async (id: number) => (await addressSolvency(ctx.db, id))!;

describe('the solvency rule (DESIGN §5)', () => {
  it('is not solvent while a month is owed, and says how many', async () => {
    const id = await address();
    await markMonths(ctx, id, [M(-2), M(-1)]);
    expect(await solvency(id)).toMatchObject({ solvent: false, months_to_pay: 1, pending: false, solvent_to_date: M(-1), reason: 'La dirección no está solvente: debe 1 mes' });
  });

  it('is solvent with every month through the current one covered, and paying ahead extends the date', async () => {
    const id = await address();
    await markMonths(ctx, id, [M(-2), M(-1), NOW]);
    expect(await solvency(id)).toMatchObject({ solvent: true, months_to_pay: 0, solvent_to_date: NOW, reason: null });
    await payMonths(ctx, owner.clientId!, id, [M(1), M(2)]);
    expect(await solvency(id)).toMatchObject({ solvent: true, solvent_to_date: M(2) });
  });

  it('is not solvent while a covered month depends on a payment still Procesando, even a month paid ahead', async () => {
    const id = await address();
    await markMonths(ctx, id, [M(-2), M(-1)]);
    await payMonths(ctx, owner.clientId!, id, [NOW], 0);
    expect(await solvency(id)).toMatchObject({
      solvent: false,
      months_to_pay: 0,
      pending: true,
      reason: 'La dirección no está solvente: tiene meses cubiertos por un pago que aún está Procesando',
    });
    const ahead = await address();
    await markMonths(ctx, ahead, [M(-2), M(-1), NOW]);
    await payMonths(ctx, owner.clientId!, ahead, [M(1)], 0);
    expect(await solvency(ahead)).toMatchObject({ solvent: false, months_to_pay: 0, pending: true });
  });

  it('ends the run at a gap: a month owed in the middle is owed, a gap after the current month is not', async () => {
    const middle = await address(M(-3));
    await markMonths(ctx, middle, [M(-3), M(-1), NOW]);
    expect(await solvency(middle)).toMatchObject({ solvent: false, months_to_pay: 1, solvent_to_date: M(-3), reason: 'La dirección no está solvente: debe 1 mes' });
    const later = await address();
    await markMonths(ctx, later, [M(-2), M(-1), NOW, M(2)]);
    expect(await solvency(later)).toMatchObject({ solvent: true, months_to_pay: 0, solvent_to_date: NOW });
  });

  it('treats a new address as owing its first month, and one starting next month as solvent to this month', async () => {
    const fresh = await address(NOW);
    expect(await solvency(fresh)).toMatchObject({ solvent: false, months_to_pay: 1, solvent_to_date: null, reason: 'La dirección no está solvente: debe 1 mes' });
    const upcoming = await address(M(1));
    expect(await solvency(upcoming)).toMatchObject({ solvent: true, months_to_pay: 0, solvent_to_date: NOW });
  });

  it('is what the address list answers and filters by', async () => {
    const solventId = await address();
    await markMonths(ctx, solventId, [M(-2), M(-1), NOW]);
    const owingId = await address();
    const list = async (filters: Record<string, unknown>) =>
      (await ctx.call('GET', '/api/addresses-payment', { token: owner.token, query: { per_page: 'Todos', filters } })).body.data.data as { id: number; solvent: boolean; solvent_to_date: string | null }[];
    const all = await list({});
    expect(all.find((row) => row.id === solventId)).toMatchObject({ solvent: true, solvent_to_date: NOW });
    expect(all.find((row) => row.id === owingId)).toMatchObject({ solvent: false, solvent_to_date: null });
    const solventIds = (await list({ client_solvent: 1 })).map((row) => row.id);
    const notSolventIds = (await list({ client_not_solvent: 1 })).map((row) => row.id);
    for (const row of all) {
      expect(solventIds.includes(row.id)).toBe((await solvency(row.id)).solvent);
      expect(notSolventIds.includes(row.id)).toBe(!(await solvency(row.id)).solvent);
    }
  });
});

describe('revocation of certificates', () => {
  const issue = async (addressId: number) => {
    const answer = await ctx.call('POST', '/api/solvencies/store', { token: cashier.token, body: { client_id: owner.clientId, addresses_payment_id: addressId } });
    expect(answer.body).toMatchObject({ success: true, message: 'Solvencia generada' });
    return answer.body.data as { id: number; hash: string };
  };
  const certificate = async (id: number) => (await ctx.db.select().from(solvencies).where(eq(solvencies.id, id)))[0]!;
  const verify = async (hash: string) => (await ctx.call('GET', `/api/verify-solvency/${hash}`)).body.data;

  it('revokes when a payment it relied on is rejected, and says since when and why', async () => {
    const id = await address();
    await markMonths(ctx, id, [M(-2), M(-1)]);
    const paymentId = await payMonths(ctx, owner.clientId!, id, [NOW]);
    const issued = await issue(id);
    expect(await verify(issued.hash)).toMatchObject({ is_valid: true, revoked_at: null, solvent_to_date: NOW });
    const reject = await ctx.call('PUT', '/api/payments/change-status', { token: cashier.token, body: { id: paymentId, status: 2, notes: 'Referencia inexistente' } });
    expect(reject.body).toMatchObject({ success: true });
    const row = await certificate(issued.id);
    expect(row).toMatchObject({ isValid: false, revokedReason: 'payment_rejected' });
    expect(row.revokedAt).toBeInstanceOf(Date);
    expect(await verify(issued.hash)).toMatchObject({ is_valid: false, revoked_at: row.revokedAt!.toISOString(), revoked_reason: 'Un pago en el que se basaba fue rechazado' });
    // The page the certificate's QR code opens says it no longer holds, since when and why.
    const page = await ctx.call('GET', `/verify-solvency/${issued.hash}`);
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain(
      `<div class="notice notice-error" role="alert"><p class="notice-title">Esta solvencia ya no es válida</p><p>Revocada desde el ${formatDateTime(row.revokedAt)}. Un pago en el que se basaba fue rechazado. La persona no debe considerarse solvente con este certificado.</p></div>`,
    );
    expect(String(page.body)).not.toContain('Solvencia válida');
  });

  it('revokes when a payment it relied on is deleted', async () => {
    const id = await address();
    const paymentId = await payMonths(ctx, owner.clientId!, id, [M(-2), M(-1), NOW]);
    const issued = await issue(id);
    expect((await ctx.call('DELETE', '/api/payments/delete', { token: cashier.token, body: { id: paymentId } })).status).toBe(200);
    expect(await certificate(issued.id)).toMatchObject({ isValid: false, revokedReason: 'payment_deleted' });
    expect((await verify(issued.hash)).revoked_reason).toBe('Un pago en el que se basaba fue eliminado');
  });

  it('revokes when a month it relied on is unmarked, not when a later month is', async () => {
    const id = await address();
    await markMonths(ctx, id, [M(-2), M(-1), NOW]);
    const issued = await issue(id);
    await markMonths(ctx, id, [M(1)]);
    const keep = async (months: string[]) => {
      const years = [...new Set(months.map((month) => Number(month.slice(0, 4))))];
      const selected_months = years.map((year) => ({ year, months: months.filter((month) => month.startsWith(String(year))) }));
      const answer = await ctx.call('POST', '/api/addresses-payment/change-status-payments-multiple-months', { token: cashier.token, body: { client_id: owner.clientId, address_id: id, selected_months } });
      expect(answer.status).toBe(200);
    };
    await keep([M(-2), M(-1), NOW]);
    expect(await certificate(issued.id)).toMatchObject({ isValid: true });
    await keep([M(-2), NOW]);
    expect(await certificate(issued.id)).toMatchObject({ isValid: false, revokedReason: 'month_unmarked' });
  });

  it('keeps it valid when one transaction releases a payment’s months and covers the same ones again (an edit)', async () => {
    const id = await address();
    const paymentId = await payMonths(ctx, owner.clientId!, id, [M(-2), M(-1), NOW]);
    const issued = await issue(id);
    await ctx.db.transaction(async (tx) => {
      await tx.delete(addressMonths).where(eq(addressMonths.paymentId, paymentId));
      await tx.insert(addressMonths).values([M(-2), M(-1), NOW].map((month) => ({ addressPaymentId: id, month, paymentId })));
    });
    expect(await certificate(issued.id)).toMatchObject({ isValid: true, revokedAt: null });
    await ctx.db.transaction(async (tx) => {
      await tx.delete(addressMonths).where(eq(addressMonths.paymentId, paymentId));
      await tx.insert(addressMonths).values([M(-2), M(-1)].map((month) => ({ addressPaymentId: id, month, paymentId })));
    });
    expect(await certificate(issued.id)).toMatchObject({ isValid: false, revokedReason: 'payment_changed' });
  });

  it('is refused while a payment is Procesando, and a payment approved after makes it possible', async () => {
    const id = await address();
    await markMonths(ctx, id, [M(-2), M(-1)]);
    const paymentId = await payMonths(ctx, owner.clientId!, id, [NOW], 0);
    const refused = await ctx.call('POST', '/api/solvencies/store', { token: cashier.token, body: { client_id: owner.clientId, addresses_payment_id: id } });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      success: false,
      message: 'La dirección no está solvente: tiene meses cubiertos por un pago que aún está Procesando',
      errors: { addresses_payment_id: ['La dirección no está solvente: tiene meses cubiertos por un pago que aún está Procesando'] },
    });
    await ctx.db.update(addressMonths).set({ pending: false }).where(eq(addressMonths.paymentId, paymentId));
    await issue(id);
  });

  it('never leaves a valid certificate behind when issuing races a rejection', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await address();
      await markMonths(ctx, id, [M(-2), M(-1)]);
      const paymentId = await payMonths(ctx, owner.clientId!, id, [NOW]);
      const [stored, rejected] = await Promise.all([
        ctx.call('POST', '/api/solvencies/store', { token: cashier.token, body: { client_id: owner.clientId, addresses_payment_id: id } }),
        ctx.call('PUT', '/api/payments/change-status', { token: cashier.token, body: { id: paymentId, status: 2, notes: 'Pago duplicado' } }),
      ]);
      expect(rejected.status).toBe(200);
      const rows = await ctx.db.select().from(solvencies).where(eq(solvencies.addressesPaymentId, id));
      if (stored.status === 200) expect(rows).toEqual([expect.objectContaining({ isValid: false, revokedReason: 'payment_rejected' })]);
      else expect(rows).toEqual([]);
    }
  });
});
