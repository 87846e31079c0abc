import type { PaymentVerification } from '@recaudo/domain/payment-receipts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

/**
 * The public receipt verification (spec 03 `GET verify-payment/{hash}`): no token needed, and
 * silent, because the page itself shows the "Error!" result instead of a toast.
 */
export const fetchPaymentVerification = (hash: string, signal?: AbortSignal) =>
  http.get<PaymentVerification>(`verify-payment/${encodeURIComponent(hash)}`, { public: true, silent: true, signal }).then((answer) => answer.data);

export const verifyPaymentKeys = {
  all: ['verify-payment'] as const,
  detail: (hash: string) => [...verifyPaymentKeys.all, hash] as const,
};

export const usePaymentVerification = (hash: string) =>
  useQuery({
    queryKey: verifyPaymentKeys.detail(hash),
    queryFn: ({ signal }) => fetchPaymentVerification(hash, signal),
    retry: false,
    staleTime: 60_000,
  });
