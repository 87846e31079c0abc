import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { ADDRESS_TYPES, type AddressRow, type AddressType } from '@recaudo/domain/addresses';
import { IDENTIFICATION_TYPES } from '@recaudo/domain/clients';
import { formatMoney } from '@recaudo/domain/format-money';
import { hasPermission } from '@recaudo/domain/permissions';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Segmented from 'antd/es/segmented';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { FilterControls, type FilterField, type FilterOption } from '../../components/filter-drawer';
import { ListPage } from '../../components/list-page';
import { SearchBox } from '../../components/search-box';
import { useListState, type FilterValue } from '../../components/use-list-state';
import { useSession } from '../../lib/session';
import { AddressDetails } from './address-details';
import { AddressCard } from './address-card';
import { addressColumns, addressTexts } from './address-columns';
import { useAddressActions, type AddressDialog } from './address-actions';
import { useDebtRate } from './address-debt';
import { clientsFilterField, toFilterOptions, usersFilterField } from '../../components/select-options';
import { ADDRESSES_EXPORT, findActivityOptions, findRegionOptions, useAddresses, useInvalidateAddresses } from './api';
import { ImportButton } from '../../components/import-button';
import { AGING_BUCKETS, AGING_LABELS } from '@recaudo/domain/statement';

const typeOptions = ([0, 1] as const).map((type) => ({ value: type, label: ADDRESS_TYPES[type] }));

/** A filter's chosen ids, one or a list, as the parent of the next cascade level. */
const ids = (value: FilterValue): number[] =>
  (Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value]).map(Number).filter(Boolean);

const identificationOptions: FilterOption[] = ([0, 1] as const).flatMap((type) =>
  Object.entries(IDENTIFICATION_TYPES[type]).map(([value, label]) => ({ value, label: `${value} - ${label}` })),
);

/** Checkbox pairs that exclude each other: checking one unchecks the other (spec 01 §2). */
const checkbox = (name: string, label: string, excludes?: string): FilterField => ({
  type: 'checkbox',
  name,
  label,
  resets: excludes ? [excludes] : undefined,
});

/** The drawer's filters, as `addresses-payment` reads them (server/src/modules/addresses-payment/queries.ts). */
export function addressFilters(type: AddressType, staff: boolean): FilterField[] {
  const fields: FilterField[] = [];
  if (staff) {
    fields.push(
      clientsFilterField,
      { type: 'select', name: 'identification_type', label: 'Tipo de identificación', multiple: true, options: identificationOptions },
    );
  }
  fields.push(
    {
      type: 'select',
      name: 'state',
      label: 'Estado',
      multiple: true,
      resets: ['municipality', 'parish', 'community'],
      fetcher: (search, _filters, signal) => findRegionOptions('states', {}, search, signal).then(toFilterOptions),
    },
    {
      type: 'select',
      name: 'municipality',
      label: 'Municipio',
      multiple: true,
      resets: ['parish', 'community'],
      dependsOn: ['state'],
      fetcher: (search, filters, signal) => findRegionOptions('municipalities', { state_id: ids(filters.state) }, search, signal).then(toFilterOptions),
    },
    {
      type: 'select',
      name: 'parish',
      label: 'Parroquia',
      multiple: true,
      resets: ['community'],
      dependsOn: ['municipality'],
      fetcher: (search, filters, signal) => findRegionOptions('parishes', { municipality_id: ids(filters.municipality) }, search, signal).then(toFilterOptions),
    },
    type === 0
      ? {
          type: 'select',
          name: 'community',
          label: 'Comunidad',
          multiple: true,
          dependsOn: ['parish'],
          fetcher: (search, filters, signal) => findRegionOptions('communities', { parish_id: ids(filters.parish) }, search, signal).then(toFilterOptions),
        }
      : {
          type: 'select',
          name: 'economic_activity',
          label: 'Actividad económica',
          multiple: true,
          fetcher: (search, _filters, signal) => findActivityOptions(search, signal).then(toFilterOptions),
        },
  );
  if (staff) {
    fields.push(usersFilterField);
  }
  fields.push(
    { type: 'money-range', name: 'fee', label: 'Tarifa', prefix: '$' },
    { type: 'number', name: 'months_to_pay', label: 'Meses por pagar' },
    { type: 'select', name: 'aging', label: 'Antigüedad de la deuda', options: AGING_BUCKETS.map((bucket) => ({ value: bucket, label: AGING_LABELS[bucket] })) },
    checkbox('verify', 'Direcciones incompletas'),
    checkbox('client_solvent', 'Solventes', 'client_not_solvent'),
    checkbox('client_not_solvent', 'No Solventes', 'client_solvent'),
    checkbox('without_payments', 'Sin pagos', 'with_payments'),
    checkbox('with_payments', 'Con pagos', 'without_payments'),
  );
  if (type === 1) fields.push(checkbox('is_custom_fee', 'Tarifa personalizada'));
  return fields;
}

