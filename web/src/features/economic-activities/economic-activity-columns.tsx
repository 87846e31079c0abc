import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import { formatMoney, textOrEmpty } from '@recaudo/domain/format';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import type { ColumnsType } from 'antd/es/table';
import type { EconomicActivityRow } from './api';

export interface EconomicActivityColumnOptions {
  canEdit: boolean;
  canDelete: boolean;
  canSeeClients: boolean;
  onClients: (activity: EconomicActivityRow) => void;
  onEdit: (activity: EconomicActivityRow) => void;
  onDelete: (activity: EconomicActivityRow) => void;
}

export function economicActivityColumns(options: EconomicActivityColumnOptions): ColumnsType<EconomicActivityRow> {
  const { canEdit, canDelete, canSeeClients, onClients, onEdit, onDelete } = options;
  const columns: ColumnsType<EconomicActivityRow> = [
    { title: 'Nombre', dataIndex: 'name', key: 'name' },
    { title: 'Código', dataIndex: 'code', key: 'code', render: (code: string | null) => textOrEmpty(code) },
    { title: 'Tarifa', dataIndex: 'fee', key: 'fee', align: 'right', render: (fee: string) => formatMoney(fee, '$') },
    { title: 'Grupo', key: 'activity_group', render: (_, activity) => activity.activity_group.name },
    { title: 'Pagos', dataIndex: 'count_payments', key: 'count_payments', align: 'right' },
  ];
  if (canSeeClients || canEdit || canDelete) {
    columns.push({
      title: 'Acciones',
      key: 'actions',
      render: (_, activity) => (
        <Flex gap={4} wrap>
          {canSeeClients && (
            <Button size="small" type="link" icon={<TeamOutlined />} onClick={() => onClients(activity)}>
              Ver clientes
            </Button>
          )}
          {canEdit && (
            <Button size="small" type="link" icon={<EditOutlined />} onClick={() => onEdit(activity)}>
              Editar
            </Button>
          )}
          {canDelete && (
            <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => onDelete(activity)}>
              Eliminar
            </Button>
          )}
        </Flex>
      ),
    });
  }
  return columns;
}
