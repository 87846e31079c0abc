import type { AddressRow } from '@recaudo/domain/addresses';

import { invoiceLock } from '@recaudo/domain/invoices';
import type { Month } from '@recaudo/domain/months';
import type { PaymentRow } from '@recaudo/domain/payment-rows';
import { hasPermission } from '@recaudo/domain/permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Form from 'antd/es/form';
import { useEffect, useMemo, useRef, useState } from 'react';
import { applyServerErrors } from '../../../lib/form';
import { useSession } from '../../../lib/session';
import { useOptionList } from '../../../components/option-list';
import { findClientOptions, findMethodOptions, findRatesOn, type ClientOption } from '../../../components/select-options';
import { todayInCaracas } from '@recaudo/domain/dates';
import type { useSavePayment } from '../api';
import { findBankOptions, findReferenceInUse, paymentKeys, useAddressAgreement, useClientAddresses, useTicketOptions } from '../api';
import { currencyOf, defaultRate, panelMonths, rateOf, withRateInForce } from '../payment-form-model';
import { useSerieOptions } from '../serie-select';
import { tenderFieldName } from './tender-lines';
import { useTenderState } from './use-tender-state';
import { usePaymentAmounts } from './use-payment-amounts';
import { paymentRules } from './use-payment-rules';
import { blank, initialValues, methodFacts, methodFields, rateView, today, toPaymentInput, type AgreementToPay, type PaymentFormValues, type PaymentShortcuts } from './values';
import { nextInstallment } from '@recaudo/domain/payment-agreements';

/** 128 random bits as hex; `getRandomValues` also works where `randomUUID` is missing (plain-HTTP intranets). */
const newSubmissionKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

export interface PaymentFormArgs extends PaymentShortcuts {
  payment: PaymentRow | null;
  onClose: () => void;
  save: ReturnType<typeof useSavePayment>;
  defaultClient: ClientOption | null;
  /** A new payment of this address's whole debt ("Pagar" on the client's home). */
  payAddressId?: number | null;
  /** A new payment of this agreement's next installment («Mi convenio» on the client's home, issue 50). */
  payAgreement?: AgreementToPay | null;
  /** A client's self-validated payment was approved: the panel's footer offers only Cerrar. */
  onApproved?: () => void;
}

