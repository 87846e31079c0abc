import TeamOutlined from '@ant-design/icons/TeamOutlined';
import { formatMoney } from '@recaudo/domain/format-money';
import { textOrEmpty } from '@recaudo/domain/format';
import type { ColumnsType } from 'antd/es/table';
import { actionsColumn, deleteAction, editAction } from '../../components/row-actions';
import type { EconomicActivityRow } from './api';
import { NoWrap } from '../../components/no-wrap';

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
    { title: 'Tarifa', dataIndex: 'fee', key: 'fee', align: 'right', render: (fee: string) => <NoWrap>{formatMoney(fee, '$')}</NoWrap> },
    { title: 'Grupo', key: 'activity_group', render: (_, activity) => activity.activity_group.name },
    { title: 'Pagos', dataIndex: 'count_payments', key: 'count_payments', align: 'right' },
  ];
  return [
    ...columns,
    ...actionsColumn<EconomicActivityRow>(
      (activity) => [
        { label: 'Ver clientes', icon: <TeamOutlined />, onClick: () => onClients(activity), allowed: canSeeClients, primary: true },
        editAction(() => onEdit(activity), canEdit),
        deleteAction(() => onDelete(activity), canDelete),
      ],
      canSeeClients || canEdit || canDelete,
    ),
  ];
}
