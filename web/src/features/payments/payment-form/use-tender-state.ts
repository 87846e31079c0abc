import type { Amounts } from '@recaudo/domain/amounts';
import { MAX_TENDER_LINES } from '@recaudo/domain/tenders';
import Form, { type FormInstance } from 'antd/es/form';
import { useEffect } from 'react';
import type { MethodOption } from '../../../components/select-options';
import { useTenderSettings } from '../api';
import { changeSuggestion, formSettlement, lineCurrency, mainLineSuggestion, type TenderContext } from './tender-lines';
import type { PaymentFormValues } from './values';

/**
 * The tender side of the payment panel's state (issue 49): the watched lines and change, the
 * office's IGTF setting, the settlement the cover shows, what Monto pagado should bring in its
 * method's currency, and the change kept following what is left over.
 */
export function useTenderState({
  form,
  initial,
  staff,
  methods,
  methodId,
  amounts,
  rateId,
  rate,
}: {
  form: FormInstance<PaymentFormValues>;
  initial: PaymentFormValues;
  staff: boolean;
  methods: MethodOption[] | undefined;
  methodId: number | null;
  amounts: Amounts | null;
  rateId: number | null;
  rate: string | null;
}) {
  const or = <T>(watched: T | undefined, fallback: T): T => (watched === undefined ? fallback : watched);
  const values = {
    payment_method_id: methodId,
    amount_payment: or(Form.useWatch('amount_payment', form), initial.amount_payment),
    reference: or(Form.useWatch('reference', form), initial.reference),
    bank_id: or(Form.useWatch('bank_id', form), initial.bank_id),
    extra_tenders: or(Form.useWatch('extra_tenders', form), initial.extra_tenders),
    change_currency: or(Form.useWatch('change_currency', form), initial.change_currency),
    change_amount: or(Form.useWatch('change_amount', form), initial.change_amount),
  };
  const settings = useTenderSettings(staff);
  const tenderContext: TenderContext = { methods, amounts, rateId, rate, igtfRate: settings.data?.igtf_rate ?? null };
  const settlement = staff ? formSettlement(values, tenderContext) : null;
  const suggestedChangeAmount = staff ? changeSuggestion(values, tenderContext) : null;

  // The change follows what is left over, in the currency chosen for it.
  useEffect(() => {
    if (!staff) return;
    const current = form.getFieldValue('change_amount') as string | null;
    if ((current ?? null) !== suggestedChangeAmount) form.setFieldValue('change_amount', suggestedChangeAmount);
  }, [staff, suggestedChangeAmount, form]);

  return {
    tenderContext,
    settlement,
    /** What Monto pagado should bring: the months (plus IGTF on a foreign line) in the method's currency; a client user's, in bolívares. */
    computedPayment: staff ? mainLineSuggestion(tenderContext, methodId) : (amounts?.amount_payment ?? null),
    mainCurrency: lineCurrency(methods, methodId),
    maxTenderLines: settings.data?.max_tender_lines ?? MAX_TENDER_LINES,
  };
}
