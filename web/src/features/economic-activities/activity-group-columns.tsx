import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import type { ColumnsType } from 'antd/es/table';
import type { ActivityGroupRow } from './api';

export interface ActivityGroupColumnOptions {
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (group: ActivityGroupRow) => void;
  onDelete: (group: ActivityGroupRow) => void;
}

export function activityGroupColumns({ canEdit, canDelete, onEdit, onDelete }: ActivityGroupColumnOptions): ColumnsType<ActivityGroupRow> {
  const columns: ColumnsType<ActivityGroupRow> = [
    { title: 'Nombre', dataIndex: 'name', key: 'name' },
    { title: 'Actividades', dataIndex: 'count_activities', key: 'count_activities', align: 'right' },
    { title: 'Pagos', dataIndex: 'count_payments', key: 'count_payments', align: 'right' },
  ];
  if (canEdit || canDelete) {
    columns.push({
      title: 'Acciones',
      key: 'actions',
      render: (_, group) => (
        <Flex gap={4} wrap>
          {canEdit && (
            <Button size="small" type="link" icon={<EditOutlined />} onClick={() => onEdit(group)}>
              Editar
            </Button>
          )}
          {canDelete && (
            <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => onDelete(group)}>
              Eliminar
            </Button>
          )}
        </Flex>
      ),
    });
  }
  return columns;
}
