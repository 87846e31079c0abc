import { formatDateTime } from '@recaudo/domain/format';
import { printerOperation } from '@recaudo/domain/invoices';
import Modal from 'antd/es/modal';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useInvoiceRecords, type InvoiceRecord } from './api';
import { NoWrap } from '../no-wrap';

/** Invoice records modal (spec 02): every printer call of the payment, with endpoint, message, code and date. */
export function RecordsModal({ paymentId, onClose }: { paymentId: number | null; onClose: () => void }) {
  const records = useInvoiceRecords(paymentId);
  return (
    <Modal title="Registros de la factura" open={paymentId !== null} onCancel={onClose} footer={null} width={860} destroyOnHidden>
      <Table<InvoiceRecord>
        rowKey="id"
        size="small"
        loading={records.isFetching}
        dataSource={records.data ?? []}
        pagination={false}
        locale={{ emptyText: 'Sin registros' }}
        columns={[
          { title: 'Operación', dataIndex: 'endpoint', key: 'endpoint', render: (endpoint: string) => printerOperation(endpoint) },
          {
            title: 'Mensaje',
            key: 'message',
            render: (_, record) => (
              <>
                <div>{record.message}</div>
                {record.validations.map((line) => (
                  <Typography.Text key={line} type="danger" style={{ display: 'block' }}>
                    {line}
                  </Typography.Text>
                ))}
              </>
            ),
          },
          { title: 'Código', dataIndex: 'code', key: 'code', render: (code: string) => <Tag color={code === '200' ? 'success' : 'error'}>{code}</Tag> },
          { title: 'Fecha', dataIndex: 'created_at', key: 'created_at', render: (value: string) => <NoWrap>{formatDateTime(value)}</NoWrap> },
        ]}
      />
    </Modal>
  );
}
