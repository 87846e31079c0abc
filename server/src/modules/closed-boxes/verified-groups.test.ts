import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { closedBoxMessages } from '@recaudo/domain/closed-boxes';
import { addMonths } from '@recaudo/domain/months';
import type { TestUser } from '../../../test/harness';
import { addressesPayments } from '../addresses-payment/tables';
import { economicActivities } from '../economic-activities/tables';
import { invoiceWorld } from '../invoices/invoice-world';
import { auditLogs } from '../logs/tables';
import { payments } from '../payments/tables';
import { closedBoxes } from './tables';

/**
 * Issue 31 "A verified cash closing stays as it was verified": a payment of a verified group
 * keeps its money fields, status and closing until someone allowed to verify unverifies the group.
 */
const { w, TODAY, NOW, address, storePayment, paymentFields } = invoiceWorld();

let cashier: TestUser;
let supervisor: TestUser;
/** A second user who may verify: a verification is taken off by someone other than its author (issue 46). */
let auditor: TestUser;
const TERMINAL = 'T-77';
let lotSequence = 0;

beforeAll(async () => {
  cashier = await w.ctx.staff({ permissions: ['payments', 'add_payment', 'edit_payment', 'edit_exchange_rate', 'delete_payment', 'closed_boxs'] });
  supervisor = await w.ctx.staff({
    permissions: ['payments', 'edit_payment', 'delete_payment', 'closed_boxs', 'add_closed_box', 'edit_closed_box', 'delete_closed_box'],
  });
  auditor = await w.ctx.staff({ roleId: supervisor.roleId });
});

const REASON = 'El lote se cargó con el monto equivocado.';

/** The form of a point-of-sale payment of one month, without digital invoice. */
const formOf = (clientId: number, addressId: number, lot: string, overrides: Record<string, string> = {}) =>
  paymentFields(clientId, addressId, {
    payment_method_id: '2',
    terminal: TERMINAL,
    lot_number: lot,
    send_invoice: '0',
    number: '00012345',
    amount_payment: '6134.59',
    ...overrides,
  });

/** A closing whose point-of-sale group (one payment of 6 134.59) the supervisor verified. */
async function verifiedClosing() {
  const lot = `L${++lotSequence}`;
  const { clientId, addressId } = await address();
  const stored = await storePayment(formOf(clientId, addressId, lot), cashier.token);
  expect(stored.status, JSON.stringify(stored.body)).toBe(200);
  const paymentId = stored.body.data.id as number;
  const created = await w.ctx.call('POST', '/api/closed-boxs/store', {
    token: supervisor.token,
    body: { date: TODAY, user_id: cashier.id, serie: w.serieId, checkbook_number: '0001', exchange_rate: '36.50', type: 0 },
  });
  const closingId = created.body.data.id as number;
  const attached = await w.ctx.call('POST', '/api/bill-payments/add-payment', { token: supervisor.token, body: { payment_id: paymentId, closed_box_id: closingId } });
  expect(attached.status).toBe(200);
  const group = { payment_method_id: 2, terminal: TERMINAL, lot_number: lot };
  const verified = await w.ctx.call('POST', '/api/closed-boxs/verify-payments', { token: supervisor.token, body: { id: closingId, verify_payments: [group] } });
  expect(verified.status).toBe(200);
  const edit = (overrides: Record<string, string>, token = cashier.token) =>
    storePayment(formOf(clientId, addressId, lot, { id: String(paymentId), ...overrides }), token, '/api/bill-payments/update');
  return { paymentId, closingId, group, clientId, addressId, lot, edit };
}

const paymentRow = async (id: number) => (await w.ctx.db.select().from(payments).where(eq(payments.id, id)))[0];
const closingRow = async (id: number) => (await w.ctx.db.select().from(closedBoxes).where(eq(closedBoxes.id, id)))[0]!;

