import { formatDateTime, formatNumber } from '@recaudo/domain/format';
import Alert from 'antd/es/alert';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { useCan } from '../../lib/session';

/** `GET logs/verify` (server/src/modules/logs/verify-routes.ts). */
export interface ChainVerdict {
  valid: boolean;
  checked: number;
  broken_at: { position: number; id: number | null; created_at: string | null; reason: 'content' | 'order' | 'missing' | 'head' | 'anchor' } | null;
}

const verifyChain = (signal?: AbortSignal) => http.get<ChainVerdict>('logs/verify', { signal }).then((answer) => answer.data);

/** What the break means, in the words of someone reading the log. */
function breakDetail(at: NonNullable<ChainVerdict['broken_at']>): string {
  if (at.reason === 'anchor') return `La bitácora hasta la entrada ${formatNumber(at.position)} ya no es la que se ancló fuera de la base de datos: fue reescrita.`;
  if (at.id === null) return 'Se eliminaron las últimas entradas de la bitácora.';
  if (at.reason === 'head') return `La cabeza de la cadena se modificó en la base de datos: ya no apunta a su última entrada, la #${at.id} del ${formatDateTime(at.created_at)}.`;
  const entry = `la entrada #${at.id} del ${formatDateTime(at.created_at)}`;
  if (at.reason === 'content') return `Se modificó ${entry} directamente en la base de datos.`;
  if (at.reason === 'order') return `Se movió ${entry}: ya no sigue a la entrada anterior.`;
  return `Se eliminaron entradas justo antes de ${entry}.`;
}

/**
 * The audit log's integrity for whoever may read it (permission logs): verified up to entry N,
 * or broken at entry N with what was done there. Checked again each time the page opens.
 */
export function ChainStatus() {
  const allowed = useCan('logs');
  const verdict = useQuery({ queryKey: ['logs', 'verify'], queryFn: ({ signal }) => verifyChain(signal), enabled: allowed, staleTime: 0 });
  if (!allowed) return null;
  const style = { marginBottom: 16 };
  if (verdict.isPending) return <Alert type="info" showIcon style={style} title="Verificando la integridad de la bitácora…" />;
  if (verdict.isError) return <Alert type="warning" showIcon style={style} title="No se pudo verificar la integridad de la bitácora." />;
  const { checked, broken_at: brokenAt } = verdict.data;
  if (!brokenAt) {
    const title = checked ? `Bitácora íntegra: verificada hasta la entrada ${formatNumber(checked)}.` : 'La bitácora aún no tiene entradas que verificar.';
    return <Alert type="success" showIcon style={style} title={title} />;
  }
  return (
    <Alert
      type="error"
      showIcon
      style={style}
      title={`Bitácora alterada en la entrada ${formatNumber(brokenAt.position)}.`}
      description={`${breakDetail(brokenAt)} ${brokenAt.reason === 'head' ? `Sus ${formatNumber(checked)} entradas` : `Las ${formatNumber(checked)} entradas anteriores`} están verificadas.`}
    />
  );
}
