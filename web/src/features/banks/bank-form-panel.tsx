import { bankFieldsSchema } from '@recaudo/domain/banks';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { SidePanel } from '../../components/side-panel';
import { PanelForm } from '../../components/panel-form';
import { applyServerErrors, zodRule } from '../../lib/form';
import { useSaveBank, type BankInput, type BankRow } from './api';

const FORM_ID = 'bank-form';
const rules = {
  code: [zodRule(bankFieldsSchema.shape.code)],
  name: [zodRule(bankFieldsSchema.shape.name)],
};

interface BankFormPanelProps {
  open: boolean;
  /** The bank being edited; null adds a new one. */
  bank: BankRow | null;
  onClose: () => void;
}

/** Add or edit a bank: Código (its official 4 digits) and Nombre. */
export function BankFormPanel({ open, bank, onClose }: BankFormPanelProps) {
  const [form] = Form.useForm<BankInput>();
  const save = useSaveBank();

  function submit(values: BankInput) {
    save.mutate(
      { code: values.code.trim(), name: values.name.trim(), id: bank?.id },
      {
        onSuccess: onClose,
        onError: (error) => applyServerErrors(form, error),
      },
    );
  }

  return (
    <SidePanel title={bank ? 'Editar banco' : 'Nuevo banco'} open={open} onClose={onClose} formId={FORM_ID} submitting={save.isPending}>
      <PanelForm<BankInput>
        name={FORM_ID}
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ code: bank?.code ?? '', name: bank?.name ?? '' }}
        disabled={save.isPending}
      >
        <Form.Item label="Código" name="code" rules={rules.code} required extra="Los 4 dígitos del banco, por ejemplo 0102.">
          <Input autoFocus inputMode="numeric" maxLength={4} />
        </Form.Item>
        <Form.Item label="Nombre" name="name" rules={rules.name} required>
          <Input maxLength={150} />
        </Form.Item>
      </PanelForm>
    </SidePanel>
  );
}
