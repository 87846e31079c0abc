import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Flex from 'antd/es/flex';
import { useState, type ReactNode } from 'react';
import { AttentionProvider, type Attention } from './panel-form';

export interface SidePanelProps {
  title: string;
  open: boolean;
  onClose: () => void;
  /** The id of the form inside; the Guardar button submits it. */
  formId: string;
  submitting?: boolean;
  submitLabel?: string;
  size?: number;
  /** The form inside has finished and shows its result: the footer offers only Cerrar, no second Guardar. */
  done?: boolean;
  children: ReactNode;
}

/**
 * The add/edit side panel of every list screen: a Drawer whose footer submits the form inside
 * (a PanelForm, which reports the fields a Guardar found in error above the buttons).
 * Its content is dropped when closed, so each opening starts from the record's values.
 */
export function SidePanel({ title, open, onClose, formId, submitting = false, submitLabel = 'Guardar', size = 420, done = false, children }: SidePanelProps) {
  const [attention, setAttention] = useState<Attention>(null);
  return (
    <Drawer
      title={title}
      open={open}
      onClose={onClose}
      size={size}
      destroyOnHidden
      mask={{ closable: !submitting }}
      afterOpenChange={(opened) => {
        if (!opened) setAttention(null);
      }}
      footer={
        <Flex vertical gap={8}>
          {attention && <Alert type="error" showIcon role="alert" title={attention} />}
          {done ? (
            <Flex justify="flex-end">
              <Button onClick={onClose}>Cerrar</Button>
            </Flex>
          ) : (
            <Flex justify="flex-end" gap={8}>
              <Button onClick={onClose} disabled={submitting}>
                Cancelar
              </Button>
              <Button type="primary" htmlType="submit" form={formId} loading={submitting}>
                {submitLabel}
              </Button>
            </Flex>
          )}
        </Flex>
      }
    >
      <AttentionProvider report={setAttention}>{children}</AttentionProvider>
    </Drawer>
  );
}
