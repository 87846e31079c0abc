import { formatDateTime } from '@recaudo/domain/format';
import { attributeChanges, attributeLabel, attributeValueText, logEventLabel, logModuleLabel, type LogEntry } from '@recaudo/domain/logs';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Modal from 'antd/es/modal';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { NoWrap } from './no-wrap';

/**
 * "Detalles del log" of one audit entry: `<LogDetailsModal log={selected} onClose={() => setSelected(null)} />`
 * (open while `log` is set). Shows the log data, old and new attributes side by side, the
 * record's current data, or the error message.
 */
export function LogDetailsModal({ log, onClose }: { log: LogEntry | null; onClose: () => void }) {
  const changes = log ? attributeChanges(log) : [];
  const current = log?.subject ? Object.entries(log.subject) : [];
  return (
    <Modal
      open={log !== null}
      title="Detalles del log"
      onCancel={onClose}
      width={820}
      footer={
        <Button type="primary" onClick={onClose}>
          Cerrar
        </Button>
      }
    >
      {log && (
        <>
          <Descriptions
            size="small"
            bordered
            column={2}
            items={[
              { key: 'module', label: 'Módulo', children: logModuleLabel(log.log_name) },
              { key: 'event', label: 'Evento', children: logEventLabel(log.description) },
              { key: 'causer', label: 'Usuario', children: log.causer?.name ?? 'Sistema' },
              { key: 'date', label: 'Fecha', children: <NoWrap>{formatDateTime(log.created_at)}</NoWrap> },
              { key: 'subject', label: 'Registro', children: log.subject_id ? `${logModuleLabel(log.subject_type ?? '')} #${log.subject_id}` : 'VACIO' },
              { key: 'id', label: 'N.º de entrada', children: log.id },
            ]}
          />
          {log.error_message ? (
            <Alert style={{ marginTop: 16 }} type="error" showIcon title="Error" description={log.error_message} />
          ) : (
            <>
              <Typography.Title level={5} style={{ marginTop: 16 }}>
                Cambios
              </Typography.Title>
              <Table
                size="small"
                rowKey="key"
                pagination={false}
                aria-label="Cambios del registro"
                dataSource={changes}
                locale={{ emptyText: <Empty description="Sin cambios registrados" /> }}
                columns={[
                  { title: 'Campo', dataIndex: 'label', key: 'label' },
                  { title: 'Valor anterior', dataIndex: 'old', key: 'old' },
                  { title: 'Valor nuevo', dataIndex: 'new', key: 'new' },
                ]}
              />
            </>
          )}
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            Datos actuales
          </Typography.Title>
          {current.length ? (
            <Descriptions
              size="small"
              bordered
              column={2}
              items={current.map(([key, value]) => ({ key, label: attributeLabel(key), children: attributeValueText(key, value) }))}
            />
          ) : (
            <Empty description="El registro ya no existe" />
          )}
        </>
      )}
    </Modal>
  );
}
