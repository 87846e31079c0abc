import Decimal from 'decimal.js';
import type { AddressRow } from '@recaudo/domain/addresses';
import { todayInCaracas, dayjs } from '@recaudo/domain/dates';
import { formatMoney } from '@recaudo/domain/format-money';
import {
  AGREEMENT_MAX_INSTALLMENTS,
  AGREEMENT_MIN_INSTALLMENTS,
  AGREEMENT_MIN_MONTHS,
  agreementMessages,
  createAgreementSchema,
  downPaymentTooLarge,
  schedulePreview,
} from '@recaudo/domain/payment-agreements';
import { rowOwedUsd } from '@recaudo/domain/tariffs';
import { surchargeTotal } from '@recaudo/domain/late-fees';
import Alert from 'antd/es/alert';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import type { Dayjs } from 'dayjs';
import { EMPTY_SELECT_TEXT } from '../../components/filter-drawer';
import { MoneyInput } from '../../components/money-input';
import { applyServerErrors, zodRule } from '../../lib/form';
import { useAgreementAddresses, useCreateAgreement } from './api';
import { InstallmentsTable } from './installments-table';

interface AgreementFormValues {
  address_payment_id: number | null;
  down_payment_usd: string | null;
  installments: number | null;
  first_due_date: Dayjs | null;
}

const DATE_FORMAT = 'DD-MM-YYYY';
/** A dollar amount as the money input holds it, to the cent. */
const MONEY = /^\d+(\.\d{1,2})?$/;
/** A day before Caracas' today: the first installment can't fall there. */
const beforeToday = (day: Dayjs) => day.format('YYYY-MM-DD') < todayInCaracas();
const dayToWire = (value: unknown) => (dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : value);
const shape = createAgreementSchema.shape;
const rules = {
  address_payment_id: [{ required: true, message: 'Selecciona la dirección de pago.' }, zodRule(shape.address_payment_id)],
  down_payment_usd: [zodRule(shape.down_payment_usd)],
  installments: [zodRule(shape.installments)],
  first_due_date: [
    zodRule(shape.first_due_date, dayToWire),
    // The server refuses a day before its today in Caracas with the same words.
    { validator: async (_rule: unknown, value: unknown) => (dayjs.isDayjs(value) && beforeToday(value) ? Promise.reject(new Error(agreementMessages.firstDueDatePast)) : undefined) },
  ],
};

/** A down payment at or above the debt leaves nothing to agree on (the server's rule and words). */
const belowDebt = (debt: string | null) => ({
  validator: async (_rule: unknown, value: unknown) =>
    debt !== null && typeof value === 'string' && MONEY.test(value) && downPaymentTooLarge(value, debt)
      ? Promise.reject(new Error(agreementMessages.downPaymentAboveDebt(debt)))
      : undefined,
});

/** The address's debt in dollars, each owed month at its tariff with its late-payment surcharge by today (what the server freezes at signing). */
export const addressDebtUsd = (address: AddressRow) =>
  new Decimal(rowOwedUsd(address)).plus(surchargeTotal(address.payments.flatMap((year) => year.months).map((entry) => entry.surcharge_usd ?? null))).toFixed(2);

/**
 * "Nuevo convenio" (issue 50): one of the client's addresses owing at least AGREEMENT_MIN_MONTHS
 * months, the down payment in dollars, 2–24 installments and the first due date (not in the past),
 * with the address's debt and the schedule the server will write shown before saving. The server's
 * 422 messages land on their fields.
 */
export function AgreementFormModal({ open, clientId, onClose }: { open: boolean; clientId: number; onClose: () => void }) {
  const [form] = Form.useForm<AgreementFormValues>();
  const addresses = useAgreementAddresses(clientId, open);
  const create = useCreateAgreement();
  const addressId = Form.useWatch('address_payment_id', form) ?? null;
  const downPayment = Form.useWatch('down_payment_usd', form) ?? null;
  const count = Form.useWatch('installments', form) ?? null;
  const firstDue = Form.useWatch('first_due_date', form) ?? null;
  const eligible = (addresses.data ?? []).filter((address) => address.months_to_pay >= AGREEMENT_MIN_MONTHS);
  const address = eligible.find((row) => row.id === addressId) ?? null;
  const debt = address ? addressDebtUsd(address) : null;
  const down = downPayment && MONEY.test(downPayment) ? downPayment : '0';
  const preview =
    debt !== null && count !== null && firstDue
      ? schedulePreview({ debt, downPayment: down, count, firstDueDate: firstDue.format('YYYY-MM-DD'), today: todayInCaracas() })
      : [];

  const submit = (values: AgreementFormValues) => {
    create.mutate(
      {
        address_payment_id: values.address_payment_id!,
        down_payment_usd: values.down_payment_usd ?? '0',
        installments: values.installments!,
        first_due_date: values.first_due_date!.format('YYYY-MM-DD'),
      },
      {
        onSuccess: () => {
          form.resetFields();
          onClose();
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  };

  return (
    <Modal
      open={open}
      title="Nuevo convenio de pago"
      okText="Guardar convenio"
      cancelText="Cerrar"
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: create.isPending }}
      destroyOnHidden
      width={640}
    >
      <Form<AgreementFormValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ address_payment_id: null, down_payment_usd: '0', installments: 6, first_due_date: dayjs(todayInCaracas()).add(1, 'month') }}
        disabled={create.isPending}
      >
        <Form.Item label="Dirección de pago" name="address_payment_id" rules={rules.address_payment_id} required>
          <Select
            loading={addresses.isFetching}
            notFoundContent={EMPTY_SELECT_TEXT}
            placeholder={`Direcciones que deben ${AGREEMENT_MIN_MONTHS} meses o más`}
            options={eligible.map((row) => ({ value: row.id, label: `${row.address} — debe ${row.months_to_pay} meses` }))}
          />
        </Form.Item>
        {addresses.data && eligible.length === 0 && (
          <Alert style={{ marginBottom: 16 }} type="info" showIcon title={`Ninguna dirección del cliente debe ${AGREEMENT_MIN_MONTHS} meses o más.`} />
        )}
        {address && debt !== null && (
          <Typography.Paragraph role="status">
            Deuda de la dirección: <strong>{formatMoney(debt, '$')}</strong> ({address.months_to_pay} meses)
          </Typography.Paragraph>
        )}
        <Form.Item
          label="Cuota inicial (USD)"
          name="down_payment_usd"
          rules={[...rules.down_payment_usd, belowDebt(debt)]}
          dependencies={['address_payment_id']}
          extra="0 si el convenio no lleva cuota inicial."
        >
          <MoneyInput prefix="$" />
        </Form.Item>
        <Form.Item
          label="Número de cuotas"
          name="installments"
          rules={rules.installments}
          required
          extra={`Entre ${AGREEMENT_MIN_INSTALLMENTS} y ${AGREEMENT_MAX_INSTALLMENTS} cuotas mensuales.`}
        >
          <InputNumber<number> min={AGREEMENT_MIN_INSTALLMENTS} max={AGREEMENT_MAX_INSTALLMENTS} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Vencimiento de la primera cuota" name="first_due_date" rules={rules.first_due_date} required>
          <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} disabledDate={beforeToday} />
        </Form.Item>
        {preview.length > 0 && <InstallmentsTable rows={preview} label="Cuotas del convenio" withPayments={false} />}
      </Form>
    </Modal>
  );
}
