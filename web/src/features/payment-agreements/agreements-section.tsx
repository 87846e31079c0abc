import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import StopOutlined from '@ant-design/icons/StopOutlined';
import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate, formatMonth } from '@recaudo/domain/format';
import { installmentsProgress, type AgreementListRow } from '@recaudo/domain/payment-agreements';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { NoWrap } from '../../components/no-wrap';
import { actionsColumn, type RowAction } from '../../components/row-actions';
import { useCan } from '../../lib/session';
import { AgreementFormModal } from './agreement-form-modal';
import { downloadAgreement, useAgreement, useAgreementDetails, useAgreements, useCancelAgreement, useSendAgreementMail } from './api';
import { AgreementStatusTag } from '../../components/agreement-status';
import { InstallmentsTable } from './installments-table';

/** "Ver": the agreement's figures, its months and its installments. */
function AgreementDetailModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const agreement = useAgreement(id);
  const data = agreement.data;
  return (
    <Modal open={id !== null} title="Convenio de pago" onCancel={onClose} footer={null} destroyOnHidden width={720}>
      {!data ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={12}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'status', label: 'Estado', children: <AgreementStatusTag status={data.status} /> },
              { key: 'created_at', label: 'Firmado', children: <NoWrap>{formatDate(data.created_at)}</NoWrap> },
              { key: 'debt', label: 'Deuda', children: <NoWrap>{formatMoney(data.debt_usd, '$')}</NoWrap> },
              { key: 'down', label: 'Cuota inicial', children: <NoWrap>{formatMoney(data.down_payment_usd, '$')}</NoWrap> },
              { key: 'paid', label: 'Pagado', children: <NoWrap>{formatMoney(data.paid_usd, '$')}</NoWrap> },
              { key: 'progress', label: 'Cuotas', children: installmentsProgress(data.installments) },
              { key: 'months', label: 'Meses', children: data.months.map((month) => formatMonth(month.month)).join(', ') },
            ]}
          />
          <InstallmentsTable rows={data.installments} label="Cuotas del convenio" />
        </Flex>
      )}
    </Modal>
  );
}

/**
 * "Convenios de pago" of a client (issue 50, staff): each agreement with its state, debt, down
 * payment, what was paid and how many installments, and Ver, Descargar PDF, Enviar por correo and,
 * with `payment_agreements`, Anular; "Nuevo convenio" with that permission too (the server checks again).
 */
export function AgreementsSection({ clientId }: { clientId: number }) {
  const canWrite = useCan('payment_agreements');
  const agreements = useAgreements(clientId);
  const rows = agreements.data ?? [];
  const details = useAgreementDetails(rows.map((row) => row.id));
  const progressOf = (row: AgreementListRow) => details.find((detail) => detail.data?.id === row.id)?.data;
  const [viewing, setViewing] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<AgreementListRow | null>(null);
  const cancel = useCancelAgreement();
  const mail = useSendAgreementMail();

  const actionsFor = (row: AgreementListRow): RowAction[] => [
    { label: 'Ver', icon: <EyeOutlined />, onClick: () => setViewing(row.id), primary: true },
    { label: 'Descargar PDF', icon: <DownloadOutlined />, onClick: () => void downloadAgreement(row.id), primary: true },
    { label: 'Enviar por correo', icon: <MailOutlined />, onClick: () => mail.mutate(row.id) },
    { label: 'Anular', icon: <StopOutlined />, onClick: () => setCancelling(row), danger: true, allowed: canWrite, disabled: row.status !== 'current', tooltip: row.status === 'current' ? undefined : 'Solo se anula un convenio vigente.' },
  ];
  const columns: ColumnsType<AgreementListRow> = [
    { key: 'address', title: 'Dirección', dataIndex: 'address' },
    { key: 'status', title: 'Estado', render: (_, row) => <AgreementStatusTag status={row.status} /> },
    { key: 'debt', title: 'Deuda', align: 'right', render: (_, row) => <NoWrap>{formatMoney(row.debt_usd, '$')}</NoWrap> },
    { key: 'down', title: 'Cuota inicial', align: 'right', render: (_, row) => <NoWrap>{formatMoney(row.down_payment_usd, '$')}</NoWrap> },
    { key: 'paid', title: 'Pagado', align: 'right', render: (_, row) => <NoWrap>{formatMoney(row.paid_usd, '$')}</NoWrap> },
    {
      key: 'progress',
      title: 'Cuotas',
      render: (_, row) => {
        const detail = progressOf(row);
        return detail ? <NoWrap>{installmentsProgress(detail.installments)}</NoWrap> : '…';
      },
    },
    { key: 'created_at', title: 'Firmado', render: (_, row) => <NoWrap>{formatDate(row.created_at)}</NoWrap> },
    ...actionsColumn<AgreementListRow>(actionsFor, true, { labelOf: (row) => row.address }),
  ];

  return (
    <section aria-label="Convenios de pago">
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">Convenios de pago del cliente</Typography.Text>
        {canWrite && (
          <Button icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            Nuevo convenio
          </Button>
        )}
      </Flex>
      <Table<AgreementListRow>
        aria-label="Convenios de pago"
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={agreements.isFetching && !agreements.data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={agreements.isError ? 'No se pudieron cargar los convenios.' : 'Sin convenios de pago'} /> }}
      />
      <AgreementDetailModal id={viewing} onClose={() => setViewing(null)} />
      {canWrite && <AgreementFormModal open={creating} clientId={clientId} onClose={() => setCreating(false)} />}
      <ConfirmDelete
        open={cancelling !== null}
        question="¿Seguro de anular el convenio de pago?"
        subject={cancelling ? `${cancelling.address}: lo pagado queda pagado y los meses sin cubrir vuelven a deberse.` : undefined}
        confirmLabel="Anular"
        deleting={cancel.isPending}
        onCancel={() => setCancelling(null)}
        onConfirm={() => cancelling && cancel.mutate(cancelling.id, { onSuccess: () => setCancelling(null) })}
      />
    </section>
  );
}
