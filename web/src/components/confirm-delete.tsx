import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import type { ReactNode } from 'react';

export interface ConfirmDeleteProps {
  open: boolean;
  /** The question, e.g. "¿Seguro de eliminar el rol?". */
  question: string;
  /** What is about to be deleted, shown under the question. */
  subject?: string;
  /** The request is under way: the buttons wait and the dialog can't be closed. */
  deleting?: boolean;
  /** The confirm button's text, for a confirmation that isn't a delete ("Restablecer"). */
  confirmLabel?: string;
  /** The confirm button in red; false for an action that deletes nothing. */
  danger?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** What the confirmation asks besides the yes (the actor's password, issue 46). */
  children?: ReactNode;
}

/**
 * The delete confirmation of every list screen, with the spec's Cerrar / Eliminar buttons. Other
 * confirmations reuse it with their own wording: `confirmLabel="Restablecer" danger={false}`.
 */
export function ConfirmDelete({
  open,
  question,
  subject,
  deleting = false,
  confirmLabel = 'Eliminar',
  danger = true,
  onCancel,
  onConfirm,
  children,
}: ConfirmDeleteProps) {
  return (
    <Modal
      open={open}
      title={question}
      onCancel={onCancel}
      closable={!deleting}
      mask={{ closable: !deleting }}
      footer={[
        <Button key="close" onClick={onCancel} disabled={deleting}>
          Cerrar
        </Button>,
        <Button key="confirm" type="primary" danger={danger} loading={deleting} onClick={onConfirm}>
          {confirmLabel}
        </Button>,
      ]}
    >
      {subject && <p>{subject}</p>}
      {children}
    </Modal>
  );
}
