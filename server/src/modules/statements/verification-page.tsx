import { identificationLabel } from '@recaudo/domain/clients';
import { rateLabel } from '@recaudo/domain/exchange-rates';
import { formatDateTime } from '@recaudo/domain/format';
import { formatMoney } from '@recaudo/domain/format-money';
import { PRODUCT_NAME } from '@recaudo/domain/navigation';
import type { StatementVerification } from '@recaudo/domain/statement';
import { definePages } from '../../platform/module';
import { DetailList, Notice, publicHashPage } from '../../platform/public-page';
import { findStatementVerification } from './service';

function StatementDetails({ data }: { data: StatementVerification }) {
  return (
    <>
      <Notice kind="success" title="Estado de cuenta emitido">
        {`${PRODUCT_NAME} emitió este estado de cuenta el ${formatDateTime(data.created_at)}, con lo que se debía ese día.`}
      </Notice>
      <DetailList
        items={[
          { label: 'Cliente', value: data.client.name },
          { label: 'Identificación', value: identificationLabel(data.client) },
          { label: 'Meses por pagar', value: data.months_owed },
          { label: 'Total adeudado ($)', value: formatMoney(data.owed_usd, '$') },
          { label: 'Total adeudado (BS)', value: formatMoney(data.owed_bs) },
          { label: 'Tasa del dólar', value: rateLabel(data.dollar_rate, data.dollar_rate_value_date, data.dollar_rate_source) },
        ]}
      />
    </>
  );
}

/** /verify-statement/:hash: what a statement's QR code opens, with or without a login: who, when and what it said was owed. */
export default definePages((app, { db, config }) =>
  publicHashPage(
    app,
    '/verify-statement',
    { tabTitle: 'Verificar estado de cuenta', heading: 'Verificación de estado de cuenta', description: 'Verificación pública de un estado de cuenta de Recaudo.', errorTitle: 'Error!' },
    async (hash, ip) => <StatementDetails data={await findStatementVerification(db, config, hash, ip)} />,
  ),
);
