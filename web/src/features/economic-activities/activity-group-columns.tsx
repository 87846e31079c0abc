import type { ColumnsType } from 'antd/es/table';
import { actionsColumn, deleteAction, editAction } from '../../components/row-actions';
import type { ActivityGroupRow } from './api';

export interface ActivityGroupColumnOptions {
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (group: ActivityGroupRow) => void;
  onDelete: (group: ActivityGroupRow) => void;
}

export function activityGroupColumns({ canEdit, canDelete, onEdit, onDelete }: ActivityGroupColumnOptions): ColumnsType<ActivityGroupRow> {
  return [
    { title: 'Nombre', dataIndex: 'name', key: 'name' },
    { title: 'Actividades', dataIndex: 'count_activities', key: 'count_activities', align: 'right' },
    { title: 'Pagos', dataIndex: 'count_payments', key: 'count_payments', align: 'right' },
    ...actionsColumn<ActivityGroupRow>((group) => [editAction(() => onEdit(group), canEdit), deleteAction(() => onDelete(group), canDelete)], canEdit || canDelete),
  ];
}
