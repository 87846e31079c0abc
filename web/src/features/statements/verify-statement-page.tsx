import { identificationLabel } from '@recaudo/domain/clients';
import { formatMoney } from '@recaudo/domain/format-money';
import { formatDateTime, textOrEmpty } from '@recaudo/domain/format';
import { PRODUCT_NAME } from '@recaudo/domain/navigation';
import { statementMessages, type StatementVerification } from '@recaudo/domain/statement';
import Alert from 'antd/es/alert';
import Descriptions from 'antd/es/descriptions';
import { useParams } from 'react-router';
import { PublicVerification } from '../../components/public-verification';
import { useStatementVerification } from './api';

function VerificationDetails({ data }: { data: StatementVerification }) {
  return (
    <>
      <Alert type="success" showIcon title="Estado de cuenta emitido" description={`${PRODUCT_NAME} emitió este estado de cuenta el ${formatDateTime(data.created_at)}, con lo que se debía ese día.`} />
      <Descriptions
        style={{ marginTop: 16 }}
        bordered
        size="small"
        column={1}
        styles={{ label: { width: '40%' } }}
        items={[
          { key: 'client', label: 'Cliente', children: data.client.name },
          { key: 'identification', label: 'Identificación', children: identificationLabel(data.client) },
          { key: 'address', label: 'Dirección', children: textOrEmpty(data.address ?? 'Todas las direcciones') },
          { key: 'months', label: 'Meses por pagar', children: data.months_owed },
          { key: 'usd', label: 'Total adeudado ($)', children: formatMoney(data.owed_usd, '$') },
          { key: 'bs', label: 'Total adeudado (BS)', children: formatMoney(data.owed_bs) },
          { key: 'rate', label: 'Tasa del dólar', children: formatMoney(data.dollar_rate) },
        ]}
      />
    </>
  );
}

/** /verify-statement/:hash: what a statement's QR code opens, with or without a login: who, when and what it said was owed. */
export default function VerifyStatementPage() {
  const { hash = '' } = useParams();
  return (
    <PublicVerification
      title="Verificación de estado de cuenta"
      titleId="verify-statement-title"
      busyLabel="Verificando estado de cuenta"
      verification={useStatementVerification(hash)}
      notFound={{ title: 'Error!', message: statementMessages.notFound }}
    >
      {(data) => <VerificationDetails data={data} />}
    </PublicVerification>
  );
}
