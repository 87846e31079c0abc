import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import CloseCircleOutlined from '@ant-design/icons/CloseCircleOutlined';
import FilePdfOutlined from '@ant-design/icons/FilePdfOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import { identificationLabel } from '@recaudo/domain/clients';
import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate, textOrEmpty } from '@recaudo/domain/format';
import { PAYMENT_STATUS, STATUS_TRANSITIONS, type PaymentStatus } from '@recaudo/domain/payments';
import { type PaymentRow } from '@recaudo/domain/payment-rows';
import Flex from 'antd/es/flex';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { actionsColumn, deleteAction, editAction, type RowAction } from '../../components/row-actions';
import { currencyOf } from './payment-form-model';
import { NoWrap } from '../../components/no-wrap';

export const paymentTexts = {
  title: 'Pagos',
  receiptsTitle: 'Recibos de Pagos',
  approve: 'Aprobar',
  reject: 'Rechazar',
  notes: 'Notas',
  receipt: 'Descargar recibo',
  mailReceipt: 'Enviar recibo por correo',
  history: 'Historial de cambios',
} as const;

/** Spec 02 §2: Procesando gold, Aprobado green, Rechazado red. */
export const STATUS_COLORS: Record<PaymentStatus, string> = { 0: 'gold', 1: 'green', 2: 'red' };

