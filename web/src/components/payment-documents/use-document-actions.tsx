import FileSearchOutlined from '@ant-design/icons/FileSearchOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import MinusCircleOutlined from '@ant-design/icons/MinusCircleOutlined';
import PercentageOutlined from '@ant-design/icons/PercentageOutlined';
import PlusCircleOutlined from '@ant-design/icons/PlusCircleOutlined';
import SendOutlined from '@ant-design/icons/SendOutlined';
import StopOutlined from '@ant-design/icons/StopOutlined';
import { documentActions, documentNoun } from '@recaudo/domain/invoices';
import type { PaymentRow } from '@recaudo/domain/payment-rows';
import { useCallback, useState, type ReactNode } from 'react';
import type { RowAction } from '../row-actions';
import { CancelModal, RetentionModal, SendMailModal } from './document-dialogs';
import { InvoiceViewer } from './invoice-viewer';
import { NotePanel } from './note-panel';
import { RecordsModal } from './records-modal';

/** The action labels for a payment's document (an invoice or a delivery note). */
export const documentTexts = (payment: Pick<PaymentRow, 'type_document'>) => {
  const noun = documentNoun(payment.type_document);
  return {
    details: `Ver ${noun}`,
    records: `Registros de la ${noun}`,
    email: `Enviar ${noun} por correo`,
    retention: 'Aplicar retención',
    debit: 'Nota de débito',
    credit: 'Nota de crédito',
    cancel: `Anular ${noun}`,
  };
};

type Dialog = 'details' | 'records' | 'email' | 'retention' | 'debit' | 'credit' | 'cancel';

export interface DocumentActions {
  /** The row actions spec 02 §4 enables for the payment; `canEdit` (edit_payment) gates retention, notes and cancel (§6). */
  actions: (payment: PaymentRow, canEdit: boolean) => RowAction[];
  /** The dialogs, rendered once by the screen that offers the actions. */
  dialogs: ReactNode;
}

/**
 * The legal-document actions of a payment (spec 02 §4–5) for every screen that lists payments:
 * `const documents = useDocumentActions();` then `...documents.actions(payment, canEdit)` and `{documents.dialogs}`.
 */
export function useDocumentActions(): DocumentActions {
  const [open, setOpen] = useState<{ dialog: Dialog; payment: PaymentRow } | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const actions = useCallback((payment: PaymentRow, canEdit: boolean): RowAction[] => {
    const enabled = documentActions(payment);
    const texts = documentTexts(payment);
    const show = (dialog: Dialog) => () => setOpen({ dialog, payment });
    return [
      { label: texts.details, icon: <FileSearchOutlined />, onClick: show('details'), allowed: enabled.details },
      { label: texts.records, icon: <FileTextOutlined />, onClick: show('records'), allowed: payment.apply_invoice_factory },
      { label: texts.email, icon: <SendOutlined />, onClick: show('email'), allowed: enabled.email },
      { label: texts.retention, icon: <PercentageOutlined />, onClick: show('retention'), allowed: canEdit && enabled.retention },
      { label: texts.debit, icon: <PlusCircleOutlined />, onClick: show('debit'), allowed: canEdit && enabled.notes },
      { label: texts.credit, icon: <MinusCircleOutlined />, onClick: show('credit'), allowed: canEdit && enabled.notes },
      { label: texts.cancel, icon: <StopOutlined />, onClick: show('cancel'), allowed: canEdit && enabled.cancel, danger: true },
    ];
  }, []);
  const target = (dialog: Dialog) => (open?.dialog === dialog ? open.payment : null);
  const dialogs = (
    <>
      <InvoiceViewer payment={target('details')} onClose={close} />
      <RecordsModal paymentId={target('records')?.id ?? null} onClose={close} />
      <SendMailModal payment={target('email')} onClose={close} />
      <RetentionModal payment={target('retention')} onClose={close} />
      <NotePanel payment={target('debit')} type="03" onClose={close} />
      <NotePanel payment={target('credit')} type="02" onClose={close} />
      <CancelModal payment={target('cancel')} onClose={close} />
    </>
  );
  return { actions, dialogs };
}