describe('a payment of a verified group', () => {
  it('refuses every money-field edit with the closing named; payment and closing total stay as verified', async () => {
    const closing = await verifiedClosing();
    const message = closedBoxMessages.paymentInVerifiedGroup(closing.closingId);
    const before = await paymentRow(closing.paymentId);
    expect((await closingRow(closing.closingId)).total).toBe('6134.59');
    const edits: Record<string, string>[] = [
      { amount_payment: '1.00' },
      { exchange_rate: '40.00', exchange_rate_reason: 'Tasa corregida' },
      { payment_method_id: '4', terminal: '', lot_number: '' },
      { terminal: 'T-99' },
      { lot_number: 'OTRO' },
      { reference: 'REF-NUEVA' },
      { date_payment: '2026-01-15' },
      // A month before the address's start: what the payment brings beyond its month is credit that
      // completes the owed months after it (issue 50), so those are no longer free to name.
      { months_payment: JSON.stringify([addMonths(NOW, -5)]) },
    ];
    for (const overrides of edits) {
      const answer = await closing.edit(overrides);
      expect(answer.status, JSON.stringify(overrides)).toBe(422);
      expect(answer.body).toMatchObject({ success: false, message });
    }
    expect(await paymentRow(closing.paymentId)).toEqual(before);
    expect((await closingRow(closing.closingId)).total).toBe('6134.59');
  });

  it('refuses rejecting, deleting and taking it out of the closing, and the closing’s deletion', async () => {
    const closing = await verifiedClosing();
    const message = closedBoxMessages.paymentInVerifiedGroup(closing.closingId);
    const before = await paymentRow(closing.paymentId);
    const rejected = await w.ctx.call('PUT', '/api/bill-payments/change-status', {
      token: cashier.token,
      body: { id: closing.paymentId, status: 2, notes: 'Monto errado' },
    });
    expect(rejected).toMatchObject({ status: 422, body: { message } });
    const groupRejected = await w.ctx.call('POST', '/api/closed-boxs/change-status-payments', {
      token: supervisor.token,
      body: { id: closing.closingId, ...closing.group, status: 2, notes: 'Lote errado' },
    });
    expect(groupRejected).toMatchObject({ status: 422, body: { message } });
    const deleted = await w.ctx.call('DELETE', '/api/bill-payments/delete', { token: cashier.token, body: { id: closing.paymentId } });
    expect(deleted).toMatchObject({ status: 422, body: { message } });
    const detached = await w.ctx.call('DELETE', '/api/bill-payments/delete', {
      token: supervisor.token,
      body: { id: closing.paymentId, closed_box_id: closing.closingId },
    });
    expect(detached).toMatchObject({ status: 422, body: { message } });
    const closingDeleted = await w.ctx.call('DELETE', '/api/closed-boxs/delete', { token: supervisor.token, body: { id: closing.closingId } });
    expect(closingDeleted).toMatchObject({ status: 422, body: { message: closedBoxMessages.deleteVerified(closing.closingId) } });
    expect(await paymentRow(closing.paymentId)).toEqual(before);
    expect(await closingRow(closing.closingId)).toMatchObject({ total: '6134.59', countBill: 1 });
  });

  it('keeps observations and files editable', async () => {
    const closing = await verifiedClosing();
    const answer = await closing.edit({ observations: 'Cliente pidió copia del recibo' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d9b5a70000000049454e44ae426082', 'hex');
    const boundary = '----verificado';
    const fields = formOf(closing.clientId, closing.addressId, closing.lot, { id: String(closing.paymentId), observations: 'Cliente pidió copia del recibo' });
    const parts = Object.entries(fields).map(([key, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files[0]"; filename="voucher.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    );
    const upload = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/bill-payments/update',
      payload: Buffer.concat(parts),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${cashier.token}` },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const row = await paymentRow(closing.paymentId);
    expect(row).toMatchObject({ observations: 'Cliente pidió copia del recibo', amountPayment: '6134.59' });
    expect(row!.files).toHaveLength(1);
  });

  it('keeps its figures as verified when only observations change after a fee change', async () => {
    const closing = await verifiedClosing();
    const before = await paymentRow(closing.paymentId);
    const [place] = await w.ctx.db.select({ activityId: addressesPayments.economicActivityId }).from(addressesPayments).where(eq(addressesPayments.id, closing.addressId));
    const [activity] = await w.ctx.db.select().from(economicActivities).where(eq(economicActivities.id, place!.activityId!));
    await w.ctx.db.update(economicActivities).set({ fee: '25.00' }).where(eq(economicActivities.id, activity!.id));
    try {
      const answer = await closing.edit({ observations: 'Tarifa nueva, pago viejo' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    } finally {
      await w.ctx.db.update(economicActivities).set({ fee: activity!.fee }).where(eq(economicActivities.id, activity!.id));
    }
    expect(await paymentRow(closing.paymentId)).toEqual({ ...before, observations: 'Tarifa nueva, pago viejo', updatedAt: expect.any(Date) });
  });

  it('refuses attaching another payment to a verified group of the closing', async () => {
    const closing = await verifiedClosing();
    const { clientId, addressId } = await address();
    const other = await storePayment(formOf(clientId, addressId, closing.lot, { amount_payment: '846.80' }), cashier.token);
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    const attached = await w.ctx.call('POST', '/api/bill-payments/add-payment', {
      token: supervisor.token,
      body: { payment_id: other.body.data.id, closed_box_id: closing.closingId },
    });
    expect(attached).toMatchObject({ status: 422, body: { message: closedBoxMessages.attachToVerifiedGroup(closing.closingId) } });
    expect((await paymentRow(other.body.data.id))!.closedBoxId).toBeNull();
    expect((await closingRow(closing.closingId)).total).toBe('6134.59');
  });
});

describe('POST /api/closed-boxs/unverify-payments', () => {
  it('is refused to a user who may not verify', async () => {
    const closing = await verifiedClosing();
    const answer = await w.ctx.call('POST', '/api/closed-boxs/unverify-payments', { token: cashier.token, body: { id: closing.closingId, ...closing.group, reason: REASON } });
    expect(answer.status).toBe(403);
    expect((await closingRow(closing.closingId)).verifyPayments).toEqual([{ ...closing.group, verified_by: supervisor.id }]);
  });

  it('is refused to the user who verified the group, and to another without a reason', async () => {
    const closing = await verifiedClosing();
    const own = await w.ctx.call('POST', '/api/closed-boxs/unverify-payments', { token: supervisor.token, body: { id: closing.closingId, ...closing.group, reason: REASON } });
    expect(own).toMatchObject({ status: 422, body: { message: closedBoxMessages.unverifyBySameUser } });
    const bare = await w.ctx.call('POST', '/api/closed-boxs/unverify-payments', { token: auditor.token, body: { id: closing.closingId, ...closing.group, reason: '  ' } });
    expect(bare).toMatchObject({ status: 422, body: { errors: { reason: [closedBoxMessages.unverifyReasonRequired] } } });
    // A shorter list on verify-payments is the same removal, under the same rule.
    const shorter = await w.ctx.call('POST', '/api/closed-boxs/verify-payments', { token: supervisor.token, body: { id: closing.closingId, verify_payments: [] } });
    expect(shorter).toMatchObject({ status: 422, body: { message: closedBoxMessages.unverifyBySameUser } });
    expect((await closingRow(closing.closingId)).verifyPayments).toHaveLength(1);
  });

  it('takes the group’s verification off with its reason audited; the later edit and the re-verification show in the closing’s history', async () => {
    const closing = await verifiedClosing();
    const answer = await w.ctx.call('POST', '/api/closed-boxs/unverify-payments', { token: auditor.token, body: { id: closing.closingId, ...closing.group, reason: REASON } });
    expect(answer).toMatchObject({ status: 200, body: { success: true, message: closedBoxMessages.unverified } });
    const [entry] = await w.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.logName, 'closed_boxs'), eq(auditLogs.subjectId, closing.closingId)))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(entry).toMatchObject({
      causerId: auditor.id,
      properties: { old: { verify_payments: [{ ...closing.group, verified_by: supervisor.id }] }, attributes: { verify_payments: [], unverify_reason: REASON } },
    });
    const again = await w.ctx.call('POST', '/api/closed-boxs/unverify-payments', { token: auditor.token, body: { id: closing.closingId, ...closing.group, reason: REASON } });
    expect(again).toMatchObject({ status: 422, body: { message: closedBoxMessages.groupNotVerified } });
    const edited = await closing.edit({ amount_payment: '6100.00' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await closingRow(closing.closingId)).toMatchObject({ total: '6100.00', verifyPayments: [] });
    const reverified = await w.ctx.call('POST', '/api/closed-boxs/verify-payments', { token: auditor.token, body: { id: closing.closingId, verify_payments: [closing.group] } });
    expect(reverified.status).toBe(200);

    const history = await w.ctx.call('GET', `/api/closed-boxs/${closing.closingId}/verification-history`, { token: cashier.token });
    expect(history.status).toBe(200);
    expect(history.body.data.map((line: { kind: string }) => line.kind)).toEqual(['verified', 'unverified', 'payment_updated', 'verified']);
    expect(history.body.data[1]).toMatchObject({ reason: REASON, groups: [closing.group] });
    expect(history.body.data[2]).toMatchObject({ payment_id: closing.paymentId });
    expect(history.body.data[2].fields).toContain('amount_payment');
    expect(history.body.data[3]).toMatchObject({ groups: [closing.group] });
    const outsider = await w.ctx.staff({ permissions: ['payments'] });
    expect((await w.ctx.call('GET', `/api/closed-boxs/${closing.closingId}/verification-history`, { token: outsider.token })).status).toBe(403);
  });
});

describe('a verification racing an edit', () => {
  it('never lets an edit land after the group was verified', async () => {
    for (let round = 0; round < 4; round++) {
      const closing = await verifiedClosing();
      await w.ctx.call('POST', '/api/closed-boxs/unverify-payments', { token: auditor.token, body: { id: closing.closingId, ...closing.group, reason: REASON } });
      const [verified, edited] = await Promise.all([
        w.ctx.call('POST', '/api/closed-boxs/verify-payments', { token: supervisor.token, body: { id: closing.closingId, verify_payments: [closing.group] } }),
        closing.edit({ amount_payment: '6100.00' }),
      ]);
      expect(verified.status).toBe(200);
      const entries = await w.ctx.db
        .select({ id: auditLogs.id, logName: auditLogs.logName })
        .from(auditLogs)
        .where(
          and(
            eq(auditLogs.description, 'updated'),
            eq(auditLogs.subjectId, closing.closingId),
            eq(auditLogs.logName, 'closed_boxs'),
          ),
        )
        .orderBy(desc(auditLogs.id))
        .limit(1);
      const verifiedAt = entries[0]!.id;
      const row = await paymentRow(closing.paymentId);
      const total = (await closingRow(closing.closingId)).total;
      if (edited.status === 200) {
        // The edit committed first: the verification covers the edited amount.
        const [editEntry] = await w.ctx.db
          .select({ id: auditLogs.id })
          .from(auditLogs)
          .where(and(eq(auditLogs.logName, 'payments'), eq(auditLogs.subjectId, closing.paymentId)))
          .orderBy(desc(auditLogs.id))
          .limit(1);
        expect(editEntry!.id).toBeLessThan(verifiedAt);
        expect([row!.amountPayment, total]).toEqual(['6100.00', '6100.00']);
      } else {
        expect(edited).toMatchObject({ status: 422, body: { message: closedBoxMessages.paymentInVerifiedGroup(closing.closingId) } });
        expect([row!.amountPayment, total]).toEqual(['6134.59', '6134.59']);
      }
    }
  });
});
