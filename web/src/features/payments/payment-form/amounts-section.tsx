import type { Amounts } from '@recaudo/domain/amounts';
import { afterCaracasToday } from '@recaudo/domain/dates';
import { formatMoney } from '@recaudo/domain/format-money';
import { CURRENCY_SYMBOLS } from '@recaudo/domain/tenders';
import Checkbox from 'antd/es/checkbox';
import Col from 'antd/es/col';
import DatePicker from 'antd/es/date-picker';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import Decimal from 'decimal.js';
import { lateFeeMessages } from '@recaudo/domain/late-fees';
import { hasSurcharge, type ChosenSurcharge } from './surcharge';
import { MoneyInput } from '../../../components/money-input';
import type { PaymentFormState } from './use-payment-form';
import { DATE_FORMAT } from './values';

/** Dates (never after Caracas' today, spec 02 §5), rate, Monto pagado and the retention option: columns of the "Datos del pago" row. */
export function AmountFields({ state }: { state: PaymentFormState }) {
  const { staff, rules, storedRateDiffers, rate, rates, rateOptions, canTypeRate, manualRate, commercial, locked, documentType, mainCurrency, settlement } = state;
  return (
    <>
      <Col xs={24} sm={12}>
        <Form.Item label="Fecha de pago" name="date_payment" rules={rules.date_payment} required>
          <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} disabledDate={afterCaracasToday} />
        </Form.Item>
      </Col>
      {staff && (
        <Col xs={24} sm={12}>
          <Form.Item label="Fecha de factura" name="date_bill" rules={rules.date_bill}>
            <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} disabledDate={afterCaracasToday} disabled={locked} />
          </Form.Item>
        </Col>
      )}
      <Col xs={24} sm={12}>
        <Form.Item
          label="Tasa de cambio"
          name="exchange_rate_id"
          rules={rules.exchange_rate_id}
          required
          extra={storedRateDiffers ? `Tasa del pago: ${formatMoney(rate)}` : staff ? undefined : 'La tasa la fija Recaudo según el tipo de dirección.'}
        >
          <Select<number> disabled={!staff || locked} placeholder="Seleccionar" loading={rates.isFetching} options={rateOptions} />
        </Form.Item>
        {canTypeRate ? (
          <Form.Item label="Tasa del pago" name="exchange_rate" extra="La tasa BCV vigente en la fecha del pago; otra queda como manual, con su motivo.">
            <MoneyInput prefix="BS" disabled={locked} />
          </Form.Item>
        ) : (
          <Form.Item name="exchange_rate" hidden>
            <Input />
          </Form.Item>
        )}
        {manualRate && (
          <Form.Item label="Motivo de la tasa" name="exchange_rate_reason" rules={[{ required: true, whitespace: true, message: 'Indica el motivo de la tasa manual' }]}>
            <Input maxLength={500} />
          </Form.Item>
        )}
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          label="Monto pagado"
          name="amount_payment"
          rules={rules.amount_payment}
          required
          extra={mainCurrency !== 'VES' && settlement ? `Equivale a ${formatMoney(settlement.amountsVes[0])}` : undefined}
        >
          <MoneyInput prefix={CURRENCY_SYMBOLS[mainCurrency]} />
        </Form.Item>
      </Col>
      {commercial && documentType === '01' && (
        <Col span={24}>
          <Form.Item name="is_apply_retention" valuePropName="checked">
            <Checkbox disabled={locked}>Aplicar retención (75 % del IVA)</Checkbox>
          </Form.Item>
        </Col>
      )}
    </>
  );
}

/** The amounts of spec 02 §9 as the server will store them, live from the domain's `paymentAmounts`. */
export function AmountSummary({
  amounts,
  fee,
  months,
  commercial,
  currency,
  surcharge,
}: {
  amounts: Amounts | null;
  fee: string | null;
  months: number;
  commercial: boolean;
  currency: '$' | '€';
  surcharge?: ChosenSurcharge;
}) {
  if (!amounts) return <Typography.Paragraph type="secondary">Elige la tasa de cambio para ver los montos.</Typography.Paragraph>;
  const line = (label: string, value: ReactNode, strong = false) => (
    <Flex justify="space-between" gap={12}>
      <Typography.Text type={strong ? undefined : 'secondary'}>{label}</Typography.Text>
      <Typography.Text strong={strong}>{value}</Typography.Text>
    </Flex>
  );
  return (
    <section aria-label="Resumen de montos" style={{ border: '1px solid rgba(128,128,128,0.3)', borderRadius: 8, padding: 12, marginBottom: 16 }}>
      {line('Tarifa mensual', `${formatMoney(fee ?? 0, currency)} × ${months} ${months === 1 ? 'mes' : 'meses'}`)}
      {surcharge && hasSurcharge(surcharge) && line(lateFeeMessages.line, formatMoney(surcharge.surchargeUsd, currency))}
      {surcharge && new Decimal(surcharge.waivedUsd).greaterThan(0) && line(lateFeeMessages.waivedLine, formatMoney(new Decimal(surcharge.waivedUsd).negated().toFixed(2), currency))}
      {line('Base imponible', formatMoney(amounts.tax_base, currency))}
      {commercial && line('IVA (16 %)', formatMoney(amounts.iva, currency))}
      {commercial && line('Retención (75 % del IVA)', formatMoney(amounts.retention, currency))}
      {line('Total factura', `${formatMoney(amounts.dollar_amount_bill, currency)} · ${formatMoney(amounts.amount_bill)}`)}
      {line('Monto a pagar', `${formatMoney(amounts.dollar_amount_payment, currency)} · ${formatMoney(amounts.amount_payment)}`, true)}
    </section>
  );
}
