import { correlativeFieldsSchema } from '@recaudo/domain/correlatives';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { SidePanel } from '../../components/side-panel';
import { PanelForm } from '../../components/panel-form';
import { applyServerErrors, zodRule } from '../../lib/form';
import { useSaveCorrelative, type CorrelativeInput, type CorrelativeRow } from './api';

const FORM_ID = 'correlative-form';
const shape = correlativeFieldsSchema.shape;
const rules = {
  serie: [zodRule(shape.serie)],
  number: [zodRule(shape.number)],
  number_credit_note: [zodRule(shape.number_credit_note)],
  number_debit_note: [zodRule(shape.number_debit_note)],
};

/** Counters are text inputs: "000123" keeps its zeros (a number input would drop them). */
const COUNTERS = [
  { name: 'number', label: 'Número de factura' },
  { name: 'number_credit_note', label: 'Número de nota de crédito' },
  { name: 'number_debit_note', label: 'Número de nota de débito' },
] as const;

interface CorrelativeFormPanelProps {
  open: boolean;
  /** The series being edited; null adds a new one. */
  correlative: CorrelativeRow | null;
  onClose: () => void;
}

/** Add or edit a series with its invoice, credit-note and debit-note counters (digits only, leading zeros kept). */
export function CorrelativeFormPanel({ open, correlative, onClose }: CorrelativeFormPanelProps) {
  const [form] = Form.useForm<CorrelativeInput>();
  const save = useSaveCorrelative();

  function submit(values: CorrelativeInput) {
    save.mutate(
      {
        serie: values.serie.trim(),
        number: values.number.trim(),
        number_credit_note: values.number_credit_note.trim(),
        number_debit_note: values.number_debit_note.trim(),
        id: correlative?.id,
      },
      {
        onSuccess: onClose,
        onError: (error) => applyServerErrors(form, error),
      },
    );
  }

  return (
    <SidePanel title={correlative ? 'Editar correlativo' : 'Nuevo correlativo'} open={open} onClose={onClose} formId={FORM_ID} submitting={save.isPending}>
      <PanelForm<CorrelativeInput>
        name={FORM_ID}
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          serie: correlative?.serie ?? '',
          number: correlative?.number ?? '',
          number_credit_note: correlative?.number_credit_note ?? '',
          number_debit_note: correlative?.number_debit_note ?? '',
        }}
        disabled={save.isPending}
      >
        <Form.Item label="Serie" name="serie" rules={rules.serie} required>
          <Input autoFocus maxLength={20} />
        </Form.Item>
        {COUNTERS.map((counter) => (
          <Form.Item key={counter.name} label={counter.label} name={counter.name} rules={rules[counter.name]} required>
            <Input inputMode="numeric" maxLength={20} placeholder="00000000" />
          </Form.Item>
        ))}
      </PanelForm>
    </SidePanel>
  );
}