export function StatusTag({ status }: { status: PaymentStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{PAYMENT_STATUS[status]}</Tag>;
}

export const clientDetailPath = (id: number) => `/client-detail/${id}`;

/** Cell content that wraps at `width` (the table sizes columns to their content otherwise), in lines of even length. */
const Wrap = ({ width, children }: { width: number; children: ReactNode }) => (
  <div style={{ maxWidth: width, whiteSpace: 'normal', textWrap: 'balance' }}>{children}</div>
);
/** A long column title on two lines, so the title doesn't make its column wider than the values. */
const title = (text: string) => <Wrap width={80}>{text}</Wrap>;
const sortable = { sorter: true, sortDirections: ['ascend', 'descend'] as ('ascend' | 'descend')[] };

export interface PaymentColumnOptions {
  /** Staff see the client; a client user's list is their own. */
  showClient: boolean;
  /** The receipts list holds only approved payments: no status column. */
  showStatus?: boolean;
  /** `clients`: the identification links to the client's detail. */
  canOpenClient: boolean;
  /** Whether a row may be edited / deleted (staff permissions, or a client's own Procesando payment). */
  canEdit: (payment: PaymentRow) => boolean;
  canDelete: (payment: PaymentRow) => boolean;
  /** `edit_payment` (staff): Aprobar and Rechazar as the transitions allow. */
  canChangeStatus: boolean;
  /** `logs`: "Historial de cambios". */
  canSeeHistory: boolean;
  /** Whether the payment has a receipt to hand over: "Descargar recibo" and "Enviar recibo por correo". */
  canDownload: (payment: PaymentRow) => boolean;
  /** The hash of the receipt being mailed: its mail action waits. */
  mailing?: string | null;
  onEdit: (payment: PaymentRow) => void;
  onDelete: (payment: PaymentRow) => void;
  onApprove: (payment: PaymentRow) => void;
  onReject: (payment: PaymentRow) => void;
  onNotes: (payment: PaymentRow) => void;
  onReceipt: (payment: PaymentRow) => void;
  onMailReceipt: (payment: PaymentRow) => void;
  onHistory: (payment: PaymentRow) => void;
  /** The legal-document actions of the row (components/payment-documents), placed after the receipt's. */
  documentActions?: (payment: PaymentRow) => RowAction[];
  /** The legal-document status badge (spec 02 §4), shown under the document number. */
  invoiceBadge?: (payment: PaymentRow) => ReactNode;
}

/** Why "Aprobar" waits on a row that is already approved. */
export const ALREADY_APPROVED = 'El pago ya está aprobado';

/**
 * The row's actions: "Aprobar" and "Editar" as its buttons (Aprobar stays in its place on an
 * approved payment, disabled), then the receipt, document and history actions in "Más", with
 * Rechazar, Anular and Eliminar last. `allowed: false` hides one.
 */
export function paymentActions(payment: PaymentRow, options: PaymentColumnOptions): RowAction[] {
  const next = STATUS_TRANSITIONS[payment.status];
  return [
    {
      label: paymentTexts.approve,
      icon: <CheckCircleOutlined />,
      onClick: () => options.onApprove(payment),
      allowed: options.canChangeStatus,
      disabled: !next.includes(1),
      tooltip: next.includes(1) ? undefined : ALREADY_APPROVED,
      primary: true,
    },
    editAction(() => options.onEdit(payment), options.canEdit(payment)),
    { label: paymentTexts.receipt, icon: <FilePdfOutlined />, onClick: () => options.onReceipt(payment), allowed: options.canDownload(payment), primary: true },
    {
      label: paymentTexts.mailReceipt,
      icon: <MailOutlined />,
      onClick: () => options.onMailReceipt(payment),
      allowed: options.canDownload(payment),
      disabled: options.mailing === payment.hash,
    },
    { label: paymentTexts.notes, icon: <MessageOutlined />, onClick: () => options.onNotes(payment), allowed: Boolean(payment.notes?.trim()) },
    ...(options.documentActions?.(payment) ?? []),
    { label: paymentTexts.history, icon: <HistoryOutlined />, onClick: () => options.onHistory(payment), allowed: options.canSeeHistory },
    {
      label: paymentTexts.reject,
      icon: <CloseCircleOutlined />,
      danger: true,
      onClick: () => options.onReject(payment),
      allowed: options.canChangeStatus && next.includes(2),
    },
    deleteAction(() => options.onDelete(payment), options.canDelete(payment)),
  ];
}

/** "Pago Nº 00012 de Luisa Mendoza": names a row for its "Más" button. */
export const paymentRowLabel = (payment: PaymentRow) =>
  `Pago ${payment.number_correlative ? `Nº ${payment.number_correlative}` : `#${payment.id}`} de ${payment.client.name}`;

/**
 * The columns of the payments list (spec 02 §2): Nº documento with the legal document's state
 * under it, Cliente with its identification, Monto BS, Monto $/€, Fecha de pago, Estatus and
 * Acciones. Nº control, Dirección and Método are in the expanded row (PaymentDetails): with them
 * the row was 1428 px wide and scrolled sideways at 1366 px with the sidebar open (issue 34), and
 * a cashier reads the money, the date and the state at a glance.
 */
export function paymentColumns(options: PaymentColumnOptions): ColumnsType<PaymentRow> {
  const badge = options.invoiceBadge;
  const columns: ColumnsType<PaymentRow> = [
    {
      title: title('Nº documento'),
      dataIndex: 'number_correlative',
      key: 'number_correlative',
      ...sortable,
      render: (_, payment) => (
        <Flex vertical align="start" gap={4} style={{ maxWidth: 110 }}>
          <NoWrap>{textOrEmpty(payment.number_correlative)}</NoWrap>
          {badge?.(payment)}
        </Flex>
      ),
    },
  ];
  if (options.showClient) {
    columns.push({
      title: 'Cliente',
      key: 'client',
      render: (_, payment) => (
        <Flex vertical style={{ maxWidth: 150 }}>
          <span>{payment.client.name}</span>
          {options.canOpenClient ? (
            <Link to={clientDetailPath(payment.client_id)} style={{ whiteSpace: 'nowrap' }}>
              {identificationLabel(payment.client)}
            </Link>
          ) : (
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {identificationLabel(payment.client)}
            </Typography.Text>
          )}
        </Flex>
      ),
    });
  }
  columns.push(
    {
      title: 'Monto BS',
      dataIndex: 'amount_payment',
      key: 'amount_payment',
      align: 'right',
      ...sortable,
      render: (_, payment) => <NoWrap>{formatMoney(payment.amount_payment)}</NoWrap>,
    },
    {
      title: 'Monto $/€',
      dataIndex: 'dollar_amount_payment',
      key: 'dollar_amount_payment',
      align: 'right',
      ...sortable,
      // The foreign figure is in the payment's rate currency: dollars, or euros at the euro rate.
      render: (_, payment) => <NoWrap>{formatMoney(payment.dollar_amount_payment, currencyOf(payment.exchange_rate_id))}</NoWrap>,
    },
    {
      title: title('Fecha de pago'),
      dataIndex: 'date_payment',
      key: 'date_payment',
      ...sortable,
      render: (_, payment) => <NoWrap>{formatDate(payment.date_payment)}</NoWrap>,
    },
  );
  // A narrower window scrolls sideways; the status and the actions stay in view.
  if (options.showStatus !== false)
    columns.push({ title: 'Estatus', dataIndex: 'status', key: 'status', fixed: 'right', render: (_, payment) => <StatusTag status={payment.status} /> });
  columns.push(...actionsColumn<PaymentRow>((payment) => paymentActions(payment, options), true, { fixed: 'right', labelOf: paymentRowLabel }));
  return columns;
}
