import { PRODUCT_NAME } from '@recaudo/domain/navigation';
import type { UseQueryResult } from '@tanstack/react-query';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import theme from 'antd/es/theme';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HttpError } from '../lib/http';

interface PublicVerificationProps<T> {
  /** The page's heading, and the id its section is labelled by. */
  title: string;
  titleId: string;
  /** What the spinner says while the hash is checked ("Verificando pago"). */
  busyLabel: string;
  verification: UseQueryResult<T>;
  /** The spec's "Error!" result for a hash that names nothing. */
  notFound: { title: string; message: string };
  children: (data: T) => ReactNode;
}

/**
 * The public pages a QR code opens (/verify-payment, /verify-solvency): a card with the logo
 * (a link to the start page) and the title, then the spinner, the document's data, or the
 * "Error!" result. A 404 says the spec's text; other failures (network, 429) say what happened.
 */
export function PublicVerification<T>({ title, titleId, busyLabel, verification, notFound, children }: PublicVerificationProps<T>) {
  const { token } = theme.useToken();
  let content: ReactNode;
  if (verification.isPending) {
    content = (
      <div role="status" aria-label={busyLabel} style={{ display: 'grid', placeItems: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  } else if (verification.isError) {
    const error = verification.error;
    const message = error instanceof HttpError && error.status !== 404 ? (error.serverMessage ?? error.message) : notFound.message;
    content = <Result status="error" title={notFound.title} subTitle={message} />;
  } else {
    content = children(verification.data);
  }
  return (
    <section
      aria-labelledby={titleId}
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
      <h1 id={titleId} style={{ margin: '16px 0', fontSize: token.fontSizeHeading4, textAlign: 'center' }}>
        {title}
      </h1>
      {content}
    </section>
  );
}
