import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import { identificationLabel } from '@recaudo/domain/clients';
import { formatDate, formatMonth, textOrEmpty } from '@recaudo/domain/format';
import type { SolvencyRow } from '@recaudo/domain/solvencies';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { Link } from 'react-router';
import { ACTIONS_COLUMN_KEY, deleteAction, RowActions, type RowAction } from '../../components/row-actions';
import { WrappedText } from '../../components/wrapped-text';
import { NoWrap } from '../../components/no-wrap';

export interface SolvencyColumnOptions {
  /** Staff see the client columns; a client user and the client detail tab do not need them. */
  showClient: boolean;
  canOpenClient: boolean;
  canDelete: boolean;
  canSeeHistory: boolean;
  mailing: string | null;
  onDownload: (row: SolvencyRow) => void;
  onMail: (row: SolvencyRow) => void;
  onDelete: (row: SolvencyRow) => void;
  onHistory: (row: SolvencyRow) => void;
}

/** "Válida", or "Revocada" with since when and why (a payment it relied on rejected or deleted, a month unmarked). */
export function ValidityTag({ row }: { row: Pick<SolvencyRow, 'is_valid' | 'revoked_at' | 'revoked_reason'> }) {
  if (row.is_valid) return <Tag color="success">Válida</Tag>;
  return (
    <Tooltip title={row.revoked_reason ?? undefined}>
      <Tag color="error">Revocada desde {formatDate(row.revoked_at)}</Tag>
    </Tooltip>
  );
}

/** Identification (link to the client detail), client name and e-mail, address, created date, solvent-until (MM-YYYY), validity, actions. */
export function solvencyColumns(options: SolvencyColumnOptions): ColumnsType<SolvencyRow> {
  const columns: ColumnsType<SolvencyRow> = [];
  if (options.showClient) {
    columns.push(
      {
        key: 'identification',
        title: 'Identificación',
        render: (_, row) => (options.canOpenClient ? <Link to={`/client-detail/${row.client_id}`}>{identificationLabel(row.client)}</Link> : identificationLabel(row.client)),
      },
      {
        key: 'client',
        title: 'Cliente',
        render: (_, row) => (
          <WrappedText width={220}>
            <div>{row.client.name}</div>
            <div style={{ opacity: 0.7 }}>{textOrEmpty(row.client.email)}</div>
          </WrappedText>
        ),
      },
    );
  }
  columns.push(
    { key: 'address', title: 'Dirección', render: (_, row) => row.address_payment.address },
    { key: 'created_at', title: 'Fecha de creación', render: (_, row) => <NoWrap>{formatDate(row.created_at)}</NoWrap> },
    { key: 'solvent_to_date', title: 'Solvente hasta', render: (_, row) => <NoWrap>{formatMonth(row.solvent_to_date)}</NoWrap> },
    { key: 'is_valid', title: 'Estado', render: (_, row) => <ValidityTag row={row} /> },
    {
      key: ACTIONS_COLUMN_KEY,
      title: 'Acciones',
      render: (_, row) => {
        const actions: RowAction[] = [
          { label: 'Descargar solvencia', icon: <DownloadOutlined />, onClick: () => options.onDownload(row), primary: true },
          { label: 'Enviar solvencia por correo', icon: <MailOutlined />, onClick: () => options.onMail(row), disabled: options.mailing === row.hash },
          { label: 'Historial de cambios', icon: <HistoryOutlined />, onClick: () => options.onHistory(row), allowed: options.canSeeHistory },
          deleteAction(() => options.onDelete(row), options.canDelete),
        ];
        return <RowActions actions={actions} label={row.address_payment.address} />;
      },
    },
  );
  return columns;
}
