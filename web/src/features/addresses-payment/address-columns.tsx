import type { AddressRow } from '@recaudo/domain/addresses';
import { identificationLabel } from '@recaudo/domain/clients';
import { formatMoney } from '@recaudo/domain/format-money';
import { EMPTY_TEXT, formatMonth } from '@recaudo/domain/format';
import { AGING_LABELS } from '@recaudo/domain/statement';
import Flex from 'antd/es/flex';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { actionsColumn, type RowAction } from '../../components/row-actions';
import { BalanceTotal, DebtTotal } from './address-debt';
import { NoWrap } from '../../components/no-wrap';

export const addressTexts = {
  title: 'Direcciones de Pagos',
  confirmDelete: 'Seguro de eliminar la dirección del cliente?',
  solvency: 'Generar solvencia',
  /** Shown when the screen was built without the solvencies dialog. */
  solvencySoon: 'Generar solvencia: disponible próximamente',
  solvencyOwing: 'Generar solvencia: la dirección tiene meses por pagar',
  solvencyPending: 'Generar solvencia: la dirección tiene un pago Procesando',
  incomplete: 'Incompleta',
} as const;

export interface AddressColumnOptions {
  /** Staff see the client column; a client user's list is their own. */
  showClient: boolean;
  /** `clients`: the client's name links to its detail. */
  canOpenClient: boolean;
  /** Residential rows show the community, commercial ones the economic activity. */
  type: 0 | 1;
  /** Each row's actions (address-actions.tsx), and whether the user may do any of them. */
  actionsFor: (address: AddressRow) => RowAction[];
  anyAction: boolean;
  /** Today's dollar rate for each row's debt total, null until known. */
  debtRate: string | null;
}

export const clientDetailPath = (id: number) => `/client-detail/${id}`;

/** Complete location (spec 01 §5): every level, plus the community (residential) or the activity (commercial). */
export const isIncomplete = (address: AddressRow) =>
  address.state_id === null ||
  address.municipality_id === null ||
  address.parish_id === null ||
  (address.type === 0 ? address.community_id === null : address.economic_activity_id === null);

/** Cell content that wraps at `width` (the table sizes columns to their content otherwise). */
const Wrap = ({ width, children }: { width: number; children: ReactNode }) => <div style={{ maxWidth: width, whiteSpace: 'normal' }}>{children}</div>;

const sortable = { sorter: true, sortDirections: ['ascend', 'descend'] as ('ascend' | 'descend')[] };
const nameOr = (ref: { name: string } | null) => ref?.name ?? EMPTY_TEXT;

export function addressColumns(options: AddressColumnOptions): ColumnsType<AddressRow> {
  const { showClient, canOpenClient, type, actionsFor, anyAction, debtRate } = options;
  const columns: ColumnsType<AddressRow> = [];
  if (showClient) {
    columns.push({
      title: 'Cliente',
      key: 'client',
      ...sortable,
      render: (_, address) => (
        <Flex vertical style={{ maxWidth: 150 }}>
          {canOpenClient ? <Link to={clientDetailPath(address.client_id)}>{address.client.name}</Link> : <span>{address.client.name}</span>}
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {identificationLabel(address.client)}
          </Typography.Text>
        </Flex>
      ),
    });
  }
  columns.push(
    {
      // The location and the community (or activity) under the address: in columns of their own
      // the row was 342 px wider than the window at 1366 px with the sidebar open (issue 34).
      title: 'Dirección',
      dataIndex: 'address',
      key: 'address',
      ...sortable,
      render: (_, address) => (
        <Flex vertical align="start" gap={2} style={{ maxWidth: 170 }}>
          <span>{address.address}</span>
          {isIncomplete(address) && <Tag color="orange">{addressTexts.incomplete}</Tag>}
          <Typography.Text type="secondary">
            {nameOr(type === 0 ? address.community : address.economic_activity)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <span>{nameOr(address.parish)}</span> · <span>{`${nameOr(address.municipality)}, ${nameOr(address.state)}`}</span>
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Tarifa',
      key: 'fee',
      align: 'right',
      ...sortable,
      render: (_, address) => (
        <Flex vertical align="end">
          <NoWrap>{formatMoney(address.fee, '$')}</NoWrap>
          {address.is_custom_fee && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Personalizada
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: <Wrap width={60}>Meses por pagar</Wrap>,
      key: 'months_to_pay',
      align: 'center',
      ...sortable,
      render: (_, address) => (
        <Flex vertical align="center">
          <Tag color={address.months_to_pay === 0 ? 'green' : 'red'} style={{ marginInlineEnd: 0 }}>
            {address.months_to_pay}
          </Tag>
          <DebtTotal address={address} rate={debtRate} />
          <BalanceTotal address={address} rate={debtRate} />
        </Flex>
      ),
    },
    { title: 'Antigüedad', key: 'aging', render: (_, address) => (address.aging ? AGING_LABELS[address.aging] : EMPTY_TEXT) },
    {
      title: <Wrap width={70}>Solvente hasta</Wrap>,
      key: 'solvent_to_date',
      // "04-2026" on one line: the hyphen let a narrow column break the month from its year.
      render: (_, address) => <NoWrap>{formatMonth(address.solvent_to_date)}</NoWrap>,
    },
    ...actionsColumn<AddressRow>(actionsFor, anyAction, { fixed: 'right', labelOf: (address) => address.address }),
  );
  return columns;
}
