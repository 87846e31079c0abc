import { economicActivityFieldsSchema } from '@recaudo/domain/economic-activities';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import type { Dayjs } from 'dayjs';
import { EffectiveMonthItem, effectiveMonthToWire, FeeHistoryList } from '../../components/fee-since';
import { LateFeeFormFields, lateFeeInitialValues, lateFeeToWire, type LateFeeFormValues } from '../../components/late-fee-fields';
import { MoneyInput } from '../../components/money-input';
import { SidePanel } from '../../components/side-panel';
import { PanelForm } from '../../components/panel-form';
import { applyServerErrors, zodRule } from '../../lib/form';
import { useActivityGroupSelects, useSaveEconomicActivity, type EconomicActivityInput, type EconomicActivityRow } from './api';

const FORM_ID = 'economic-activity-form';
const shape = economicActivityFieldsSchema.shape;
const rules = {
  name: [zodRule(shape.name)],
  code: [zodRule(shape.code)],
  fee: [zodRule(shape.fee)],
  activity_group_id: [zodRule(shape.activity_group_id)],
};

interface FormValues extends LateFeeFormValues {
  name: string;
  code?: string | null;
  fee: string;
  activity_group_id?: number;
  /** An edited activity's fee applies from this month (issue 50). */
  effective_month?: Dayjs | null;
}

interface EconomicActivityFormPanelProps {
  open: boolean;
  /** The activity being edited; null adds a new one. */
  activity: EconomicActivityRow | null;
  onClose: () => void;
}

/**
 * Add or edit an economic activity: Nombre, Tarifa (comma decimals, sent as "12.50") and Grupo
 * (every activity group). Código is optional and kept, so editing never drops a seeded code.
 */
export function EconomicActivityFormPanel({ open, activity, onClose }: EconomicActivityFormPanelProps) {
  const [form] = Form.useForm<FormValues>();
  const save = useSaveEconomicActivity();
  const groups = useActivityGroupSelects();

  function submit(values: FormValues) {
    const input: EconomicActivityInput & { id?: number; effective_month?: string } = {
      name: values.name.trim(),
      code: values.code?.trim() ? values.code.trim() : null,
      fee: values.fee,
      activity_group_id: values.activity_group_id!,
      ...lateFeeToWire(values),
      id: activity?.id,
      ...(activity ? { effective_month: effectiveMonthToWire(values.effective_month) } : {}),
    };
    save.mutate(input, {
      onSuccess: onClose,
      onError: (error) => applyServerErrors(form, error),
    });
  }

  return (
    <SidePanel
      title={activity ? 'Editar actividad económica' : 'Nueva actividad económica'}
      open={open}
      onClose={onClose}
      formId={FORM_ID}
      submitting={save.isPending}
    >
      <PanelForm<FormValues>
        name={FORM_ID}
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={
          activity
            ? { name: activity.name, code: activity.code, fee: activity.fee, activity_group_id: activity.activity_group_id, ...lateFeeInitialValues(activity) }
            : { name: '', code: '', fee: '', ...lateFeeInitialValues(null) }
        }
        disabled={save.isPending}
      >
        <Form.Item label="Nombre" name="name" rules={rules.name} required>
          <Input autoFocus maxLength={255} />
        </Form.Item>
        <Form.Item label="Código" name="code" rules={rules.code}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item label="Tarifa" name="fee" rules={rules.fee} required extra="En dólares, con coma decimal: 1.234,56">
          <MoneyInput prefix="$" />
        </Form.Item>
        {activity && <EffectiveMonthItem />}
        <Form.Item label="Grupo" name="activity_group_id" rules={rules.activity_group_id} required>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Selecciona un grupo"
            loading={groups.isPending}
            options={groups.data?.map((group) => ({ value: group.id, label: group.name }))}
            notFoundContent="No se han encontrado datos"
          />
        </Form.Item>
        <LateFeeFormFields />
      </PanelForm>
      {activity && <FeeHistoryList ownerType="activity" ownerId={activity.id} />}
    </SidePanel>
  );
}
