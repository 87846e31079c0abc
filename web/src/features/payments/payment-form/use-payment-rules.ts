import { paymentFieldsSchema, paymentRuleIssues } from '@recaudo/domain/payments';
import type { FormInstance, Rule } from 'antd/es/form';
import { zodRule } from '../../../lib/form';
import type { MethodOption } from '../../../components/select-options';
import { dayToWire, methodFacts, trimmed, type PaymentFormValues } from './values';

type FormView = Pick<FormInstance<PaymentFormValues>, 'getFieldValue' | 'getFieldsValue'>;

const fields = paymentFieldsSchema.shape;

/** The panel's validation rules: each field's schema, then the spec 02 §5 rules that depend on the method and other fields, with the server's messages. */
export function paymentRules(methods: MethodOption[] | undefined) {
  const ruleFor =
    (field: string): Rule =>
    (view: FormView) => ({
      validator: async () => {
        const values = view.getFieldsValue(true) as PaymentFormValues;
        const current = methodFacts(methods?.find((row) => row.id === values.payment_method_id));
        const issues = paymentRuleIssues(
          {
            reference: trimmed(values.reference),
            terminal: trimmed(values.terminal),
            lot_number: trimmed(values.lot_number),
            bank_id: values.bank_id ?? null,
            serie_id: values.serie_id ?? null,
            number: trimmed(values.number),
            send_invoice: values.send_invoice,
            type_payment_month: values.type_payment_month,
            months_payment: values.months_payment ?? [],
          },
          current,
        );
        const message = issues[field];
        if (message) throw new Error(message);
      },
    });
  const rateRule: Rule = (view: FormView) => ({
    validator: async () => {
      const parsed = fields.exchange_rate.safeParse(view.getFieldValue('exchange_rate'));
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
    },
  });

  return {
    client_id: [zodRule(fields.client_id)],
    address_payment_id: [zodRule(fields.address_payment_id)],
    status: [zodRule(fields.status)],
    payment_method_id: [zodRule(fields.payment_method_id)],
    date_payment: [zodRule(fields.date_payment, dayToWire)],
    date_bill: [zodRule(fields.date_bill, dayToWire)],
    exchange_rate_id: [rateRule],
    amount_payment: [zodRule(fields.amount_payment)],
    reference: [zodRule(fields.reference), ruleFor('reference')],
    terminal: [zodRule(fields.terminal), ruleFor('terminal')],
    lot_number: [zodRule(fields.lot_number), ruleFor('lot_number')],
    bank_id: [ruleFor('bank_id')],
    serie_id: [ruleFor('serie_id')],
    number: [zodRule(fields.number), ruleFor('number')],
    checkbook_number: [zodRule(fields.checkbook_number)],
    observations: [zodRule(fields.observations)],
    ticket_serial: [zodRule(fields.ticket_serial)],
    send_invoice: [ruleFor('send_invoice')],
  };
}

export type PaymentRules = ReturnType<typeof paymentRules>;
