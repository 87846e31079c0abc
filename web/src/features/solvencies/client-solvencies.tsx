import { ADDRESS_TYPES } from '@recaudo/domain/addresses';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import { formatDate, formatMonth } from '@recaudo/domain/format';
import { monthName } from '@recaudo/domain/months';
import type { SolvencyRow } from '@recaudo/domain/solvencies';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { EMPTY_SELECT_TEXT } from '../../components/filter-drawer';
import { ListPage } from '../../components/list-page';
import { useListState } from '../../components/use-list-state';
import { downloadSolvency, useCreateSolvency, useSendSolvencyMail, useSolvencies, useSolvencyAddresses } from './api';
import { addressRefusal } from './new-solvency-modal';
import { solvencyColumns, ValidityTag } from './solvency-columns';
import { NoWrap } from '../../components/no-wrap';

/**
 * Solvencias of a client user (spec 02 §2 client version): pick one of their own addresses,
 * 'Generar solvencia' (enabled only when the address is solvent; the reason shown when not), and
 * their certificates with created date, solvent-until, download and send (cards on a phone). The
 * server scopes everything to the user's client.
 */
export function ClientSolvencies() {
  const [addressId, setAddressId] = useState<number | null>(null);
  const addresses = useSolvencyAddresses('own');
  const create = useCreateSolvency();
  const list = useListState({ fixedFilters: addressId ? { addresses_payment_id: addressId } : undefined });
  const solvencies = useSolvencies(list.params);
  const sendMail = useSendSolvencyMail();
  const { mutate: mail } = sendMail;
  const mailing = sendMail.isPending ? (sendMail.variables ?? null) : null;
  const chosen = addresses.data?.find((address) => address.id === addressId) ?? null;
  const refusal = chosen ? addressRefusal(chosen) : null;
  const columns = useMemo(
    () =>
      solvencyColumns({
        showClient: false,
        canOpenClient: false,
        canDelete: false,
        canSeeHistory: false,
        mailing,
        onDownload: (row: SolvencyRow) => void downloadSolvency(row.hash),
        onMail: (row: SolvencyRow) => mail(row.hash),
        onDelete: () => undefined,
        onHistory: () => undefined,
      }),
    [mailing, mail],
  );

  return (
    <ListPage title="Solvencias">
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap align="center">
          <label htmlFor="solvency-address">Dirección de pago</label>
          <Select
            id="solvency-address"
            style={{ minWidth: 0, flex: '1 1 240px' }}
            allowClear
            value={addressId}
            onChange={(value) => setAddressId(value ?? null)}
            loading={addresses.isFetching}
            notFoundContent={EMPTY_SELECT_TEXT}
            placeholder="Selecciona una de tus direcciones"
            options={(addresses.data ?? []).map((address) => ({
              value: address.id,
              label: `${address.address} (${ADDRESS_TYPES[address.type]})${address.solvent && address.solvent_to_date ? ` — solvente hasta ${formatMonth(address.solvent_to_date)}` : ''}`,
            }))}
          />
          <Button
            type="primary"
            disabled={!chosen || refusal !== null}
            loading={create.isPending}
            onClick={() => chosen && create.mutate({ client_id: chosen.client_id, addresses_payment_id: chosen.id })}
          >
            Generar solvencia
          </Button>
        </Flex>
        {refusal && <Alert style={{ marginTop: 12 }} type="warning" showIcon title={refusal} />}
      </Card>
      <DataTable<SolvencyRow>
        label="Solvencias"
        columns={columns}
        rowKey="id"
        {...pagedTableProps(solvencies, list)}
        onChange={list.onTableChange}
        card={(row) => (
          <Card size="small" title={row.address_payment.address} styles={{ title: { whiteSpace: 'normal' } }} extra={<ValidityTag row={row} />}>
            <Typography.Paragraph style={{ marginBottom: 8 }}>
              Solvente hasta <NoWrap>{monthName(row.solvent_to_date)}</NoWrap> · emitida el <NoWrap>{formatDate(row.created_at)}</NoWrap>
            </Typography.Paragraph>
            <Flex gap={8} wrap>
              <Button size="large" icon={<DownloadOutlined />} onClick={() => void downloadSolvency(row.hash)}>
                Descargar
              </Button>
              <Button size="large" icon={<MailOutlined />} loading={mailing === row.hash} onClick={() => mail(row.hash)}>
                Enviar por correo
              </Button>
            </Flex>
          </Card>
        )}
      />
    </ListPage>
  );
}
