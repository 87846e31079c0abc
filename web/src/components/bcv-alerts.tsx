import { formatDate } from '@recaudo/domain/format';
import { formatRate } from '@recaudo/domain/exchange-rates';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../lib/http';
import { notify } from '../lib/notify';
import { useCan } from '../lib/session';

/** What the BCV reader found wrong, and whether no value date arrived for too long (issue 47). */
export interface BcvStatus {
  alerts: { id: number; cause: string; title: string; detail: string; read: { value_date: string | null; usd: string | null; eur: string | null }; created_at: string }[];
  stale: boolean;
  last_value_date: string | null;
}

/** Under Tasas de Cambio's keys: accepting a rate refreshes that screen too. */
const BCV_STATUS_KEY = ['configurations', 'bcv-status'] as const;

function useBcvStatus() {
  return useQuery({ queryKey: BCV_STATUS_KEY, queryFn: ({ signal }) => http.get<BcvStatus>('exchange-rates/bcv-status', { signal }).then((answer) => answer.data) });
}

/** Accepting what a refused BCV read showed stores it as the BCV's rate of its value date. */
function useAcceptBcvAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<null>('exchange-rates/alerts/accept', { id }),
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: [BCV_STATUS_KEY[0]] });
    },
  });
}

const shown = (value: string | null) => (value && /^\d+(\.\d+)?$/.test(value) ? `BS ${formatRate(value)}` : (value ?? 'no leído'));

/**
 * What the BCV reader refused (a changed page, a rate of zero, a jump) with what it read, which an
 * administrator may accept with one click; and the warning when the rate is stale (issue 47).
 */
export function BcvAlerts() {
  const status = useBcvStatus();
  const accept = useAcceptBcvAlert();
  const canAccept = useCan('update_dollar_rate');
  if (!status.data) return null;
  const { alerts, stale, last_value_date: last } = status.data;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      {stale ? (
        <Alert
          type="warning"
          showIcon
          message="La tasa BCV está desactualizada"
          description={`${last ? `No llega una fecha valor nueva desde el ${formatDate(last)}` : 'Aún no se ha leído ninguna tasa del BCV'}. Los pagos siguen con la última tasa.`}
        />
      ) : null}
      {alerts.map((alert) => (
        <Alert
          key={alert.id}
          type="error"
          showIcon
          message={`Tasa BCV: ${alert.title}`}
          description={`${alert.detail}. Leído: fecha valor ${alert.read.value_date ? formatDate(alert.read.value_date) : 'no leída'}, dólar ${shown(alert.read.usd)}, euro ${shown(alert.read.eur)}. No se guardó nada.`}
          action={
            canAccept && alert.cause !== 'page_changed' ? (
              <Button size="small" onClick={() => accept.mutate(alert.id)} loading={accept.isPending && accept.variables === alert.id}>
                Aceptar la tasa leída
              </Button>
            ) : null
          }
        />
      ))}
    </Flex>
  );
}
