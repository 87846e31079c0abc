import { lateFeeFields, lateFeeLabels, lateFeeMessages, type LateFeeRow } from '@recaudo/domain/late-fees';
import Divider from 'antd/es/divider';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import { zodRule } from '../lib/form';
import { MoneyInput } from './money-input';

/**
 * The late-payment surcharge settings (issue 50) of a community or an economic activity, shared
 * by both panels: off while "Recargo mensual (%)" is empty.
 */
export interface LateFeeFormValues {
  late_fee_percent?: string | null;
  late_fee_grace_days?: number | null;
  late_fee_cap_months?: number | null;
  late_fee_cap_percent?: string | null;
}

const rules = {
  late_fee_percent: [zodRule(lateFeeFields.late_fee_percent)],
  late_fee_grace_days: [zodRule(lateFeeFields.late_fee_grace_days)],
  late_fee_cap_months: [zodRule(lateFeeFields.late_fee_cap_months)],
  late_fee_cap_percent: [zodRule(lateFeeFields.late_fee_cap_percent)],
};

/**
 * A row's settings as the form holds them (those four fields only: the rest of a community's row,
 * its start date as text among them, would replace the panel's own values); a new record starts
 * with the surcharge off.
 */
export const lateFeeInitialValues = (row: LateFeeRow | null): LateFeeFormValues =>
  row
    ? { late_fee_percent: row.late_fee_percent ?? '', late_fee_grace_days: row.late_fee_grace_days, late_fee_cap_months: row.late_fee_cap_months, late_fee_cap_percent: row.late_fee_cap_percent ?? '' }
    : { late_fee_percent: '', late_fee_grace_days: 0, late_fee_cap_months: null, late_fee_cap_percent: '' };

/** The form's settings as the store and update calls take them. */
export const lateFeeToWire = (values: LateFeeFormValues): LateFeeRow => ({
  late_fee_percent: values.late_fee_percent ? values.late_fee_percent : null,
  late_fee_grace_days: values.late_fee_grace_days ?? 0,
  late_fee_cap_months: values.late_fee_cap_months ?? null,
  late_fee_cap_percent: values.late_fee_cap_percent ? values.late_fee_cap_percent : null,
});

export function LateFeeFormFields() {
  return (
    <>
      <Divider>{lateFeeMessages.line}</Divider>
      <Form.Item label={lateFeeLabels.percent} name="late_fee_percent" rules={rules.late_fee_percent} extra="Vacío: sin recargo. Se cobra sobre la tarifa de cada mes vencido, sin interés compuesto.">
        <MoneyInput prefix="%" />
      </Form.Item>
      <Form.Item label={lateFeeLabels.grace_days} name="late_fee_grace_days" rules={rules.late_fee_grace_days} extra="Días después del primero del mes antes de cobrar el recargo.">
        <InputNumber controls={false} style={{ width: '100%' }} min={0} />
      </Form.Item>
      <Form.Item label={lateFeeLabels.cap_months} name="late_fee_cap_months" rules={rules.late_fee_cap_months} extra="Opcional: el recargo deja de crecer después de estos meses.">
        <InputNumber controls={false} style={{ width: '100%' }} min={1} />
      </Form.Item>
      <Form.Item label={lateFeeLabels.cap_percent} name="late_fee_cap_percent" rules={rules.late_fee_cap_percent} extra="Opcional: el recargo de un mes no supera este porcentaje de su tarifa.">
        <MoneyInput prefix="%" />
      </Form.Item>
    </>
  );
}
