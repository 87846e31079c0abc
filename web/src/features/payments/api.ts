import type { AddressRow } from '@recaudo/domain/addresses';
import type { Month } from '@recaudo/domain/months';
import type { Paged } from '@recaudo/domain/paging';
import type { PaymentAgreement } from '@recaudo/domain/payment-agreements';
import { receiptFileName } from '@recaudo/domain/payment-receipts';
import type { PaymentStatus, ReferenceInUseQuery } from '@recaudo/domain/payments';
import type { PaymentRow } from '@recaudo/domain/payment-rows';
import type { Currency } from '@recaudo/domain/tenders';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { optionKeys } from '../../components/option-list';
import { initialListParams, type ListParams } from '../../components/use-list-state';
import { download, fetchBlob, http } from '../../lib/http';
import { notify } from '../../lib/notify';

/**
 * The payments area's calls (spec 02 §7). The screens use the `payments/*` family; the
 * `bill-payments/*` one answers the same on the server.
 */

export interface BankOption {
  id: number;
  name: string;
  code: string;
}
export interface TicketOption {
  id: number;
  name: string;
  color: string;
  status: boolean;
  validity_date: string;
}

/** What the panel sends (spec 02 §7 store/update); amounts are the panel's figures, the server recomputes them. */
export interface PaymentInput {
  id?: number;
  client_id: number;
  address_payment_id: number;
  status: PaymentStatus;
  payment_method_id: number;
  date_payment: string;
  date_bill: string | null;
  exchange_rate: string;
  exchange_rate_id: number;
  exchange_rate_reason?: string | null;
  amount_payment: string;
  amount_bill: string;
  dollar_amount_payment: string;
  dollar_amount_bill: string;
  tax_base: string;
  iva: string;
  retention: string;
  is_apply_retention: boolean;
  reference: string | null;
  terminal: string | null;
  lot_number: string | null;
  bank_id: number | null;
  serie_id: number | null;
  serie: string | null;
  checkbook_number: string | null;
  number: string | null;
  observations: string | null;
  type_payment_month: 0 | 1;
  months_payment: Month[];
  send_invoice: boolean;
  /** 01 invoice or 04 delivery note. */
  type_document: '01' | '04';
  bdv_verified: boolean;
  conciliation_id: number | null;
  tickets_payment_id: number | null;
  ticket_serial: string | null;
  /** The payment agreement it pays (issue 50): its money pays the next installments, no months named. */
  payment_agreement_id?: number | null;
  /** New images. */
  files: File[];
  /** Stored names of the images to keep (update). */
  files_string: string[];
  /** How the client paid (issue 49): none for the one-method call. */
  tenders?: TenderInput[];
  /** The change handed back, or null. */
  change?: { currency: Currency; amount: string } | null;
  /** What of the months' late-payment surcharge is waived and why (issue 50, `waive_late_fee`). */
  surcharge_waived_usd?: string;
  surcharge_waiver_reason?: string | null;
}

/** One tender line as `payments/store` takes it (amount in the line's currency). */
export interface TenderInput {
  payment_method_id: number | null;
  currency: Currency;
  amount: string;
  reference: string | null;
  bank_id: number | null;
  pay_phone: string | null;
  conciliation_id: number | null;
}

export const PAYMENTS_EXPORT = { path: 'payments/export', formats: ['csv', 'xlsx', 'pdf'] } as const;

export const paymentKeys = {
  all: ['payments'] as const,
  lists: () => [...paymentKeys.all, 'list'] as const,
  list: (params: ListParams) => [...paymentKeys.lists(), params] as const,
  /** One client's payments (client detail › Pagos). */
  clientList: (clientId: number, params: ListParams) => [...paymentKeys.lists(), 'client', clientId, params] as const,
  /** The payments one user registered, of one status or all (Usuarios › Historial de pagos). */
  history: (userId: number, status: PaymentStatus | null, params: ListParams) => [...paymentKeys.lists(), 'history', userId, status, params] as const,
  options: optionKeys,
  /** The client's complete addresses, under the addresses area's root: saving an address there refreshes them here. */
  addresses: (clientId: number | null) => ['addresses-payment', 'payment-panel', clientId] as const,
};

