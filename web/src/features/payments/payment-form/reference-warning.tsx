import { paymentMessages } from '@recaudo/domain/payments';
import Alert from 'antd/es/alert';
import Modal from 'antd/es/modal';

export interface ReferenceWarningDialogProps {
  /** The server's warning; null keeps the dialog closed. */
  message: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Issue 35: the bank reference typed is already on another live payment of the same method and
 * bank (one transfer recorded twice?). The cashier sees it before saving and decides.
 */
export function ReferenceWarningDialog({ message, onCancel, onConfirm }: ReferenceWarningDialogProps) {
  return (
    <Modal title="Referencia ya registrada" open={message !== null} onCancel={onCancel} onOk={onConfirm} okText="Guardar de todas formas" cancelText="Revisar">
      <Alert type="warning" showIcon title={message} />
      <p style={{ marginTop: 12 }}>{paymentMessages.referenceInUseConfirm}</p>
    </Modal>
  );
}
