import { activityGroupFieldsSchema } from '@recaudo/domain/economic-activities';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { SidePanel } from '../../components/side-panel';
import { PanelForm } from '../../components/panel-form';
import { applyServerErrors, zodRule } from '../../lib/form';
import { useSaveActivityGroup, type ActivityGroupInput, type ActivityGroupRow } from './api';

const FORM_ID = 'activity-group-form';
const rules = { name: [zodRule(activityGroupFieldsSchema.shape.name)] };

interface ActivityGroupFormPanelProps {
  open: boolean;
  /** The group being edited; null adds a new one. */
  group: ActivityGroupRow | null;
  onClose: () => void;
}

/** Add or edit an activity group (Nombre). */
export function ActivityGroupFormPanel({ open, group, onClose }: ActivityGroupFormPanelProps) {
  const [form] = Form.useForm<ActivityGroupInput>();
  const save = useSaveActivityGroup();

  function submit(values: ActivityGroupInput) {
    save.mutate(
      { name: values.name.trim(), id: group?.id },
      {
        onSuccess: onClose,
        onError: (error) => applyServerErrors(form, error),
      },
    );
  }

  return (
    <SidePanel title={group ? 'Editar grupo de actividades' : 'Nuevo grupo de actividades'} open={open} onClose={onClose} formId={FORM_ID} submitting={save.isPending}>
      <PanelForm<ActivityGroupInput>
        name={FORM_ID}
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ name: group?.name ?? '' }}
        disabled={save.isPending}
      >
        <Form.Item label="Nombre" name="name" rules={rules.name} required>
          <Input autoFocus maxLength={150} />
        </Form.Item>
      </PanelForm>
    </SidePanel>
  );
}
