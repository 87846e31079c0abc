import { ADDRESS_TYPES } from '@recaudo/domain/addresses';
import { identificationLabel } from '@recaudo/domain/clients';
import { formatDate, formatDateTime, textOrEmpty } from '@recaudo/domain/format';
import { monthName } from '@recaudo/domain/months';
import { PRODUCT_NAME } from '@recaudo/domain/navigation';
import { solvencyMessages, type SolvencyVerification } from '@recaudo/domain/solvencies';
import { definePages } from '../../platform/module';
import { DetailList, Notice, publicHashPage } from '../../platform/public-page';
import { findSolvencyVerification } from './verification';

function SolvencyDetails({ data }: { data: SolvencyVerification }) {
  return (
    <>
      {data.is_valid ? (
        <Notice kind="success" title={solvencyMessages.valid}>
          Este certificado de solvencia fue emitido por {PRODUCT_NAME} y sigue siendo válido.
        </Notice>
      ) : (
        <Notice kind="error" title={solvencyMessages.revoked}>
          {`Revocada desde el ${formatDateTime(data.revoked_at)}. ${data.revoked_reason ? `${data.revoked_reason}. ` : ''}La persona no debe considerarse solvente con este certificado.`}
        </Notice>
      )}
      <DetailList
        items={[
          { label: 'Cliente', value: data.client.name },
          { label: 'Identificación', value: identificationLabel(data.client) },
          { label: 'Dirección', value: `${data.address} (${ADDRESS_TYPES[data.type]})` },
          { label: 'Ubicación', value: textOrEmpty(data.location) },
          { label: 'Fecha de creación', value: formatDate(data.created_at) },
          { label: 'Solvente hasta', value: monthName(data.solvent_to_date) },
        ]}
      />
    </>
  );
}

/**
 * /verify-solvency/:hash (spec 03): what the certificate's QR code opens, with or without a login:
 * the certificate's data and whether it is still valid (revoked: since when and why), or the
 * "Error!" result when the hash names none.
 */
export default definePages((app, { db, config }) =>
  publicHashPage(
    app,
    '/verify-solvency',
    { tabTitle: 'Verificar solvencia', heading: solvencyMessages.pageTitle, description: 'Verificación pública de un certificado de solvencia de Recaudo.', errorTitle: solvencyMessages.hashNotFoundTitle },
    async (hash, ip) => <SolvencyDetails data={await findSolvencyVerification(db, config, hash, ip)} />,
  ),
);
