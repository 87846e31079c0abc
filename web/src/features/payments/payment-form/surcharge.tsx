import type { AddressRow } from '@recaudo/domain/addresses';
import { formatMoney } from '@recaudo/domain/format-money';
import { lateFeeMessages, surchargeTotal } from '@recaudo/domain/late-fees';
import type { Month } from '@recaudo/domain/months';
import type { PaymentRow } from '@recaudo/domain/payment-rows';
import Decimal from 'decimal.js';
import Col from 'antd/es/col';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import { MoneyInput } from '../../../components/money-input';
import type { PaymentFormValues } from './values';

/** The late-payment surcharge of the months chosen (issue 50): what they carry, what is waived, what is charged (in the base). */
export interface ChosenSurcharge {
  surchargeUsd: string;
  waivedUsd: string;
  netUsd: string;
}

/**
 * The chosen months' surcharge as the address's calendar answers it (each owed month's surcharge
 * by today); an edited payment's own months carry what it stored, which the server keeps while
 * its date stays. The waiver is the typed one, never above the surcharge (the server says so).
 */
export function chosenSurcharge(
  address: Pick<AddressRow, 'payments' | 'id'> | undefined,
  chosen: readonly Month[],
  payment: PaymentRow | null,
  waived: string | null,
): ChosenSurcharge {
  const byMonth = new Map((address?.payments ?? []).flatMap((year) => year.months).map((entry) => [entry.month, entry.surcharge_usd ?? null]));
  const own = payment && address && payment.address_payment_id === address.id ? payment.months_payment : [];
  const keepsOwn = own.length > 0 && own.every((month) => chosen.includes(month));
  const owed = surchargeTotal(chosen.filter((month) => !own.includes(month)).map((month) => byMonth.get(month) ?? null));
  const surchargeUsd = new Decimal(owed).plus(keepsOwn ? payment!.surcharge_usd : 0).toFixed(2);
  const typed = waived !== null && /^\d+(\.\d+)?$/.test(waived.trim()) ? new Decimal(waived) : new Decimal(0);
  const waivedUsd = Decimal.min(typed, surchargeUsd).toFixed(2);
  return { surchargeUsd, waivedUsd, netUsd: new Decimal(surchargeUsd).minus(waivedUsd).toFixed(2) };
}

export const hasSurcharge = (surcharge: ChosenSurcharge) => new Decimal(surcharge.surchargeUsd).greaterThan(0);

/**
 * The waiver's fields: shown to a user with `waive_late_fee` when the months carry a surcharge;
 * otherwise kept hidden with what the payment stored, so an edit by anyone else leaves it as it was.
 */
export function SurchargeWaiverFields({
  surcharge,
  canWaive,
  form,
  currency,
}: {
  surcharge: ChosenSurcharge;
  canWaive: boolean;
  form: FormInstance<PaymentFormValues>;
  currency: '$' | '€';
}) {
  const typed = Form.useWatch('surcharge_waived_usd', form);
  const shown = canWaive && hasSurcharge(surcharge);
  const waiving = new Decimal(surcharge.waivedUsd).greaterThan(0) || Boolean(typed);
  return (
    <Row gutter={16} hidden={!shown}>
      <Col xs={24} sm={12}>
        <Form.Item label={`${lateFeeMessages.waivedLine} (hasta ${formatMoney(surcharge.surchargeUsd, currency)})`} name="surcharge_waived_usd" hidden={!shown}>
          <MoneyInput prefix={currency} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          label="Motivo de la exoneración"
          name="surcharge_waiver_reason"
          hidden={!shown}
          rules={shown && waiving ? [{ required: true, whitespace: true, message: lateFeeMessages.waiverReasonRequired }] : []}
        >
          <Input maxLength={500} />
        </Form.Item>
      </Col>
    </Row>
  );
}
