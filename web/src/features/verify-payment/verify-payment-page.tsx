import { identificationLabel } from '@recaudo/domain/clients';
import { formatMoney } from '@recaudo/domain/format-money';
import { EMPTY_TEXT, formatDate, formatDateTime, formatMonth } from '@recaudo/domain/format';
import { PRODUCT_NAME } from '@recaudo/domain/navigation';
import { receiptMessages, type PaymentVerification } from '@recaudo/domain/payment-receipts';
import { PAYMENT_STATUS, type PaymentStatus } from '@recaudo/domain/payments';
import Descriptions from 'antd/es/descriptions';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import { useParams } from 'react-router';
import { PublicVerification } from '../../components/public-verification';
import { usePaymentVerification } from './api';

// Solid tags in dark gold, green and red with white text (5.4–5.6:1): antd's light status tags
// read at 2.2:1, under WCAG's 4.5 (Lighthouse), on the page a third party opens to check a payment.
const STATUS_COLORS: Record<PaymentStatus, string> = { 0: '#ad6800', 1: '#237804', 2: '#cf1322' };

function StatusTag({ status }: { status: PaymentStatus }) {
  return (
    <Tag color={STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {PAYMENT_STATUS[status]}
    </Tag>
  );
}

function VerificationDetails({ data }: { data: PaymentVerification }) {
  const { token } = theme.useToken();
  const documentNumber = data.number_correlative ? `${data.serie ? `${data.serie}-` : ''}${data.number_correlative}` : EMPTY_TEXT;
  return (
    <>
      <p style={{ textAlign: 'center', color: token.colorTextSecondary, marginTop: 0 }}>Este recibo corresponde a un pago registrado en {PRODUCT_NAME}.</p>
      <Descriptions
        bordered
        size="small"
        column={1}
        styles={{ label: { width: '40%' } }}
        items={[
          { key: 'status', label: 'Estatus', children: <StatusTag status={data.status} /> },
          { key: 'client', label: 'Cliente', children: data.client.name },
          { key: 'identification', label: 'Identificación', children: identificationLabel(data.client) },
          { key: 'document', label: 'N° de documento', children: documentNumber },
          { key: 'method', label: 'Método de pago', children: data.payment_method.name },
          { key: 'amount', label: 'Monto pagado', children: formatMoney(data.amount_payment) },
          { key: 'foreign', label: `Monto pagado (${data.currency})`, children: formatMoney(data.dollar_amount_payment, data.currency) },
          { key: 'date_payment', label: 'Fecha de pago', children: formatDate(data.date_payment) },
          { key: 'date_bill', label: 'Fecha de factura', children: formatDate(data.date_bill) },
          { key: 'created_at', label: 'Fecha de registro', children: formatDateTime(data.created_at) },
          {
            key: 'months',
            label: 'Meses pagados',
            children: data.months_payment.length ? (
              <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
                {data.months_payment.map((month) => (
                  <Tag key={month} style={{ marginInlineEnd: 0 }}>
                    {formatMonth(month)}
                  </Tag>
                ))}
              </span>
            ) : (
              EMPTY_TEXT
            ),
          },
        ]}
      />
    </>
  );
}

/**
 * /verify-payment/:hash (spec 03 "Public verification pages"): what the QR code of a receipt
 * opens, with or without a login and without the page transition. Loading, then the payment's
 * public data, or the "Error!" result when the hash names no payment.
 */
export default function VerifyPaymentPage() {
  const { hash = '' } = useParams();
  return (
    <PublicVerification
      title={receiptMessages.pageTitle}
      titleId="verify-payment-title"
      busyLabel="Verificando pago"
      verification={usePaymentVerification(hash)}
      notFound={{ title: receiptMessages.hashNotFoundTitle, message: receiptMessages.hashNotFound }}
    >
      {(data) => <VerificationDetails data={data} />}
    </PublicVerification>
  );
}