/**
 * Direcciones de Pagos (spec 01 §2, admin and client variants): debounced search, type selector,
 * filter drawer, export, "Nuevo", the paged table with its fee total, rows expanding to the
 * address details, and per row edit, solvency, history and delete. A client user's list is
 * their own (the server scopes it): no client column nor client/user filters, and the form
 * fixes the client.
 */
export interface AddressesPageProps {
  /** "Generar solvencia" of a row: the solvencies area's dialog for `address` (null = closed), handed in by the app. */
  solvencyDialog?: AddressDialog;
  /** "Estado de cuenta" of a row: the statements area's dialog for `address` (null = closed), handed in by the app. */
  statementDialog?: AddressDialog;
  /** A client's "Pagar" of a row: the payments area's form on the address's debt (null = closed), handed in by the app. */
  payPanel?: AddressDialog;
}

export default function AddressesPage({ solvencyDialog, statementDialog, payPanel }: AddressesPageProps = {}) {
  const { session } = useSession();
  const list = useListState();
  const [type, setType] = useState<AddressType>(0);
  const params = useMemo(() => ({ ...list.params, type }), [list.params, type]);
  const addresses = useAddresses(params);
  const invalidate = useInvalidateAddresses();
  const actions = useAddressActions({ solvencyDialog, statementDialog, defaultType: type, afterDelete: list.restart });
  const { staff, canAdd, canEdit, canDelete, actionsFor, anyAction, openForm, openDelete, openStatement } = actions;
  const [payFor, setPayFor] = useState<AddressRow | null>(null);
  const debtRate = useDebtRate();

  const canOpenClient = staff && hasPermission(session?.permissions ?? [], 'clients');
  const canExport = !staff || hasPermission(session?.permissions ?? [], 'export_payments');
  const fields = useMemo(() => addressFilters(type, staff), [type, staff]);

  const columns = useMemo(
    () => addressColumns({ showClient: staff, canOpenClient, type, actionsFor, anyAction, debtRate }),
    [staff, canOpenClient, type, actionsFor, anyAction, debtRate],
  );

  function changeType(next: AddressType) {
    setType(next);
    // The community belongs to residential addresses, the activity and the custom fee to commercial ones.
    list.setFilters({
      ...list.filters,
      community: next === 0 ? list.filters.community : undefined,
      economic_activity: next === 1 ? list.filters.economic_activity : undefined,
      is_custom_fee: next === 1 ? list.filters.is_custom_fee : undefined,
    });
  }

  const totals = addresses.data?.aditional;
  // A broad search's totals are estimated from a sample (issue 46): said, not passed off as counted.
  const approximate = totals?.estimated && !addresses.isError ? <Typography.Text type="secondary"> (aprox.)</Typography.Text> : null;

  return (
    <ListPage
      title={addressTexts.title}
      toolbar={
        <>
          <SearchBox value={list.search} onChange={list.setSearch} />
          <Segmented<AddressType> aria-label="Tipo de dirección" options={typeOptions} value={type} onChange={changeType} />
          <FilterControls list={list} fields={fields} />
        </>
      }
      actions={
        <>
          <ExportButton {...ADDRESSES_EXPORT} params={{ ...list.exportParams, type }} allowed={canExport} />
          {staff && <ImportButton />}
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
              {staff ? 'Nueva dirección' : 'Nuevo'}
            </Button>
          )}
        </>
      }
    >
      <DataTable<AddressRow>
        label={addressTexts.title}
        columns={columns}
        rowKey="id"
        size="middle"
        {...pagedTableProps(addresses, list)}
        onChange={list.onTableChange}
        card={
          staff
            ? undefined
            : (address) => (
                <AddressCard
                  address={address}
                  onPay={payPanel ? setPayFor : undefined}
                  onStatement={openStatement}
                  onEdit={canEdit ? openForm : undefined}
                  onDelete={canDelete ? openDelete : undefined}
                  debtRate={debtRate}
                />
              )
        }
        expandable={{ expandedRowRender: (address) => <AddressDetails address={address} onChanged={() => void invalidate()} /> }}
        footer={() => (
          <Flex justify="flex-end" gap={24} wrap>
            <Typography.Text>
              Direcciones: <Typography.Text strong>{addresses.isError ? 0 : (totals?.total_addresses ?? 0)}</Typography.Text>
              {approximate}
            </Typography.Text>
            <Typography.Text>
              Total en Tarifas: <Typography.Text strong>{formatMoney(addresses.isError ? 0 : (totals?.total_fees ?? 0), '$')}</Typography.Text>
              {approximate}
            </Typography.Text>
          </Flex>
        )}
      />
      {actions.dialogs}
      {payPanel?.(payFor, () => {
        setPayFor(null);
        void invalidate();
      })}
    </ListPage>
  );
}
