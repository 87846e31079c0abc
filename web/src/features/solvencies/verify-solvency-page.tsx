import { ADDRESS_TYPES } from '@recaudo/domain/addresses';
import { identificationLabel } from '@recaudo/domain/clients';
import { formatDate, formatDateTime, textOrEmpty } from '@recaudo/domain/format';
import { monthName } from '@recaudo/domain/months';
import { PRODUCT_NAME } from '@recaudo/domain/navigation';
import { solvencyMessages, type SolvencyVerification } from '@recaudo/domain/solvencies';
import Alert from 'antd/es/alert';
import Descriptions from 'antd/es/descriptions';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import theme from 'antd/es/theme';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { HttpError } from '../../lib/http';
import { useSolvencyVerification } from './api';

function VerifyCard({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section
      aria-labelledby="verify-solvency-title"
      style={{
        maxWidth: 640,
        margin: '0 auto',
        padding: 'clamp(16px, 5vw, 32px)',
        background: token.colorBgContainer,
        color: token.colorText,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowTertiary,
      }}
    >
      <Link
        to="/"
        aria-label={`${PRODUCT_NAME}, ir al inicio`}
        style={{ display: 'block', textAlign: 'center', fontSize: token.fontSizeHeading3, fontWeight: 600, color: token.colorPrimary, textDecoration: 'none' }}
      >
        {PRODUCT_NAME}
      </Link>
      <h1 id="verify-solvency-title" style={{ margin: '16px 0', fontSize: token.fontSizeHeading4, textAlign: 'center' }}>
        {solvencyMessages.pageTitle}
      </h1>
      {children}
    </section>
  );
}

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
  const verification = useSolvencyVerification(hash);
  let content: ReactNode;
  if (verification.isPending) {
    content = (
      <div role="status" aria-label="Verificando solvencia" style={{ display: 'grid', placeItems: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  } else if (verification.isError) {
    const error = verification.error;
    const message = error instanceof HttpError && error.status !== 404 ? (error.serverMessage ?? error.message) : solvencyMessages.hashNotFound;
    content = <Result status="error" title={solvencyMessages.hashNotFoundTitle} subTitle={message} />;
  } else {
    content = <VerificationDetails data={verification.data} />;
  }
  return <VerifyCard>{content}</VerifyCard>;
}
