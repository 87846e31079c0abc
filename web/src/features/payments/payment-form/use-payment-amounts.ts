import type { AddressRow } from '@recaudo/domain/addresses';
import { debtTotal, paymentAmounts } from '@recaudo/domain/amounts';
import type { ExchangeRates } from '@recaudo/domain/configurations';
import type { Month } from '@recaudo/domain/months';
import { installmentLeft, type nextInstallment } from '@recaudo/domain/payment-agreements';
import type { PaymentRow } from '@recaudo/domain/payment-rows';
import { feesOf, feesTotal } from '@recaudo/domain/tariffs';
import Form, { type FormInstance } from 'antd/es/form';
import Decimal from 'decimal.js';
import { useMemo } from 'react';
import { rateOf, type PanelMonths } from '../payment-form-model';
import { chosenSurcharge } from './surcharge';
import { blank, type PaymentFormValues } from './values';

interface AmountsArgs {
  form: FormInstance<PaymentFormValues>;
  initial: PaymentFormValues;
  address: AddressRow | undefined;
  payment: PaymentRow | null;
  calendar: PanelMonths | null;
  chosen: Month[];
  rate: string | null;
  rateId: number | null;
  rates: ExchangeRates | undefined;
  retention: boolean;
  /** The agreement's next installment when the payment pays one (issue 50). */
  installment: ReturnType<typeof nextInstallment> | null;
  paysAgreement: boolean;
}

/**
 * What the panel charges (spec 02 §9), live from the domain's `paymentAmounts` as the server will
 * store it: each chosen month at the tariff in force for it and their late-payment surcharge less
 * its waiver (issue 50), or what an agreement's installment still owes; and "Pagar deuda total"
 * (each owed month at its tariff plus their surcharge, at today's rate of the panel's currency: the
 * debt as it stands, whatever rate an edited payment was stored at).
 */
export function usePaymentAmounts({
  form,
  initial,
  address,
  payment,
  calendar,
  chosen,
  rate,
  rateId,
  rates,
  retention,
  installment,
  paysAgreement,
}: AmountsArgs) {
  const schedule = useMemo(() => (address ? { fee: address.fee, changes: address.fee_changes } : null), [address]);
  const watched = Form.useWatch('surcharge_waived_usd', form);
  const waived = watched === undefined ? initial.surcharge_waived_usd : watched;
  const surcharge = useMemo(() => chosenSurcharge(address, chosen, payment, waived), [address, chosen, payment, waived]);
  const amounts = useMemo(
    () =>
      address && schedule && !blank(rate) && Number.isFinite(Number(rate))
        ? paysAgreement
          ? // What the installment still owes, in dollars at the payment's rate: the agreement's debt already holds each month's price.
            paymentAmounts({ type: 0, fee: installmentLeft(installment!), months: 1, rate: rate! })
          : paymentAmounts({
              type: address.type,
              fee: address.fee ?? '0',
              months: chosen.length,
              monthFees: feesOf(schedule, chosen),
              rate: rate!,
              applyRetention: address.type === 1 && retention,
              surcharge: surcharge.netUsd,
            })
        : null,
    [address, schedule, rate, chosen, retention, paysAgreement, installment, surcharge.netUsd],
  );
  const debt = useMemo(() => {
    if (!schedule || !calendar || calendar.unpaid.length === 0 || !rates) return null;
    // The whole debt is what ticking it charges: every owed month at its tariff and their surcharge.
    const debtSurcharge = chosenSurcharge(address, calendar.unpaid, payment, null).surchargeUsd;
    const dollars = new Decimal(feesTotal(feesOf(schedule, calendar.unpaid))).plus(debtSurcharge);
    return { bs: debtTotal(1, dollars, rateOf(rateId ?? 1, rates)), withSurcharge: new Decimal(debtSurcharge).greaterThan(0) };
  }, [schedule, calendar, rates, address, payment, rateId]);
  return { surcharge, amounts, debt };
}
