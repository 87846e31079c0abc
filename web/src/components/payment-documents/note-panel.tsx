import { afterCaracasToday, caracas } from '@recaudo/domain/dates';
import { invoiceMessages } from '@recaudo/domain/invoices';
import { REFERENCE_METHOD_TYPES, TERMINAL_METHOD_TYPES } from '@recaudo/domain/payments';
import { type PaymentRow } from '@recaudo/domain/payment-rows';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import type { Dayjs } from 'dayjs';
import { MoneyInput } from '../money-input';
import { useOptionList } from '../option-list';
import { findMethodOptions } from '../select-options';
import { SidePanel } from '../side-panel';
import { PanelForm } from '../panel-form';
import { applyServerErrors } from '../../lib/form';
import { useCreateNote } from './api';
import { documentLabel } from './document-dialogs';

interface NoteValues {
  payment_method_id: number | null;
  date_payment: Dayjs | null;
  new_amount_payment: string | null;
  notes: string;
  reference: string;
  terminal: string;
  lot_number: string;
}

const NOTE_TITLES = { '02': 'Generar nota de crédito', '03': 'Generar nota de débito' } as const;
const FORM_ID = 'invoice-note-form';
const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && !value.trim());
const required = { validator: async (_rule: unknown, value: unknown) => (blank(value) ? Promise.reject(new Error(invoiceMessages.required)) : undefined) };
const includes = (list: readonly number[], value: number | undefined) => value !== undefined && list.includes(value);

/** Nota de débito / crédito (spec 02 §5): method, date, new amount and notes; reference for 1, 3, 5; terminal and lot for 2. */
export function NotePanel({ payment, type, onClose }: { payment: PaymentRow | null; type: '02' | '03'; onClose: () => void }) {
  const create = useCreateNote();
  return (
    <SidePanel title={NOTE_TITLES[type]} open={payment !== null} onClose={onClose} formId={FORM_ID} submitting={create.isPending} size={520}>
      {payment && <NoteForm payment={payment} type={type} onClose={onClose} create={create} />}
    </SidePanel>
  );
}

function NoteForm({
  payment,
  type,
  onClose,
  create,
}: {
  payment: PaymentRow;
  type: '02' | '03';
  onClose: () => void;
  create: ReturnType<typeof useCreateNote>;
}) {
  const [form] = Form.useForm<NoteValues>();
  const methods = useOptionList('methods', findMethodOptions);
  const methodId = Form.useWatch('payment_method_id', form);
  const methodType = methods.data?.find((method) => method.id === methodId)?.type;
  const reference = includes(REFERENCE_METHOD_TYPES, methodType);
  const terminal = includes(TERMINAL_METHOD_TYPES, methodType);
  return (
    <PanelForm<NoteValues>
      form={form}
      name={FORM_ID}
      layout="vertical"
      disabled={create.isPending}
      initialValues={{
        payment_method_id: payment.payment_method_id,
        date_payment: caracas().startOf('day'),
        new_amount_payment: null,
        notes: '',
        reference: '',
        terminal: '',
        lot_number: '',
      }}
      onFinish={(values) =>
        create.mutate(
          {
            id: payment.id,
            type,
            payment_method_id: values.payment_method_id!,
            date_payment: values.date_payment!.format('YYYY-MM-DD'),
            new_amount_payment: values.new_amount_payment!,
            notes: values.notes.trim(),
            reference: reference ? values.reference.trim() : null,
            terminal: terminal ? values.terminal.trim() : null,
            lot_number: terminal ? values.lot_number.trim() : null,
          },
          { onSuccess: onClose, onError: (error) => applyServerErrors(form, error) },
        )
      }
    >
      <Typography.Paragraph>{documentLabel(payment)}</Typography.Paragraph>
      <Form.Item label="Método de pago" name="payment_method_id" rules={[required]} required>
        <Select<number> loading={methods.isFetching} options={(methods.data ?? []).map((method) => ({ value: method.id, label: method.name }))} />
      </Form.Item>
      {reference && (
        <Form.Item label="Referencia" name="reference" rules={[required]} required>
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
      )}
      {terminal && (
        <>
          <Form.Item label="Terminal" name="terminal" rules={[required]} required>
            <Input maxLength={50} autoComplete="off" />
          </Form.Item>
          <Form.Item label="Lote" name="lot_number" rules={[required]} required>
            <Input maxLength={50} autoComplete="off" />
          </Form.Item>
        </>
      )}
      <Form.Item label="Fecha de pago" name="date_payment" rules={[required]} required>
        <DatePicker style={{ width: '100%' }} format="DD-MM-YYYY" disabledDate={afterCaracasToday} />
      </Form.Item>
      <Form.Item label="Nuevo monto" name="new_amount_payment" rules={[required]} required>
        <MoneyInput prefix="BS" />
      </Form.Item>
      <Form.Item label="Notas" name="notes" rules={[required]} required>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </PanelForm>
  );
}
