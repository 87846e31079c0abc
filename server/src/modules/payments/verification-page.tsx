import { identificationLabel } from '@recaudo/domain/clients';
import { EMPTY_TEXT, formatDate, formatDateTime, formatMonth } from '@recaudo/domain/format';
import { formatMoney } from '@recaudo/domain/format-money';
import { PRODUCT_NAME } from '@recaudo/domain/navigation';
import { receiptMessages, type PaymentVerification } from '@recaudo/domain/payment-receipts';
import { PAYMENT_STATUS, type PaymentStatus } from '@recaudo/domain/payments';
import { definePages } from '../../platform/module';
import { DetailList, publicHashPage, Tag } from '../../platform/public-page';
import { findPaymentVerification } from './receipt';

// Solid tags in dark gold, green and red with white text (5.4–5.6:1): antd's light status tags
// read at 2.2:1, under WCAG's 4.5, on the page a third party opens to check a payment.
const STATUS_COLORS: Record<PaymentStatus, string> = { 0: '#ad6800', 1: '#237804', 2: '#cf1322' };

function PaymentDetails({ data }: { data: PaymentVerification }) {
  const documentNumber = data.number_correlative ? `${data.serie ? `${data.serie}-` : ''}${data.number_correlative}` : EMPTY_TEXT;
  return (
    <>
      <p className="lead">Este recibo corresponde a un pago registrado en {PRODUCT_NAME}.</p>
      <DetailList
        items={[
          { label: 'Estatus', value: <Tag color={STATUS_COLORS[data.status]}>{PAYMENT_STATUS[data.status]}</Tag> },
          { label: 'Cliente', value: data.client.name },
          { label: 'Identificación', value: identificationLabel(data.client) },
          { label: 'N° de documento', value: documentNumber },
          { label: 'Método de pago', value: data.payment_method.name },
          { label: 'Monto pagado', value: formatMoney(data.amount_payment) },
          { label: `Monto pagado (${data.currency})`, value: formatMoney(data.dollar_amount_payment, data.currency) },
          { label: 'Fecha de pago', value: formatDate(data.date_payment) },
          { label: 'Fecha de factura', value: formatDate(data.date_bill) },
          { label: 'Fecha de registro', value: formatDateTime(data.created_at) },
          {
            label: 'Meses pagados',
            value: data.months_payment.length ? (
              <span className="tags">
                {data.months_payment.map((month) => (
                  <Tag key={month}>{formatMonth(month)}</Tag>
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
 * opens, with or without a login: the payment's public data, or the "Error!" result when the hash
 * names no payment.
 */
export default definePages((app, { db, config }) =>
  publicHashPage(
    app,
    '/verify-payment',
    { tabTitle: 'Verificar pago', heading: receiptMessages.pageTitle, description: 'Verificación pública de un recibo de pago de Recaudo.', errorTitle: receiptMessages.hashNotFoundTitle },
    async (hash, ip) => <PaymentDetails data={await findPaymentVerification(db, config, hash, ip)} />,
  ),
);
