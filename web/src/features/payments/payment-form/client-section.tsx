import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { ADDRESS_TYPES } from '@recaudo/domain/addresses';
import { formatMoney } from '@recaudo/domain/format-money';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import { useState } from 'react';
import { EMPTY_SELECT_TEXT, SELECT_SEARCH_DEBOUNCE_MS } from '../../../components/filter-drawer';
import { clientOptionLabel, findClientOptions, type ClientOption } from '../../../components/select-options';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { paymentKeys } from '../api';
import type { PaymentFormState } from './use-payment-form';
import { paymentPanelTexts } from './values';

interface ClientSelectProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The chosen client, so its label stays readable when a search leaves it out. */
  chosen: ClientOption | null;
  onPick: (client: ClientOption | null) => void;
  disabled?: boolean;
}

/** Cliente: searches by name or identification as typed (800 ms, spec 01 §9). */
function ClientSelect({ id, value, onChange, chosen, onPick, disabled }: ClientSelectProps) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SELECT_SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: paymentKeys.options('clients', debounced),
    queryFn: ({ signal }) => findClientOptions(debounced, signal),
    staleTime: 30_000,
  });
  const rows = query.data ?? [];
  const options = rows.map((client) => ({ value: client.id, label: clientOptionLabel(client) }));
  if (chosen && !rows.some((client) => client.id === chosen.id)) options.unshift({ value: chosen.id, label: clientOptionLabel(chosen) });
  return (
    <Select<number>
      id={id}
      value={value ?? undefined}
      disabled={disabled}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder="Buscar por nombre o identificación"
      notFoundContent={query.isFetching ? <Spin size="small" /> : EMPTY_SELECT_TEXT}
      options={options}
      onChange={(next) => {
        setSearch('');
        onPick(next === undefined ? null : (rows.find((client) => client.id === next) ?? (chosen?.id === next ? chosen : null)));
        onChange?.(next ?? null);
      }}
    />
  );
}

/** Cliente (staff only), the missing-contact alert and Dirección de pago. */
export function ClientSection({ state }: { state: PaymentFormState }) {
  const {
    staff,
    rules,
    form,
    client,
    setClient,
    chosenClient,
    canNewClient,
    canNewAddress,
    setShortcut,
    missingContact,
    setContactOpen,
    address,
    addresses,
    clientId,
    locked,
  } = state;
  return (
    <>
      {staff && (
        <Form.Item
          label={
            <Flex gap={8} align="center">
              <span>Cliente</span>
              {canNewClient && !locked && (
                <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => setShortcut('client')}>
                  Nuevo cliente
                </Button>
              )}
            </Flex>
          }
          name="client_id"
          rules={rules.client_id}
          required
        >
          <ClientSelect chosen={client} onPick={setClient} disabled={locked} />
        </Form.Item>
      )}
      {missingContact && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={paymentPanelTexts.contactAlert}
          action={
            <Button size="small" danger onClick={() => setContactOpen(true)}>
              Actualizar contacto
            </Button>
          }
        />
      )}
      <Form.Item
        label={
          <Flex gap={8} align="center">
            <span>Dirección de pago</span>
            {canNewAddress && chosenClient !== null && !locked && (
              <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => setShortcut('address')}>
                Nueva dirección
              </Button>
            )}
          </Flex>
        }
        name="address_payment_id"
        rules={rules.address_payment_id}
        required
        extra={address ? `${ADDRESS_TYPES[address.type]} · Tarifa ${formatMoney(address.fee, '$')} · Meses por pagar: ${address.months_to_pay}` : undefined}
      >
        <Select<number>
          allowClear
          disabled={clientId === null || locked}
          placeholder={clientId === null ? 'Selecciona primero el cliente' : 'Seleccionar'}
          loading={addresses.isFetching}
          notFoundContent={addresses.isFetching ? <Spin size="small" /> : EMPTY_SELECT_TEXT}
          options={(addresses.data ?? []).map((row) => ({ value: row.id, label: `${row.address} (${ADDRESS_TYPES[row.type]})` }))}
          onChange={(next) => form.setFieldValue('address_payment_id', next ?? null)}
        />
      </Form.Item>
    </>
  );
}