const text = (value: string | null | undefined) => value ?? '';
const flag = (value: boolean) => (value ? '1' : '0');
const id = (value: number | null) => (value === null ? '' : String(value));

/**
 * The multipart form of `payments/store` and `payments/update` (spec 02 §7): ids and flags as
 * text, `months_payment` as a JSON list, `files[i]` uploads, `files_string[i]` kept names, and on
 * update the id with Laravel's `_method=PUT` over POST.
 */
export function paymentForm(input: PaymentInput): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    client_id: String(input.client_id),
    address_payment_id: String(input.address_payment_id),
    status: String(input.status),
    payment_method_id: String(input.payment_method_id),
    date_payment: input.date_payment,
    date_bill: text(input.date_bill),
    exchange_rate: input.exchange_rate,
    exchange_rate_id: String(input.exchange_rate_id),
    exchange_rate_reason: text(input.exchange_rate_reason ?? null),
    amount_payment: input.amount_payment,
    amount_bill: input.amount_bill,
    dollar_amount_payment: input.dollar_amount_payment,
    dollar_amount_bill: input.dollar_amount_bill,
    tax_base: input.tax_base,
    iva: input.iva,
    retention: input.retention,
    is_apply_retention: flag(input.is_apply_retention),
    reference: text(input.reference),
    terminal: text(input.terminal),
    lot_number: text(input.lot_number),
    bank_id: id(input.bank_id),
    serie_id: id(input.serie_id),
    serie: text(input.serie),
    checkbook_number: text(input.checkbook_number),
    number: text(input.number),
    observations: text(input.observations),
    type_payment_month: String(input.type_payment_month),
    months_payment: JSON.stringify(input.months_payment),
    send_invoice: flag(input.send_invoice),
    type_document: input.type_document,
    bdv_verified: flag(input.bdv_verified),
    conciliation_id: id(input.conciliation_id),
    tickets_payment_id: id(input.tickets_payment_id),
    ticket_serial: text(input.ticket_serial),
    payment_agreement_id: id(input.payment_agreement_id ?? null),
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  input.files_string.forEach((name, index) => form.append(`files_string[${index}]`, name));
  input.files.forEach((file, index) => form.append(`files[${index}]`, file, file.name));
  (input.tenders ?? []).forEach((line, index) => {
    const entries: Record<keyof TenderInput, string> = {
      payment_method_id: id(line.payment_method_id),
      currency: line.currency,
      amount: line.amount,
      reference: text(line.reference),
      bank_id: id(line.bank_id),
      pay_phone: text(line.pay_phone),
      conciliation_id: id(line.conciliation_id),
    };
    for (const [key, value] of Object.entries(entries)) form.append(`tenders[${index}][${key}]`, value);
  });
  if (input.surcharge_waived_usd !== undefined) {
    form.append('surcharge_waived_usd', input.surcharge_waived_usd);
    form.append('surcharge_waiver_reason', text(input.surcharge_waiver_reason ?? null));
  }
  if (input.change) {
    form.append('change[currency]', input.change.currency);
    form.append('change[amount]', input.change.amount);
  }
  if (input.id) {
    form.append('id', String(input.id));
    form.append('_method', 'PUT');
  }
  return form;
}

export const findPayments = (params: ListParams, signal?: AbortSignal) =>
  http.get<Paged<PaymentRow>>('payments', { query: { ...params }, signal }).then((answer) => answer.data);
/** `payments/client-details`: the client's payments, with the list's search, filters and sort. */
export const findClientPayments = (clientId: number, params: ListParams, signal?: AbortSignal) =>
  http.get<Paged<PaymentRow>>('payments/client-details', { query: { ...params, client_id: clientId }, signal }).then((answer) => answer.data);
/** `payments/history-status`: the payments `userId` registered; without a status, all of them. */
export const findPaymentHistory = (userId: number, status: PaymentStatus | null, params: ListParams, signal?: AbortSignal) =>
  http.get<Paged<PaymentRow>>('payments/history-status', { query: { ...params, user_id: userId, status }, signal }).then((answer) => answer.data);
