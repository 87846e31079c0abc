import { roleFieldsSchema, type RoleRow } from '@recaudo/domain/roles';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Switch from 'antd/es/switch';
import { SidePanel } from '../../components/side-panel';
import { PanelForm } from '../../components/panel-form';
import { applyServerErrors, zodRule } from '../../lib/form';
import { useSaveRole, type RoleInput } from './api';

const FORM_ID = 'role-form';
const rules = {
  name: [zodRule(roleFieldsSchema.shape.name)],
  expired_session_time: [zodRule(roleFieldsSchema.shape.expired_session_time)],
  notes: [zodRule(roleFieldsSchema.shape.notes)],
};

interface RoleFormPanelProps {
  open: boolean;
  /** The role being edited; null adds a new one. */
  role: RoleRow | null;
  onClose: () => void;
}

/** Add or edit a role (Nombre, Tiempo de Expiración, the second-factor requirement, Notas); 422 errors land on the fields. */
export function RoleFormPanel({ open, role, onClose }: RoleFormPanelProps) {
  const [form] = Form.useForm<RoleInput>();
  const save = useSaveRole();

  function submit(values: RoleInput) {
    const input = { ...values, notes: values.notes?.trim() ? values.notes.trim() : null, id: role?.id };
    save.mutate(input, {
      onSuccess: onClose,
      onError: (error) => applyServerErrors(form, error),
    });
  }

  return (
    <SidePanel title={role ? 'Editar rol' : 'Nuevo rol'} open={open} onClose={onClose} formId={FORM_ID} submitting={save.isPending}>
      <PanelForm<RoleInput>
        name={FORM_ID}
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={role ? { name: role.name, expired_session_time: role.expired_session_time, require_2fa: role.require_2fa, notes: role.notes } : { require_2fa: false }}
        disabled={save.isPending}
      >
        <Form.Item label="Nombre" name="name" rules={rules.name} required>
          <Input autoFocus maxLength={100} />
        </Form.Item>
        <Form.Item
          label="Tiempo de Expiración"
          name="expired_session_time"
          rules={rules.expired_session_time}
          required
          extra="Minutos sin actividad antes de que la sesión expire."
        >
          <InputNumber controls={false} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          label="Exigir verificación en dos pasos"
          name="require_2fa"
          valuePropName="checked"
          extra="Sus usuarios entrarán con un código de su aplicación de autenticación; quien aún no lo tenga deberá activarlo al iniciar sesión."
        >
          <Switch />
        </Form.Item>
        <Form.Item label="Notas" name="notes" rules={rules.notes}>
          <Input.TextArea rows={4} maxLength={1000} />
        </Form.Item>
      </PanelForm>
    </SidePanel>
  );
}
