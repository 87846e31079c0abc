import { statementMessages, type Statement } from '@recaudo/domain/statement';
import { useMutation, useQuery } from '@tanstack/react-query';
import { download, http } from '../../lib/http';
import { notify } from '../../lib/notify';

/** The statement of account (issue 33): per address or per client, its PDF and its e-mail (its public check is a page the server draws). */

export type StatementScope = { addressId: number } | { clientId: number };

const pathOf = (scope: StatementScope) => ('addressId' in scope ? `addresses-payment/statement/${scope.addressId}` : `clients/statement/${scope.clientId}`);

export const statementKeys = {
  all: ['statements'] as const,
  one: (scope: StatementScope) => [...statementKeys.all, scope] as const,
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
