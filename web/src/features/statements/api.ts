import { statementMessages, type Statement, type StatementVerification } from '@recaudo/domain/statement';
import { useMutation, useQuery } from '@tanstack/react-query';
import { download, http } from '../../lib/http';
import { notify } from '../../lib/notify';

/** The statement of account (issue 33): per address or per client, its PDF, its e-mail and its public check. */

export type StatementScope = { addressId: number } | { clientId: number };

const pathOf = (scope: StatementScope) => ('addressId' in scope ? `addresses-payment/statement/${scope.addressId}` : `clients/statement/${scope.clientId}`);

export const statementKeys = {
  all: ['statements'] as const,
  one: (scope: StatementScope) => [...statementKeys.all, scope] as const,
  verification: (hash: string) => [...statementKeys.all, 'verification', hash] as const,
};

export const fetchStatement = (scope: StatementScope, signal?: AbortSignal) => http.get<Statement>(pathOf(scope), { signal }).then((answer) => answer.data);

export const useStatement = (scope: StatementScope | null) =>
  useQuery({ queryKey: statementKeys.one(scope ?? { clientId: 0 }), queryFn: ({ signal }) => fetchStatement(scope!, signal), enabled: scope !== null });

/** "Descargar PDF": 'Estado de cuenta.pdf' (a failure shows the shared download error). */
export const downloadStatement = (scope: StatementScope) =>
  download(pathOf(scope), { query: { type_format: 'pdf' }, fileName: statementMessages.fileName }).catch(() => undefined);

export function useSendStatementMail() {
  return useMutation({
    mutationFn: (scope: StatementScope) =>
      http.post<{ to: string }>('statements/send-mail', 'addressId' in scope ? { address_payment_id: scope.addressId } : { client_id: scope.clientId }),
    onSuccess: (answer) => notify.success(answer.message),
  });
}

/** Public, and silent: the page shows the "Error!" result itself. */
export const useStatementVerification = (hash: string) =>
  useQuery({
    queryKey: statementKeys.verification(hash),
    queryFn: ({ signal }) => http.get<StatementVerification>(`verify-statement/${encodeURIComponent(hash)}`, { public: true, silent: true, signal }).then((answer) => answer.data),
    retry: false,
    staleTime: 60_000,
  });
