import type { AddressRow } from '@recaudo/domain/addresses';
import { formatMonth } from '@recaudo/domain/format';
import { notSolventReason, type SolvencyRow } from '@recaudo/domain/solvencies';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { EMPTY_SELECT_TEXT } from '../../components/filter-drawer';
import { clientOptionLabel, findClientOptions } from '../../components/select-options';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { useCreateSolvency, useSolvencyAddresses } from './api';

/** Why an address can't be certified now, or null (the server decides with the same rule when storing). */
export const addressRefusal = (address: Pick<AddressRow, 'solvent' | 'months_to_pay'>) => (address.solvent ? null : notSolventReason(address.months_to_pay, true));

const addressLabel = (address: AddressRow) =>
  `${address.address}${address.solvent && address.solvent_to_date ? ` — solvente hasta ${formatMonth(address.solvent_to_date)}` : ' — no solvente'}`;

export interface NewSolvencyModalProps {
  open: boolean;
  onClose: () => void;
  /** The client, when fixed (client detail, address row, a client user: 'own'); staff pick one otherwise. */
  clientId?: number | 'own';
  /** The address, when fixed (the address row's action). */
  addressId?: number;
  onCreated?: (solvency: Pick<SolvencyRow, 'id' | 'hash'>) => void;
}

function ClientPicker({ value, onChange }: { value?: number | null; onChange?: (value: number | null) => void }) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 700);
  const clients = useQuery({ queryKey: ['solvencies', 'clients', debounced], queryFn: ({ signal }) => findClientOptions(debounced, signal) });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null)}
      loading={clients.isFetching}
      notFoundContent={EMPTY_SELECT_TEXT}
      placeholder="Buscar por nombre o identificación"
      options={(clients.data ?? []).map((client) => ({ value: client.id, label: clientOptionLabel(client) }))}
    />
  );
}

/**
 * 'Nueva Solvencia' / 'Generar solvencia' (spec 02 §2, §4): a client, then one of its complete
 * addresses; the button is enabled only for a solvent address and the reason is shown when it
 * is not. The server checks again with the one solvency rule.
 */
export function NewSolvencyModal({ open, onClose, clientId, addressId, onCreated }: NewSolvencyModalProps) {
  const [form] = Form.useForm<{ client_id: number | null; addresses_payment_id: number | null }>();
  const pickedClient = Form.useWatch('client_id', form) ?? null;
  const pickedAddress = Form.useWatch('addresses_payment_id', form) ?? null;
  const client = clientId ?? pickedClient;
  const addresses = useSolvencyAddresses(open ? client : null);
  const create = useCreateSolvency();
  const chosen = addresses.data?.find((address) => address.id === pickedAddress) ?? null;
  const refusal = chosen ? addressRefusal(chosen) : null;

  useEffect(() => {
    if (open) form.setFieldsValue({ client_id: typeof clientId === 'number' ? clientId : null, addresses_payment_id: addressId ?? null });
  }, [open, clientId, addressId, form]);

  const submit = async () => {
    if (!chosen) return;
    const answer = await create.mutateAsync({ client_id: chosen.client_id, addresses_payment_id: chosen.id }).catch(() => null);
    if (!answer) return;
    onCreated?.(answer.data);
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      title="Generar solvencia"
      okText="Generar solvencia"
      cancelText="Cerrar"
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ disabled: !chosen || refusal !== null, loading: create.isPending }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        {clientId === undefined && (
          <Form.Item label="Cliente" name="client_id" required>
            <ClientPicker onChange={() => form.setFieldValue('addresses_payment_id', null)} />
          </Form.Item>
        )}
        <Form.Item label="Dirección de pago" name="addresses_payment_id" required>
          <Select
            disabled={client === null || addressId !== undefined}
            loading={addresses.isFetching}
            notFoundContent={EMPTY_SELECT_TEXT}
            placeholder={client === null ? 'Selecciona primero el cliente' : 'Selecciona una dirección'}
            options={(addresses.data ?? []).map((address) => ({ value: address.id, label: addressLabel(address) }))}
          />
        </Form.Item>
      </Form>
      {refusal && <Alert type="warning" showIcon title={refusal} />}
    </Modal>
  );
}
