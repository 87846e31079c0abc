import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { addressesPayments } from '../addresses-payment/tables';
import { payments } from '../payments/tables';
import { queueCancellation, queueInvoice } from './emission';
import { insertNote } from './notes';
import { legalDocuments } from './tables';

/**
 * Demo legal documents (after the demo payments): the five newest approved commercial payments
 * are invoiced through the queue, so the first start issues them with the printer (the
 * simulator by default); one of them is then cancelled and another gets a debit note.
 */
export async function seedDemoInvoices(tx: Executor): Promise<void> {
  const rows = await tx
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(addressesPayments, eq(addressesPayments.id, payments.addressPaymentId))
    .where(and(eq(payments.status, 1), eq(addressesPayments.type, 1), isNotNull(payments.numberCorrelative), isNotNull(payments.serieId)))
    .orderBy(desc(payments.id))
    .limit(5);
  for (const [index, { id }] of rows.entries()) {
    const [payment] = await tx.update(payments).set({ sendInvoice: true, number: null }).where(eq(payments.id, id)).returning();
    await queueInvoice(tx, payment!);
    const [invoice] = await tx
      .select()
      .from(legalDocuments)
      .where(and(eq(legalDocuments.paymentId, id), eq(legalDocuments.typeDocument, '01')));
    if (index === 1) await queueCancellation(tx, invoice!.id, 'Datos fiscales del cliente errados');
    if (index === 2)
      await insertNote(tx, invoice!, {
        type: '03',
        notes: 'Ajuste por diferencia de tarifa',
        paymentMethodId: payment!.paymentMethodId,
        datePayment: payment!.datePayment,
        reference: payment!.reference,
        terminal: payment!.terminal,
        lotNumber: payment!.lotNumber,
        total: '116.00',
        createdBy: payment!.createdBy,
      });
  }
}
