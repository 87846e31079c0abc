import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useState } from 'react';

/** Payment status of spec 01 §3 (0 Procesando, 1 Aprobado, 2 Rechazado). */
export const PAYMENT_STATUSES = [
  { value: 0, label: 'Procesando' },
  { value: 1, label: 'Aprobado' },
  { value: 2, label: 'Rechazado' },
];

interface PaymentHistoryPanelProps {
  open: boolean;
  onClose: () => void;
  user: { id: number; name: string } | null;
}

/**
 * "Historial de pagos" of a user (spec 01 §2 Users screen): the payments that user registered,
 * with a status selector and a back button. The payments API arrives with the payments issue;
 * until then the panel says so instead of pretending the user has no payments.
 */
export function PaymentHistoryPanel({ open, onClose, user }: PaymentHistoryPanelProps) {
  const [status, setStatus] = useState<number>(1);
  return (
    <Drawer
      title="Historial de pagos"
      open={open}
      onClose={onClose}
      size={560}
      destroyOnHidden
      closable={false}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={onClose}>
          Regresar
        </Button>
      }
    >
      {user && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          Pagos registrados por {user.name}
        </Typography.Paragraph>
      )}
      <Flex gap={8} align="center" style={{ marginBottom: 24 }}>
        <label htmlFor="payment-history-status">Estatus</label>
        <Select id="payment-history-status" value={status} onChange={setStatus} options={PAYMENT_STATUSES} style={{ width: 180 }} />
      </Flex>
      <Empty description="El historial de pagos estará disponible cuando se habilite el módulo de pagos." />
    </Drawer>
  );
}
