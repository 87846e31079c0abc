import { identificationLabel, type ClientOption } from '@recaudo/domain/clients';
import { userMessages, type ClientUserRow } from '@recaudo/domain/users';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import { useState } from 'react';
import { SELECT_SEARCH_DEBOUNCE_MS } from '../../components/filter-drawer';
import { SidePanel } from '../../components/side-panel';
import { PanelForm } from '../../components/panel-form';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { applyServerErrors } from '../../lib/form';
import { AccountFields, blank } from './account-fields';
import { useClientOptions, useSaveClientUser } from './api';

const FORM_ID = 'client-user-form';

interface ClientUserFormValues {
  client_id?: number;
  name: string;
  email: string;
  password?: string;
  current_password?: string;
  change_password: boolean;
  send_mail_password: boolean;
}


const rules = {
  client: [
    {
      validator: async (_rule: unknown, value: unknown) => {
        if (blank(value)) throw new Error(userMessages.clientRequired);
      },
    },
  ],
};

const clientLabel = (client: Pick<ClientOption, 'name' | 'identification_type' | 'identification'>) => `${client.name} (${identificationLabel(client)})`;

interface ClientUserFormPanelProps {
  open: boolean;
  /** The client user being edited; null creates one. */
  user: ClientUserRow | null;
  onClose: () => void;
}

/**
 * Nuevo / Editar usuario cliente (spec 01 §5): Cliente, Nombre, Correo, Contraseña (on create),
 * "Cambiar contraseña al ingresar" and "Enviar contraseña por correo"; the role is always Cliente.
 */
export function ClientUserFormPanel({ open, user, onClose }: ClientUserFormPanelProps) {
  const [form] = Form.useForm<ClientUserFormValues>();
  const save = useSaveClientUser();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SELECT_SEARCH_DEBOUNCE_MS);
  const clients = useClientOptions(debounced, open);
  const options = (clients.data ?? []).map((client) => ({ value: client.id, label: clientLabel(client) }));
  if (user && !options.some((option) => option.value === user.client_id)) options.unshift({ value: user.client_id, label: clientLabel(user.client) });

  function submit(values: ClientUserFormValues) {
    save.mutate(
      {
        id: user?.id,
        client_id: values.client_id!,
        name: values.name.trim(),
        email: values.email.trim(),
        password: blank(values.password) ? null : values.password!,
        current_password: blank(values.password) ? null : (values.current_password ?? null),
        active: user?.active ?? true,
        change_password: values.change_password,
        send_mail_password: values.send_mail_password,
      },
      { onSuccess: onClose, onError: (error) => applyServerErrors(form, error) },
    );
  }

  return (
    <SidePanel title={user ? 'Editar usuario cliente' : 'Nuevo usuario cliente'} open={open} onClose={onClose} formId={FORM_ID} submitting={save.isPending} size={460}>
      <PanelForm<ClientUserFormValues>
        name={FORM_ID}
        form={form}
        layout="vertical"
        initialValues={
          user
            ? { client_id: user.client_id, name: user.name, email: user.email, change_password: user.change_password, send_mail_password: false }
            : { name: '', email: '', change_password: false, send_mail_password: false }
        }
        onFinish={submit}
        disabled={save.isPending}
      >
        <Form.Item label="Cliente" name="client_id" rules={rules.client} required>
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            allowClear
            placeholder="Buscar por nombre o identificación"
            options={options}
            notFoundContent={clients.isFetching ? <Spin size="small" /> : 'No se han encontrado datos'}
            onChange={() => setSearch('')}
          />
        </Form.Item>
        <Form.Item label="Rol" htmlFor="client-user-role">
          <Input id="client-user-role" value="Cliente" disabled />
        </Form.Item>
        <AccountFields editing={user !== null} />
        <Form.Item label="Cambiar contraseña al ingresar" name="change_password" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label="Enviar contraseña por correo" name="send_mail_password" valuePropName="checked" extra="Solo se envía cuando escribes una contraseña; al entrar se le pedirá cambiarla.">
          <Switch />
        </Form.Item>
      </PanelForm>
    </SidePanel>
  );
}
