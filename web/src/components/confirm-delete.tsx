import Button from 'antd/es/button';
import Modal from 'antd/es/modal';

export interface ConfirmDeleteProps {
  open: boolean;
  /** The question, e.g. "¿Seguro de eliminar el rol?". */
  question: string;
  /** What is about to be deleted, shown under the question. */
  subject?: string;
  deleting?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The delete confirmation of every list screen, with the spec's Cerrar / Eliminar buttons. */
export function ConfirmDelete({ open, question, subject, deleting = false, onCancel, onConfirm }: ConfirmDeleteProps) {
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
        <Button key="delete" type="primary" danger loading={deleting} onClick={onConfirm}>
          Eliminar
        </Button>,
      ]}
    >
      {subject && <p>{subject}</p>}
    </Modal>
  );
}
