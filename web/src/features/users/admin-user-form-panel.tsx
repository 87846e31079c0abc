import { userMessages, type AdminUserRow } from '@recaudo/domain/users';
import { recordId } from '@recaudo/domain/validation';
import Form from 'antd/es/form';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { SidePanel } from '../../components/side-panel';
import { PanelForm } from '../../components/panel-form';
import { applyServerErrors, zodRule } from '../../lib/form';
import { AccountFields, blank } from './account-fields';
import { useSession } from '../../lib/session';
import { useRoleOptions, useSaveAdminUser, useSerieOptions, useStaffOptions, type AdminUserInput } from './api';

const FORM_ID = 'admin-user-form';
const EMPTY_SELECT = 'No se han encontrado datos';

export type DataScope = 'only_user' | 'all_users' | 'multiple_users';
export type SeriesScope = 'all' | 'one';

export interface AdminUserFormValues {
  role?: number;
  name: string;
  email: string;
  password?: string;
  current_password?: string;
  scope: DataScope;
  multiple_users: number[];
  series: SeriesScope;
  correlative_id?: number | null;
}


const rules = {
  role: [zodRule(recordId('Rol'))],
  multipleUsers: [
    {
      validator: async (_rule: unknown, value: unknown) => {
        if (!Array.isArray(value) || value.length === 0) throw new Error(userMessages.usersRequired);
      },
    },
  ],
  serie: [
    {
      validator: async (_rule: unknown, value: unknown) => {
        if (blank(value)) throw new Error(userMessages.serieRequired);
      },
    },
  ],
};

export const SCOPE_LABELS: Record<DataScope, string> = {
  only_user: 'Solo sus datos',
  all_users: 'Todos los usuarios',
  multiple_users: 'Usuarios seleccionados',
};

function initialValues(user: AdminUserRow | null): AdminUserFormValues {
  if (!user) return { name: '', email: '', scope: 'only_user', multiple_users: [], series: 'all', correlative_id: null };
  return {
    role: user.role_id,
    name: user.name,
    email: user.email,
    scope: user.only_user ? 'only_user' : user.all_users ? 'all_users' : 'multiple_users',
    multiple_users: user.multiple_users,
    series: user.use_all_series ? 'all' : 'one',
    correlative_id: user.correlative_id,
  };
}

/** The form's values as users/store and users/update take them: one scope flag set, the rest cleared. */
export function toAdminInput(values: AdminUserFormValues, active: boolean): AdminUserInput {
  const selected = values.scope === 'multiple_users';
  return {
    role: values.role!,
    name: values.name.trim(),
    email: values.email.trim(),
    password: blank(values.password) ? null : values.password!,
    current_password: blank(values.password) ? null : (values.current_password ?? null),
    active,
    only_user: values.scope === 'only_user',
    all_users: values.scope === 'all_users',
    multiple_users_verify: selected,
    multiple_users: selected ? values.multiple_users : [],
    use_all_series: values.series === 'all',
    correlative_id: values.series === 'all' ? null : (values.correlative_id ?? null),
  };
}

interface AdminUserFormPanelProps {
  open: boolean;
  /** The administrator being edited; null creates one. */
  user: AdminUserRow | null;
  onClose: () => void;
}

/**
 * Nuevo / Editar usuario administrador (spec 01 §4–§5): Rol (never the client role), Nombre,
 * Correo, Contraseña (required on create), one data scope (switching clears the users), the
 * users of that scope (never oneself), and all series or one. Invalid forms are not sent.
 */
export function AdminUserFormPanel({ open, user, onClose }: AdminUserFormPanelProps) {
  const [form] = Form.useForm<AdminUserFormValues>();
  const { session } = useSession();
  const save = useSaveAdminUser();
  const roles = useRoleOptions(open);
  const series = useSerieOptions(open);
  const staff = useStaffOptions(open);
  const scope = Form.useWatch('scope', form);
  const seriesScope = Form.useWatch('series', form);
  const selfId = session?.user.id;
  const userOptions = (staff.data ?? []).filter((option) => option.id !== selfId && option.id !== user?.id).map((option) => ({ value: option.id, label: option.name }));

  function changed(values: Partial<AdminUserFormValues>) {
    // Spec 01 §4: switching the data scope clears the selection; switching the series clears it.
    if ('scope' in values) form.setFields([{ name: 'multiple_users', value: [], errors: [] }]);
    if ('series' in values) form.setFields([{ name: 'correlative_id', value: null, errors: [] }]);
  }

  function submit(values: AdminUserFormValues) {
    save.mutate(
      { ...toAdminInput(values, user?.active ?? true), id: user?.id },
      {
        onSuccess: onClose,
        onError: (error) => applyServerErrors(form, error),
      },
    );
  }

  return (
    <SidePanel title={user ? 'Editar usuario administrador' : 'Nuevo usuario administrador'} open={open} onClose={onClose} formId={FORM_ID} submitting={save.isPending} size={460}>
      <PanelForm<AdminUserFormValues>
        name={FORM_ID}
        form={form}
        layout="vertical"
        initialValues={initialValues(user)}
        onValuesChange={changed}
        onFinish={submit}
        disabled={save.isPending}
      >
        <Form.Item label="Rol" name="role" rules={rules.role} required>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={roles.isFetching}
            placeholder="Seleccionar"
            notFoundContent={EMPTY_SELECT}
            options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
          />
        </Form.Item>
        <AccountFields editing={user !== null} />
        <Form.Item label="Alcance de datos" name="scope">
          <Radio.Group
            options={(Object.keys(SCOPE_LABELS) as DataScope[]).map((value) => ({ value, label: SCOPE_LABELS[value] }))}
            style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
          />
        </Form.Item>
        {scope === 'multiple_users' && (
          <Form.Item label="Usuarios" name="multiple_users" rules={rules.multipleUsers} required>
            <Select
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={staff.isFetching}
              placeholder="Seleccionar usuarios"
              notFoundContent={EMPTY_SELECT}
              options={userOptions}
            />
          </Form.Item>
        )}
        <Form.Item label="Series" name="series">
          <Radio.Group
            options={[
              { value: 'all', label: 'Todas las series' },
              { value: 'one', label: 'Una serie' },
            ]}
          />
        </Form.Item>
        {seriesScope === 'one' && (
          <Form.Item label="Serie" name="correlative_id" rules={rules.serie} required>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={series.isFetching}
              placeholder="Seleccionar"
              notFoundContent={EMPTY_SELECT}
              options={(series.data ?? []).map((serie) => ({ value: serie.id, label: serie.serie }))}
            />
          </Form.Item>
        )}
      </PanelForm>
    </SidePanel>
  );
}