/**
 * A new payment carries the form's `idempotencyKey`: the same submission sent twice (a double
 * click, a retry after a dropped connection) is recorded once and answered again.
 */
export const savePayment = ({ input, idempotencyKey }: { input: PaymentInput; idempotencyKey: string }) =>
  input.id
    ? http.post<null>('payments/update', paymentForm(input))
    : http.post<{ id: number; number_correlative: string | null; hash: string }>('payments/store', paymentForm(input), {
        headers: { 'Idempotency-Key': idempotencyKey },
      });
/**
 * The office's IGTF rate (null when it does not collect it), the most lines a payment takes (issue 49)
 * and whether a printer issues its digital invoices (issue 51).
 */
const findTenderSettings = (signal?: AbortSignal) =>
  http
    .get<{ igtf_rate: string | null; max_tender_lines: number; invoice_printer: boolean }>('payments/tender-settings', { signal })
    .then((answer) => answer.data);
/** The payment form's office settings (staff only), asked once per session. */
export const useTenderSettings = (staff: boolean) =>
  useQuery({ queryKey: paymentKeys.options('tender-settings'), queryFn: ({ signal }) => findTenderSettings(signal), enabled: staff, staleTime: Infinity });
/** `payments/reference-in-use`: whether another live payment of the method and bank already has this reference. */
export const findReferenceInUse = (query: ReferenceInUseQuery) =>
  http.get<{ in_use: boolean; message: string | null }>('payments/reference-in-use', { query: { ...query } }).then((answer) => answer.data);
export const deletePayment = (paymentId: number) => http.delete<null>('payments/delete', { id: paymentId });
/** Spec 02 §4: approving sends empty notes; rejecting sends the reason. */
export interface ChangeStatusInput {
  id: number;
  status: PaymentStatus;
  notes: string;
  /** Only when approving a payment without series: the series its document number is taken from. */
  serie_id?: number;
}

export const changePaymentStatus = (input: ChangeStatusInput) => http.put<null>('payments/change-status', input);
export const updateContactInfo = (input: { id: number; email: string; phone: string[] }) => http.put<null>('clients/update-contact-info', input);

/** "Descargar recibo": the receipt PDF, saved by its document ("Recibo A-00000239.pdf"); a failure shows the download text. */
export const downloadReceipt = (payment: Pick<PaymentRow, 'hash' | 'serie' | 'number_correlative'>) =>
  download(`payments/generate-payment-pdf/${encodeURIComponent(payment.hash)}`, { fileName: receiptFileName(payment) }).catch(() => undefined);

/** "Enviar recibo por correo": the server mails the receipt to the client's e-mail and answers which. */
export const sendReceiptMail = (hash: string) => http.post<{ to: string }>('payments/send-mail-payment-pdf', { hash });

/* ---------------- Options of the panel and the filters ---------------- */

/** The client's complete addresses (residential with community and parish, commercial with activity). */
export const findClientAddresses = (clientId: number, signal?: AbortSignal) =>
  http.get<AddressRow[]>(`addresses-payment/address-select-client/${clientId}`, { signal }).then((answer) => answer.data);
export const findBankOptions = (signal?: AbortSignal) => http.get<BankOption[]>('banks/selects', { signal }).then((answer) => answer.data);
export const findTicketOptions = (addressId: number | null, signal?: AbortSignal) =>
  http.get<TicketOption[]>('tickets-payments/selects', { query: addressId ? { address_payment_id: addressId } : {}, signal }).then((answer) => answer.data);
export { findExchangeRates as findRates } from '../../components/select-options';

/** The payments list; with `clientId`, that client's payments only (`payments/client-details`). */
/** A page of the payments list (a client user's own, scoped by the server), or of one client's payments. */
const paymentsQuery = (params: ListParams, clientId: number | null) =>
  queryOptions({
    queryKey: clientId === null ? paymentKeys.list(params) : paymentKeys.clientList(clientId, params),
    queryFn: ({ signal }) => (clientId === null ? findPayments(params, signal) : findClientPayments(clientId, params, signal)),
  });

export function usePayments(params: ListParams, clientId: number | null = null) {
  return useQuery({ ...paymentsQuery(params, clientId), placeholderData: keepPreviousData });
}