/** The state of the payment panel: the watched fields, the option lists, what they imply, and saving. */
export function usePaymentForm({ payment, onClose, save, defaultClient, payAddressId = null, payAgreement = null, newClientPanel, newAddressPanel, onApproved }: PaymentFormArgs) {
  const { session } = useSession();
  const permissions = session?.permissions ?? [];
  const ownClientId = session?.user.client_id ?? null;
  const staff = ownClientId === null;
  const editing = payment !== null;
  // A payment bound to an invoice keeps what the invoice states (domain invoiceLock): those fields are disabled.
  const lock = payment ? invoiceLock(payment) : null;
  const locked = lock !== null;
  const [form] = Form.useForm<PaymentFormValues>();
  const initial = useMemo(
    () => initialValues(payment, ownClientId, session?.user.correlative_id ?? null, defaultClient?.id ?? null, payAddressId, payAgreement),
    [payment, ownClientId, defaultClient?.id, session?.user.correlative_id, payAddressId, payAgreement],
  );

  // Only the fields others depend on are watched; until the form is connected a watch answers undefined.
  const or = <T>(watched: T | undefined, fallback: T): T => (watched === undefined ? fallback : watched);
  const clientId = or(Form.useWatch('client_id', form), initial.client_id);
  const addressId = or(Form.useWatch('address_payment_id', form), initial.address_payment_id);
  const monthType = or(Form.useWatch('type_payment_month', form), initial.type_payment_month);
  const payDebt = or(Form.useWatch('pay_total_debt', form), initial.pay_total_debt);
  const months = or(Form.useWatch('months_payment', form), initial.months_payment);
  const methodId = or(Form.useWatch('payment_method_id', form), initial.payment_method_id);
  const rateId = or(Form.useWatch('exchange_rate_id', form), initial.exchange_rate_id);
  const rate = or(Form.useWatch('exchange_rate', form), initial.exchange_rate);
  const documentType = or(Form.useWatch('type_document', form), initial.type_document);
  // A delivery note carries no VAT withholding (it is made on invoices).
  const retention = or(Form.useWatch('is_apply_retention', form), initial.is_apply_retention) && documentType === '01';
  const sendInvoice = or(Form.useWatch('send_invoice', form), initial.send_invoice);
  const ticketId = or(Form.useWatch('tickets_payment_id', form), initial.tickets_payment_id);
  const agreementId = or(Form.useWatch('payment_agreement_id', form), initial.payment_agreement_id);

  const methods = useOptionList('methods', findMethodOptions);
  const banks = useOptionList('banks', findBankOptions);
  // Spec 02 §5: without use_all_series only the user's own series is offered.
  const { options: serieOptions } = useSerieOptions(staff, payment?.serie ?? null);
  // The BCV rates in force on the payment's date (issue 47): a new date brings its own rate.
  const datePayment = or(Form.useWatch('date_payment', form), initial.date_payment);
  const rateDay = datePayment ? datePayment.format('YYYY-MM-DD') : todayInCaracas();
  const rates = useQuery({ queryKey: paymentKeys.options('rates', rateDay), queryFn: ({ signal }) => findRatesOn(rateDay, signal) });
  const queryClient = useQueryClient();
  const canTypeRate = staff && hasPermission(permissions, 'edit_exchange_rate');
  const addresses = useClientAddresses(clientId);
  const tickets = useTicketOptions(addressId, staff && addressId !== null);
  // The address's current agreement (issue 50), for whoever reads agreements: a new payment may pay its next installment.
  const readsAgreements = !staff || hasPermission(permissions, ['clients', 'payment_agreements']);
  const agreement = useAddressAgreement(readsAgreements && !editing ? addressId : null).data ?? null;
  const installment = agreement ? nextInstallment(agreement.installments) : null;
  const paysAgreement = agreementId !== null && installment !== null;

  // The chosen client with its contact data: the edited payment's, the client user's own, or the picked one.
  const [client, setClient] = useState<ClientOption | null>(payment ? { ...payment.client, type: payment.client.type } : defaultClient);
  const own = useQuery({
    queryKey: paymentKeys.options('clients', 'own'),
    queryFn: ({ signal }) => findClientOptions('', signal),
    enabled: !staff,
  });
  const chosenClient = staff ? client : (own.data?.find((row) => row.id === ownClientId) ?? client);

  const address: AddressRow | undefined = addresses.data?.find((row) => row.id === addressId);
  const method = methods.data?.find((row) => row.id === methodId);
  const shown = methodFields(method);
  const facts = methodFacts(method);
  const commercial = address?.type === 1;
  const keep = payment && payment.address_payment_id === addressId && payment.type_payment_month === 0 ? payment.months_payment : null;
  const calendar = useMemo(() => (address ? panelMonths(address, payment?.id ?? null, payment?.months_payment ?? []) : null), [address, payment]);
  const typeMonths = useMemo<Month[]>(() => keep ?? (calendar?.currentTypeMonth ? [calendar.currentTypeMonth] : []), [keep, calendar]);
  const chosen = useMemo(() => (monthType === 1 ? [...new Set(months)] : typeMonths), [monthType, months, typeMonths]);
  const monthCount = chosen.length;
  const { surcharge, amounts, debt } = usePaymentAmounts({ form, initial, address, payment, calendar, chosen, rate, rateId, rates: rates.data, retention, installment, paysAgreement });
  const currency = currencyOf(rateId ?? 1);

  // What the client gave (issue 49): the lines valued at the payment's rate with IGTF, cover and change, as the server will.
  const { computedPayment, ...tenderState } = useTenderState({ form, initial, staff, methods: methods.data, methodId: methodId ?? null, amounts, rateId, rate });

  // Monto pagado follows the computed amount (in the method's currency); an edited payment keeps its stored amount until something changes.
  const lastComputed = useRef<string | null>(editing ? computedPayment : null);
  useEffect(() => {
    if (computedPayment === null) return;
    if (lastComputed.current === null && editing && !blank(form.getFieldValue('amount_payment'))) {
      lastComputed.current = computedPayment;
      return;
    }
    if (lastComputed.current !== computedPayment) {
      lastComputed.current = computedPayment;
      form.setFieldValue('amount_payment', computedPayment);
    }
  }, [computedPayment, editing, form]);

  // Opened on an address's whole debt: its owed months once the address is known (as ticking "Pagar deuda total").
  const debtFilled = useRef(false);
  useEffect(() => {
    if (debtFilled.current || !initial.pay_total_debt || !calendar) return;
    debtFilled.current = true;
    form.setFieldsValue({ type_payment_month: 1, months_payment: calendar.unpaid });
  }, [calendar, initial.pay_total_debt, form]);

  // A client's only address is chosen for the payer (issue 51).
  const onlyAddress = addresses.data?.length === 1 ? addresses.data[0]!.id : null;
  useEffect(() => {
    if (!editing && onlyAddress !== null && addressId === null) form.setFieldsValue({ address_payment_id: onlyAddress });
  }, [editing, onlyAddress, addressId, form]);

  // A client whose address owes older months pays them first (issue 51): "Mes actual" is off for her.
  const clientMustPayOlder = !staff && Boolean(calendar?.earlierOwed.length);
  useEffect(() => {
    if (clientMustPayOlder && monthType === 0) form.setFieldsValue({ type_payment_month: 1 });
  }, [clientMustPayOlder, monthType, form]);

  // The default rate once both the address and the rates are known (spec 02 §9).
  useEffect(() => {
    if (!address || !rates.data || !blank(form.getFieldValue('exchange_rate'))) return;
    const choice = defaultRate(address.type, rates.data);
    form.setFieldsValue({ exchange_rate_id: choice.id, exchange_rate: choice.rate });
  }, [address, rates.data, form]);

  // A changed payment date takes the rate in force on it, in the chosen currency.
  const ratedDay = useRef(rateDay);
  useEffect(() => {
    if (!rates.data || ratedDay.current === rateDay) return;
    ratedDay.current = rateDay;
    const currentId = form.getFieldValue('exchange_rate_id') as number | null;
    if (currentId) form.setFieldsValue({ exchange_rate: rateOf(currentId, rates.data), exchange_rate_reason: '' });
  }, [rates.data, rateDay, form]);

  const ticketOptions = useMemo(() => {
    const rows = (tickets.data ?? []).filter((ticket) => ticket.status || ticket.id === payment?.tickets_payment_id);
    const list = rows.map((ticket) => ({ value: ticket.id, label: ticket.name, color: ticket.color }));
    const delivered = payment?.tickets_delivered[0]?.tickets_payment;
    if (delivered && !list.some((option) => option.value === delivered.id))
      list.unshift({ value: delivered.id, label: delivered.name, color: delivered.color });
    return list;
  }, [tickets.data, payment]);

  const rules = paymentRules(methods.data);

  // Contact update before submit (spec 02 §2): the values wait while the dialog is open.
  const [contactOpen, setContactOpen] = useState(false);
  const [held, setHeld] = useState<PaymentFormValues | null>(null);
  const missingContact = chosenClient !== null && (!chosenClient.email || chosenClient.phone.length === 0);
  const [shortcut, setShortcutState] = useState<'client' | 'address' | null>(null);
  // Each opening of a shortcut mounts its panel anew, so it starts empty (as useRecordPanels' formKey).
  const [openings, setOpenings] = useState(0);
  const setShortcut = (next: 'client' | 'address' | null) => {
    if (next) setOpenings((count) => count + 1);
    setShortcutState(next);
  };

  // A bank validation made here (spec 02 §4): kept in a ref so the submit it starts already sends it.
  const conciliation = useRef<number | null>(null);
  const [bankVerified, setBankVerified] = useState(false);

  // One Idempotency-Key per submission of this panel (issue 35): a double click or a retry sends the
  // same key, so the server records one payment; only a stored payment retires it.
  const submissionKey = useRef<string | null>(null);
  // A reference another live payment already carries: the cashier confirms before the values go on.
  const [referenceWarning, setReferenceWarning] = useState<{ message: string; values: PaymentFormValues } | null>(null);

  function inputOf(values: PaymentFormValues) {
    const serie = serieOptions.find((option) => option.value === values.serie_id)?.label ?? null;
    const method = methods.data?.find((row) => row.id === values.payment_method_id);
    return toPaymentInput(values, { payment, ownClientId, method, amounts, serie, conciliationId: conciliation.current, methods: methods.data });
  }

  // A client's payment validated with the bank is approved at once: the panel shows its receipt (issue 33).
  const [approved, setApproved] = useState<{ hash: string; number_correlative: string | null } | null>(null);

  function send(values: PaymentFormValues) {
    submissionKey.current ??= newSubmissionKey();
    save.mutate(
      { input: inputOf(values), idempotencyKey: submissionKey.current },
      {
        onSuccess: (answer) => {
          submissionKey.current = null;
          if (!staff && conciliation.current !== null && answer.data) {
            setApproved(answer.data);
            onApproved?.();
            return;
          }
          onClose();
        },
        onError: (error) => applyServerErrors(form, error, tenderFieldName),
      },
    );
  }

  /** After the reference check: the contact dialog holds the values when the client lacks contact data. */
  function proceed(values: PaymentFormValues) {
    if (missingContact) {
      setHeld(values);
      setContactOpen(true);
      return;
    }
    send(values);
  }

  async function checkReference(submitted: PaymentFormValues) {
    // A date changed just before saving may still await its rate: the payment takes that day's rate in force, not the previous day's.
    const day = submitted.date_payment ? submitted.date_payment.format('YYYY-MM-DD') : todayInCaracas();
    const inForce = await queryClient.ensureQueryData({ queryKey: paymentKeys.options('rates', day), queryFn: ({ signal }) => findRatesOn(day, signal) });
    const values = withRateInForce(submitted, inForce);
    const input = inputOf(values);
    // Client users' reports are refused by the server instead (422 on the reference).
    if (staff && input.reference) {
      const query = { reference: input.reference, payment_method_id: input.payment_method_id, bank_id: input.bank_id, id: input.id ?? null };
      const answer = await findReferenceInUse(query).catch(() => null);
      if (answer?.in_use && answer.message) {
        setReferenceWarning({ message: answer.message, values });
        return;
      }
    }
    proceed(values);
  }

  function submit() {
    void checkReference(form.getFieldsValue(true) as PaymentFormValues);
  }

  /**
   * The bank confirmed the payment (spec 02 §4): verified with its conciliation, digital invoice
   * on, control and checkbook numbers cleared, bill date today, and the form submitted.
   */
  function applyBankValidation(conciliationId: number) {
    conciliation.current = conciliationId;
    setBankVerified(true);
    form.setFieldsValue({ send_invoice: true, number: '', checkbook_number: '', date_bill: today() });
    form.setFields([{ name: 'number', errors: [] }]);
    form.submit();
  }

  function onValuesChange(changed: Partial<PaymentFormValues>) {
    if ('client_id' in changed) {
      form.setFieldsValue({
        address_payment_id: null,
        months_payment: [],
        pay_total_debt: false,
        tickets_payment_id: null,
        ticket_serial: '',
        exchange_rate: null,
        is_apply_retention: false,
      });
    }
    if ('address_payment_id' in changed) {
      const next = addresses.data?.find((row) => row.id === changed.address_payment_id);
      const choice = next && rates.data ? defaultRate(next.type, rates.data) : null;
      form.setFieldsValue({
        months_payment: [],
        pay_total_debt: false,
        payment_agreement_id: null,
        tickets_payment_id: null,
        ticket_serial: '',
        is_apply_retention: false,
        exchange_rate_id: choice?.id ?? null,
        exchange_rate: choice?.rate ?? null,
      });
    }
    if ('type_payment_month' in changed && changed.type_payment_month === 0) form.setFieldsValue({ months_payment: [] });
    // An agreement's payment names no months and carries no invoice (an abono's rule, issue 50).
    if ('payment_agreement_id' in changed && changed.payment_agreement_id !== null)
      form.setFieldsValue({ type_payment_month: 1, months_payment: [], pay_total_debt: false, send_invoice: false });
    if ('pay_total_debt' in changed) {
      // Spec 02 §4: the whole debt forces "Otros meses", locks the selector and fills every unpaid month.
      // Unticking it clears the months (issue 51): what is left chosen is then the payer's own choice.
      form.setFieldsValue({ type_payment_month: 1, months_payment: changed.pay_total_debt ? (calendar?.unpaid ?? []) : [] });
      void form.validateFields(['months_payment']).catch(() => undefined);
    }
    if ('exchange_rate_id' in changed && changed.exchange_rate_id && rates.data)
      form.setFieldValue('exchange_rate', rateOf(changed.exchange_rate_id, rates.data));
    if ('send_invoice' in changed && changed.send_invoice) form.setFields([{ name: 'number', value: '', errors: [] }]);
    if ('payment_method_id' in changed) form.setFields((['reference', 'terminal', 'lot_number', 'bank_id'] as const).map((name) => ({ name, errors: [] })));
  }

  const canNewClient = staff && hasPermission(permissions, 'add_client') && Boolean(newClientPanel);
  const canNewAddress =
    (!staff || (hasPermission(permissions, 'add_address_payment') && hasPermission(permissions, ['add_client', 'edit_client']))) && Boolean(newAddressPanel);
  const { rateOptions, manualRate, storedRateDiffers } = rateView(rates.data, { rateId, rate, canTypeRate, payment: payment ?? null });

  return {
    payment,
    form,
    initial,
    staff,
    editing,
    documentType,
    lock,
    locked,
    rules,
    save,
    // watched values
    clientId,
    addressId,
    monthType,
    payDebt,
    months,
    rate,
    sendInvoice,
    ticketId,
    agreementId,
    // the address's current agreement and the installment a payment to it pays
    agreement,
    installment,
    paysAgreement,
    // option lists
    methods,
    banks,
    serieOptions,
    rates,
    rateOptions,
    canTypeRate,
    manualRate,
    addresses,
    tickets,
    ticketOptions,
    // derived
    ...tenderState,
    client,
    setClient,
    chosenClient,
    address,
    shown,
    facts,
    commercial,
    calendar,
    typeMonths,
    monthCount,
    amounts,
    surcharge,
    canWaive: staff && hasPermission(permissions, 'waive_late_fee'),
    currency,
    debt,
    storedRateDiffers,
    // contact dialog and shortcuts
    missingContact,
    contactOpen,
    setContactOpen,
    held,
    setHeld,
    shortcut,
    setShortcut,
    openings,
    canNewClient,
    canNewAddress,
    send,
    submit,
    proceed,
    referenceWarning,
    setReferenceWarning,
    onValuesChange,
    bankVerified: bankVerified || Boolean(payment?.bdv_verified),
    applyBankValidation,
    approved,
    onClose,
  };
}

export type PaymentFormState = ReturnType<typeof usePaymentForm>;
