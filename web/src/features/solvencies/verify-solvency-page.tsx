import { ADDRESS_TYPES } from '@recaudo/domain/addresses';
import { identificationLabel } from '@recaudo/domain/clients';
import { formatDate, formatDateTime, textOrEmpty } from '@recaudo/domain/format';
import { monthName } from '@recaudo/domain/months';
import { PRODUCT_NAME } from '@recaudo/domain/navigation';
import { solvencyMessages, type SolvencyVerification } from '@recaudo/domain/solvencies';
import Alert from 'antd/es/alert';
import Descriptions from 'antd/es/descriptions';
import { useParams } from 'react-router';
import { PublicVerification } from '../../components/public-verification';
import { useSolvencyVerification } from './api';

function VerificationDetails({ data }: { data: SolvencyVerification }) {
  return (
    <>
      {data.is_valid ? (
        <Alert type="success" showIcon title={solvencyMessages.valid} description={`Este certificado de solvencia fue emitido por ${PRODUCT_NAME} y sigue siendo válido.`} />
      ) : (
        <Alert
          type="error"
          showIcon
          title={solvencyMessages.revoked}
          description={`Revocada desde el ${formatDateTime(data.revoked_at)}. ${textOrEmpty(data.revoked_reason)}. La persona no debe considerarse solvente con este certificado.`}
        />
      )}
      <Descriptions
        style={{ marginTop: 16 }}
        bordered
        size="small"
        column={1}
        styles={{ label: { width: '40%' } }}
        items={[
          { key: 'client', label: 'Cliente', children: data.client.name },
          { key: 'identification', label: 'Identificación', children: identificationLabel(data.client) },
          { key: 'address', label: 'Dirección', children: `${data.address} (${ADDRESS_TYPES[data.type]})` },
          { key: 'location', label: 'Ubicación', children: textOrEmpty(data.location) },
          { key: 'created_at', label: 'Fecha de creación', children: formatDate(data.created_at) },
          { key: 'solvent_to_date', label: 'Solvente hasta', children: monthName(data.solvent_to_date) },
        ]}
      />
    </>
  );
}

/**
 * /verify-solvency/:hash (spec 03): what the certificate's QR code opens, with or without a
 * login and without the page transition: the certificate's data and whether it is still valid
 * (revoked: since when and why), or the "Error!" result when the hash names none.
 */
export default function VerifySolvencyPage() {
  const { hash = '' } = useParams();
  return (
    <PublicVerification
      title={solvencyMessages.pageTitle}
      titleId="verify-solvency-title"
      busyLabel="Verificando solvencia"
      verification={useSolvencyVerification(hash)}
      notFound={{ title: solvencyMessages.hashNotFoundTitle, message: solvencyMessages.hashNotFound }}
    >
      {(data) => <VerificationDetails data={data} />}
    </PublicVerification>
  );
}