/** The first page of /payments, before the list has rendered (app/pages.tsx, RoutePrefetch). */
export function prefetchPayments(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(paymentsQuery(initialListParams(), null));
}

export function usePaymentHistory(userId: number, status: PaymentStatus | null, params: ListParams) {
  return useQuery({
    queryKey: paymentKeys.history(userId, status, params),
    queryFn: ({ signal }) => findPaymentHistory(userId, status, params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useClientAddresses(clientId: number | null) {
  return useQuery({
    queryKey: paymentKeys.addresses(clientId),
    queryFn: ({ signal }) => findClientAddresses(clientId!, signal),
    enabled: clientId !== null,
  });
}

/** The address's current payment agreement with its installments (issue 50), or null: the form may pay its next installment. */
async function findAddressAgreement(addressId: number, signal?: AbortSignal): Promise<PaymentAgreement | null> {
  const list = await http.get<Paged<{ id: number }>>('payment-agreements', {
    query: { per_page: 1, filters: { address_payment_id: addressId, status: 'current' } },
    signal,
  });
  const [current] = list.data.data;
  return current ? (await http.get<PaymentAgreement>(`payment-agreements/${current.id}`, { signal })).data : null;
}

/** Under the agreements' own key root, so a payment or an agreement's change reloads it. */
export function useAddressAgreement(addressId: number | null) {
  return useQuery({
    queryKey: ['payment-agreements', 'address', addressId],
    queryFn: ({ signal }) => findAddressAgreement(addressId!, signal),
    enabled: addressId !== null,
  });
}

export function useTicketOptions(addressId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: paymentKeys.options('tickets', addressId),
    queryFn: ({ signal }) => findTicketOptions(addressId, signal),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * A payment changes its address's calendar and months owed, and the client's latest payment:
 * the payments lists, the addresses area and the clients area are stale after it.
 */
function useInvalidatePayments() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['addresses-payment'] }),
      queryClient.invalidateQueries({ queryKey: ['clients'] }),
      // A payment to an agreement pays its installments (issue 50).
      queryClient.invalidateQueries({ queryKey: ['payment-agreements'] }),
    ]);
}

function usePaymentMutation<I, R>(mutationFn: (input: I) => Promise<{ message: string; data: R }>) {
  const invalidate = useInvalidatePayments();
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await invalidate();
    },
  });
}

export const useSavePayment = () => usePaymentMutation(savePayment);
export const useDeletePayment = () => usePaymentMutation(deletePayment);
export const useChangePaymentStatus = () => usePaymentMutation(changePaymentStatus);

/** Mailing a receipt changes no payment: only the server's message ("Recibo enviado al correo del cliente"). */
export function useSendReceiptMail() {
  return useMutation({ mutationFn: sendReceiptMail, onSuccess: (answer) => notify.success(answer.message) });
}

/** The contact update of the panel refreshes the client pickers, which carry e-mail and phones. */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContactInfo,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentKeys.options('clients') }),
        queryClient.invalidateQueries({ queryKey: ['clients'] }),
      ]);
    },
  });
}

/**
 * Object URLs of a payment's stored images. The file URLs need the caller's token, which an
 * `<img>` can't send, so each image is fetched as a blob; the URLs are revoked on unmount.
 * A file that fails to load is left out (no toast per thumbnail).
 */
export function useImageUrls(urls: readonly string[]): Record<string, string> {
  const [loaded, setLoaded] = useState<Record<string, string>>({});
  const key = urls.join('|');
  useEffect(() => {
    let alive = true;
    const made: string[] = [];
    for (const url of key ? key.split('|') : []) {
      fetchBlob(url.replace(/^\/api\//, ''), { silent: true })
        .then((blob) => {
          const objectUrl = URL.createObjectURL(blob);
          made.push(objectUrl);
          if (alive) setLoaded((current) => ({ ...current, [url]: objectUrl }));
          else URL.revokeObjectURL(objectUrl);
        })
        .catch(() => undefined);
    }
    return () => {
      alive = false;
      made.forEach((objectUrl) => URL.revokeObjectURL(objectUrl));
    };
  }, [key]);
  return loaded;
}
