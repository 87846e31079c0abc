import PictureOutlined from '@ant-design/icons/PictureOutlined';
import { paymentMethodMessages } from '@recaudo/domain/payment-methods';
import Avatar from 'antd/es/avatar';
import Flex from 'antd/es/flex';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { ActiveSwitch } from '../../components/active-switch';
import { actionsColumn, deleteAction, editAction } from '../../components/row-actions';
import { paymentMethodTypeLabel, type PaymentMethodRow } from './api';

/** Spec 02 §2: the description column shows at most 20 characters; the whole text is in the tooltip. */
export const DESCRIPTION_LENGTH = 20;
export const truncate = (text: string, length = DESCRIPTION_LENGTH) => (text.length > length ? `${text.slice(0, length).trimEnd()}…` : text);

export interface PaymentMethodColumnOptions {
  canEdit: boolean;
  canDelete: boolean;
  onToggle: (method: PaymentMethodRow, active: boolean) => Promise<unknown>;
  onEdit: (method: PaymentMethodRow) => void;
  onDelete: (method: PaymentMethodRow) => void;
}

export function paymentMethodColumns(options: PaymentMethodColumnOptions): ColumnsType<PaymentMethodRow> {
  const { canEdit, canDelete, onToggle, onEdit, onDelete } = options;
  const columns: ColumnsType<PaymentMethodRow> = [
    {
      title: 'Imagen',
      key: 'image',
      width: 72,
      render: (_, method) => (
        <Avatar shape="square" size={40} src={method.image_url ?? undefined} icon={method.image_url ? undefined : <PictureOutlined />} alt={`Logo de ${method.name}`} />
      ),
    },
    {
      title: 'Nombre',
      dataIndex: 'name',
      key: 'name',
      render: (name: string, method) => (
        <Flex gap={6} align="center" wrap>
          {name}
          {method.protected && <Tag>Predeterminado</Tag>}
        </Flex>
      ),
    },
    { title: 'Código', dataIndex: 'code', key: 'code' },
    {
      title: 'Descripción',
      dataIndex: 'description',
      key: 'description',
      render: (description: string) =>
        description.length > DESCRIPTION_LENGTH ? (
          <Tooltip title={description}>
            <span>{truncate(description)}</span>
          </Tooltip>
        ) : (
          description
        ),
    },
    { title: 'Tipo', dataIndex: 'type', key: 'type', render: (type: number) => paymentMethodTypeLabel(type) },
    {
      title: 'Estatus',
      key: 'active',
      // Defaults (ids 1–4) can't be deactivated: their switch stays disabled, as the server refuses it.
      render: (_, method) => {
        const locked = method.protected && method.active;
        const toggle = (
          <ActiveSwitch active={method.active} label={`Estatus de ${method.name}`} canEdit={canEdit && !locked} onChange={(active) => onToggle(method, active)} />
        );
        return locked && canEdit ? (
          <Tooltip title={paymentMethodMessages.protectedStatus}>
            <span>{toggle}</span>
          </Tooltip>
        ) : (
          toggle
        );
      },
    },
  ];
  return [
    ...columns,
    ...actionsColumn<PaymentMethodRow>(
      (method) => [
        editAction(() => onEdit(method), canEdit),
        deleteAction(() => onDelete(method), canDelete, method.protected ? paymentMethodMessages.protectedDelete : undefined),
      ],
      canEdit || canDelete,
    ),
  ];
}
