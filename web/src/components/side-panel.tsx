import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Flex from 'antd/es/flex';
import type { ReactNode } from 'react';

export interface SidePanelProps {
  title: string;
  open: boolean;
  onClose: () => void;
  /** The id of the form inside; the Guardar button submits it. */
  formId: string;
  submitting?: boolean;
  submitLabel?: string;
  size?: number;
  children: ReactNode;
}

/**
 * The add/edit side panel of every list screen: a Drawer whose footer submits the form inside.
 * Its content is dropped when closed, so each opening starts from the record's values.
 */
export function SidePanel({ title, open, onClose, formId, submitting = false, submitLabel = 'Guardar', size = 420, children }: SidePanelProps) {
  return (
    <Drawer
      title={title}
      open={open}
      onClose={onClose}
      size={size}
      destroyOnHidden
      mask={{ closable: !submitting }}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose} disabled={submitting}>
            Cancelar
          </Button>
          <Button type="primary" htmlType="submit" form={formId} loading={submitting}>
            {submitLabel}
          </Button>
        </Flex>
      }
    >
      {children}
    </Drawer>
  );
}
