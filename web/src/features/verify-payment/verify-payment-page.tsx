import { identificationLabel } from '@recaudo/domain/clients';
import { EMPTY_TEXT, formatDate, formatDateTime, formatMoney, formatMonth } from '@recaudo/domain/format';
import { PRODUCT_NAME } from '@recaudo/domain/navigation';
import { receiptMessages, type PaymentVerification } from '@recaudo/domain/payment-receipts';
import { PAYMENT_STATUS, type PaymentStatus } from '@recaudo/domain/payments';
import Descriptions from 'antd/es/descriptions';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { HttpError } from '../../lib/http';
import { usePaymentVerification } from './api';

const STATUS_COLORS: Record<PaymentStatus, string> = { 0: 'warning', 1: 'success', 2: 'error' };

function StatusTag({ status }: { status: PaymentStatus }) {
  return (
    <Tag color={STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {PAYMENT_STATUS[status]}
    </Tag>
  );
}

/** The card of the public page: the logo (a link to the start page) and the title. */
function VerifyCard({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section
      aria-labelledby="verify-payment-title"
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
      <h1 id="verify-payment-title" style={{ margin: '16px 0', fontSize: token.fontSizeHeading4, textAlign: 'center' }}>
        {receiptMessages.pageTitle}
      </h1>
      {children}
    </section>
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
  const verification = usePaymentVerification(hash);

  let content: ReactNode;
  if (verification.isPending) {
    content = (
      <div role="status" aria-label="Verificando pago" style={{ display: 'grid', placeItems: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  } else if (verification.isError) {
    const error = verification.error;
    // A missing payment answers 404 with the spec's text; other failures (network, 429) say what happened.
    const message = error instanceof HttpError && error.status !== 404 ? (error.serverMessage ?? error.message) : receiptMessages.hashNotFound;
    content = <Result status="error" title={receiptMessages.hashNotFoundTitle} subTitle={message} />;
  } else {
    content = <VerificationDetails data={verification.data} />;
  }
  return <VerifyCard>{content}</VerifyCard>;
}
