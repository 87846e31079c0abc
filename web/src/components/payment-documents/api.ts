import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchBlob, http } from '../../lib/http';
import { notify } from '../../lib/notify';

/** The legal-document calls (spec 02 §7 "Legal documents"). */

export interface InvoiceRecord {
  id: number;
  endpoint: string;
  message: string;
  code: string;
  validations: string[];
  created_at: string;
}

export interface NoteInput {
  id: number;
  type: '02' | '03';
  payment_method_id: number;
  date_payment: string;
  new_amount_payment: string;
  notes: string;
  reference: string | null;
  terminal: string | null;
  lot_number: string | null;
}

export const invoiceKeys = { records: (paymentId: number) => ['payments', 'invoice-records', paymentId] as const };

export const findInvoiceRecords = (paymentId: number, signal?: AbortSignal) =>
  http.get<InvoiceRecord[]>(`factory-invoices/records/${paymentId}`, { signal }).then((answer) => answer.data);
export const fetchInvoicePdf = (hash: string) => fetchBlob(`factory-invoices/generate-invoice-payment-pdf/${encodeURIComponent(hash)}`);

export function useInvoiceRecords(paymentId: number | null) {
  return useQuery({
    queryKey: invoiceKeys.records(paymentId ?? 0),
    queryFn: ({ signal }) => findInvoiceRecords(paymentId!, signal),
    enabled: paymentId !== null,
  });
}

/** A document action: the server's message as a toast, then the payments (and their badges) reload. */
function useDocumentMutation<I, R>(mutationFn: (input: I) => Promise<{ message: string; data: R }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['payments'] });
    },
  });
}

export const useSendInvoiceMail = () =>
  useDocumentMutation((input: { id: number; items: string[] }) =>
    http.post<{ sent: string[]; dropped: string[] }>('factory-invoices/send-mail-invoice', input),
  );
export const useApplyRetention = () =>
  useDocumentMutation((input: { id: number; number: string; date: string }) => http.post<null>('factory-invoices/apply-retention', input));
export const useCancelInvoice = () => useDocumentMutation((input: { id: number; notes: string }) => http.put<null>('factory-invoices/cancel-invoice', input));
export const useCreateNote = () =>
  useDocumentMutation((input: NoteInput) => http.post<{ id: number; number_document: string }>('factory-invoices/generate-custom-factory-note', input));
