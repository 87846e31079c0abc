import {
  AGREEMENT_STATUS_LABELS,
  INSTALLMENT_STATUS_LABELS,
  type AgreementStatus,
  type InstallmentStatus,
} from '@recaudo/domain/payment-agreements';
import Tag from 'antd/es/tag';

/** The colours of a payment agreement's and an installment's state (issue 50), the same on every screen. */
const AGREEMENT_STATUS_COLORS: Record<AgreementStatus, string> = { current: 'processing', completed: 'success', broken: 'error', cancelled: 'default' };
const INSTALLMENT_STATUS_COLORS: Record<InstallmentStatus, string> = { paid: 'success', partial: 'warning', pending: 'default', overdue: 'error' };

export const AgreementStatusTag = ({ status }: { status: AgreementStatus }) => <Tag color={AGREEMENT_STATUS_COLORS[status]}>{AGREEMENT_STATUS_LABELS[status]}</Tag>;

export const InstallmentStatusTag = ({ status }: { status: InstallmentStatus }) => (
  <Tag color={INSTALLMENT_STATUS_COLORS[status]}>{INSTALLMENT_STATUS_LABELS[status]}</Tag>
);
