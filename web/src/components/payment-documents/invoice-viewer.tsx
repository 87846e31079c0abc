import { legalDocumentName } from '@recaudo/domain/invoices';
import type { PaymentRow } from '@recaudo/domain/payment-rows';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { useEffect, useState } from 'react';
import { fetchInvoicePdf } from './api';

export const viewerTexts = { title: 'Detalles de la factura', failed: 'Hubo un error al descargar el archivo' } as const;

/**
 * Invoice details (spec 02 "Legal-document dialogs"): the printer's PDF full screen in an embedded
 * viewer, titled and downloaded by its document ("Factura 00-00000012.pdf", issue 51).
 */
export function InvoiceViewer({ payment, onClose }: { payment: Pick<PaymentRow, 'hash' | 'type_document' | 'number'> | null; onClose: () => void }) {
  const hash = payment?.hash ?? null;
  const name = payment ? legalDocumentName(payment) : viewerTexts.title;
  const [state, setState] = useState<{ hash: string; url: string | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (!hash) return;
    let alive = true;
    let made: string | null = null;
    fetchInvoicePdf(hash)
      .then((blob) => {
        made = URL.createObjectURL(blob.type ? blob : new Blob([blob], { type: 'application/pdf' }));
        if (alive) setState({ hash, url: made, failed: false });
      })
      .catch(() => alive && setState({ hash, url: null, failed: true }));
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [hash]);
  const current = state && state.hash === hash ? state : null;
  return (
    <Modal
      title={name}
      open={hash !== null}
      onCancel={onClose}
      footer={null}
      width="100vw"
      style={{ top: 0, maxWidth: '100vw', padding: 0 }}
      destroyOnHidden
    >
      {!current && <Spin />}
      {current?.failed && <Alert type="error" showIcon title={viewerTexts.failed} />}
      {current?.url && (
        <>
          <Button href={current.url} download={`${name}.pdf`} style={{ marginBottom: 8 }}>
            Descargar {name}.pdf
          </Button>
          <iframe title={name} src={current.url} style={{ width: '100%', height: 'calc(100vh - 160px)', border: 0 }} />
        </>
      )}
    </Modal>
  );
}
