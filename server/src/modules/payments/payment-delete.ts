import { eq } from 'drizzle-orm';
import { paymentMessages } from '@recaudo/domain/payments';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { clientIdOf } from '../../platform/scope';
import type { FileStorage } from '../../platform/storage';
import { retryingConflicts } from '../../platform/transactions';
import type { AuthContext } from '../auth/service';
import { inVerifiedGroup, lockPaymentWithClosing, verifiedGroupError } from '../closed-boxes/verified-groups';
import { legalDocuments } from '../invoices/tables';
import { settlePaymentMoney } from '../payment-agreements/settle';
import { ticketsDelivered } from '../tickets-payments/tables';
import { removeFiles } from './payment-files';
import { lockAddresses, releaseMonths } from './payment-ledger';
import { AUDIT_MODULE, snapshot } from './service';
import { payments } from './tables';

/**
 * Deletes a payment: its months are released, its delivered ticket removed, its files deleted
 * after the commit. Client users delete their own while Procesando. A document number it held
 * is not reused (the audit entry keeps it).
 */
export async function deletePayment(db: Database, storage: FileStorage, auth: AuthContext, id: number) {
  const files = await retryingConflicts(() =>
    db.transaction(async (tx) => {
      const { payment: row, closing } = await lockPaymentWithClosing(tx, auth, id);
      if (clientIdOf(auth) !== null && row.status !== 0) throw new AppError('validation', paymentMessages.onlyProcessing);
      if (await inVerifiedGroup(tx, closing, row.id)) throw verifiedGroupError(closing!.id);
      // A legal document (even a cancelled one) keeps its payment: the printer and SENIAT know it.
      const [document] = await tx.select({ id: legalDocuments.id }).from(legalDocuments).where(eq(legalDocuments.paymentId, row.id)).limit(1);
      if (document) throw new AppError('validation', paymentMessages.hasLegalDocument);
      await lockAddresses(tx, [row.addressPaymentId]);
      await releaseMonths(tx, row.id);
      // Its credit leaves the balance (re-opening months the balance completed with it, newest first).
      await settlePaymentMoney(tx, row, { credit: '0.00', now: new Date(), leaving: true });
      await tx.delete(ticketsDelivered).where(eq(ticketsDelivered.paymentId, row.id));
      await tx.delete(payments).where(eq(payments.id, row.id));
      await recordAudit(tx, { module: AUDIT_MODULE, event: 'deleted', causerId: auth.user.id, subjectId: row.id, old: snapshot(row) });
      return row.files;
    }),
  );
  await removeFiles(storage, files);
}
