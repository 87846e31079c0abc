import { invoiceStatus, type BadgeColor } from '@recaudo/domain/invoices';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';

/** antd Tag colours of the spec 02 §4 badge colours. */
const TAG_COLORS: Record<BadgeColor, string> = { success: 'success', warning: 'warning', danger: 'error', secondary: 'default', processing: 'processing' };

/** The legal-document status of a payment (spec 02 §4): the printer's code as its label, the printer's answer as tooltip. */
export function InvoiceBadge({ code, response }: { code: number | null; response?: string | null }) {
  const status = invoiceStatus(code);
  const tag = (
    // A long printer message wraps inside its column instead of widening the list (issue 34).
    <Tag color={TAG_COLORS[status.color]} data-code={code ?? 'queued'} style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
      {status.label}
    </Tag>
  );
  return response ? <Tooltip title={response}>{tag}</Tooltip> : tag;
}
