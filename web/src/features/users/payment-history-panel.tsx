import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';

/** The payments a user registered, with its status selector and details: the payments area's list, composed by the app. */
export type PaymentHistoryContent = (userId: number) => ReactNode;

interface PaymentHistoryPanelProps {
  open: boolean;
  onClose: () => void;
  user: { id: number; name: string } | null;
  content: PaymentHistoryContent;
}

/**
 * "Historial de pagos" of a user (spec 01 §2 Users screen): a side panel with the back button
 * around the payments that user registered (status selector, paged list, "Ver detalles").
 */
export function PaymentHistoryPanel({ open, onClose, user, content }: PaymentHistoryPanelProps) {
  return (
    <Drawer
      title="Historial de pagos"
      open={open}
      onClose={onClose}
      size={820}
      destroyOnHidden
      closable={false}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={onClose}>
          Regresar
        </Button>
      }
    >
      {user && (
        <>
          <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
            Pagos registrados por {user.name}
          </Typography.Paragraph>
          {content(user.id)}
        </>
      )}
    </Drawer>
  );
}
