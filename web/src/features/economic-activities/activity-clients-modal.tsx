import { textOrEmpty } from '@recaudo/domain/format';
import Modal from 'antd/es/modal';
import type { ColumnsType } from 'antd/es/table';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { useListState } from '../../components/use-list-state';
import { useActivityClients, type ActivityClientRow, type EconomicActivityRow } from './api';

const columns: ColumnsType<ActivityClientRow> = [
  { title: 'Nombre', dataIndex: 'name', key: 'name' },
  { title: 'Identificación', dataIndex: 'identification', key: 'identification' },
  { title: 'Correo', dataIndex: 'email', key: 'email', render: (email: string | null) => textOrEmpty(email) },
];

/** "Ver clientes": the clients whose commercial addresses carry this activity (needs `clients`). */
export function ActivityClientsModal({ activity, onClose }: { activity: EconomicActivityRow | null; onClose: () => void }) {
  const list = useListState();
  const clients = useActivityClients(activity?.id ?? null, list.params);
  return (
    <Modal open={activity !== null} title={activity ? `Clientes de ${activity.name}` : 'Clientes'} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <DataTable<ActivityClientRow>
        label="Clientes de la actividad"
        columns={columns}
        rowKey="id"
        {...pagedTableProps(clients, list)}
      />
    </Modal>
  );
}
