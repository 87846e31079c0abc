import { monthLabel } from '@recaudo/domain/addresses';
import { formatMoney } from '@recaudo/domain/format-money';
import { paymentMessages } from '@recaudo/domain/payments';
import { type PaymentRow } from '@recaudo/domain/payment-rows';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { applyServerErrors } from '../../lib/form';
import { useChangePaymentStatus } from './api';
import { paymentRowLabel } from './payment-columns';
import { SerieSelect, useSerieOptions } from './serie-select';

export const approveTexts = {
  title: 'Aprobar pago',
  ok: 'Aprobar',
  cancel: 'Cancelar',
  intro: 'El pago no tiene serie: elige la serie de su número de documento.',
  confirm: '¿Aprobar este pago? Se le asignará su número de documento.',
} as const;


interface StatusModalProps {
  payment: PaymentRow | null;
  busy: boolean;
  onCancel: () => void;
}

/** What is being approved, said in full (issue 51): the amount, the months and the client. */
export function approvalSummary(payment: Pick<PaymentRow, 'amount_payment' | 'months_payment' | 'client'>): string {
  const months = payment.months_payment.map(monthLabel);
  const monthsText = months.length === 0 ? '' : months.length === 1 ? `, mes ${months[0]}` : `, meses ${months.join(', ')}`;
  const { name, identification_type: type, identification } = payment.client;
  return `${formatMoney(payment.amount_payment)}${monthsText}, de ${name} (${type}-${identification}).`;
}

const needsSerie = (payment: PaymentRow) => payment.serie_id === null && !payment.number_correlative;

/**
 * "Aprobar pago": the confirmation of every approval (issue 34: no one-click change of money)
 * and, for a payment without series (a client user's), the series of its document number among
 * those the user may use, starting on their own.
 */
function ApproveModal({ payment, busy, onCancel, onConfirm }: StatusModalProps & { onConfirm: (serieId: number | null, form: FormInstance) => void }) {
  const [form] = Form.useForm<{ serie_id: number | null }>();
  const open = payment !== null;
  const asksSerie = payment !== null && needsSerie(payment);
  const { options, own, loading } = useSerieOptions(asksSerie);
  // The options arrive after the dialog opens: the user's own series is picked once they do.
  useEffect(() => {
    if (asksSerie && own !== null && form.getFieldValue('serie_id') == null) form.setFieldValue('serie_id', own);
  }, [asksSerie, own, form]);
  return (
    <Modal
      title={approveTexts.title}
      open={open}
      onCancel={onCancel}
      destroyOnHidden
      okText={approveTexts.ok}
      cancelText={approveTexts.cancel}
      okButtonProps={{ loading: busy, htmlType: 'submit', form: 'approve-payment-form' }}
      cancelButtonProps={{ disabled: busy }}
    >
      {payment && (
        <Form
          form={form}
          name="approve-payment-form"
          layout="vertical"
          initialValues={{ serie_id: own }}
          onFinish={(values) => (asksSerie ? values.serie_id != null && onConfirm(values.serie_id, form) : onConfirm(null, form))}
          disabled={busy}
        >
          <Typography.Paragraph>{paymentRowLabel(payment)}</Typography.Paragraph>
          <Typography.Paragraph strong>{approvalSummary(payment)}</Typography.Paragraph>
          {asksSerie ? (
            <>
              <Typography.Paragraph type="secondary">{approveTexts.intro}</Typography.Paragraph>
              <Form.Item label="Serie" name="serie_id" rules={[{ required: true, message: paymentMessages.serieRequired }]}>
                <SerieSelect options={options} loading={loading} autoFocus />
              </Form.Item>
            </>
          ) : (
            <Typography.Paragraph type="secondary">{approveTexts.confirm}</Typography.Paragraph>
          )}
        </Form>
      )}
    </Modal>
  );
}

/** Spec 02 §4: "Rechazar pago", the reason asked as "Motivo del rechazo", buttons No / Si. */
function RejectModal({ payment, busy, onCancel, onConfirm }: StatusModalProps & { onConfirm: (notes: string) => void }) {
  const [form] = Form.useForm<{ notes: string }>();
  return (
    <Modal
      title={paymentMessages.rejectTitle}
      open={payment !== null}
      onCancel={onCancel}
      destroyOnHidden
      okText="Si"
      cancelText="No"
      okButtonProps={{ danger: true, loading: busy, htmlType: 'submit', form: 'reject-payment-form' }}
      cancelButtonProps={{ disabled: busy }}
    >
      {payment && (
        <Form form={form} name="reject-payment-form" layout="vertical" onFinish={(values) => onConfirm(values.notes.trim())} disabled={busy}>
          <Typography.Paragraph>{paymentRowLabel(payment)}</Typography.Paragraph>
          <Form.Item
            label={paymentMessages.rejectPrompt}
            name="notes"
            rules={[
              {
                validator: async (_rule, value: string | undefined) =>
                  value?.trim() ? undefined : Promise.reject(new Error(paymentMessages.rejectReasonRequired)),
              },
            ]}
          >
            <Input.TextArea rows={3} maxLength={1000} autoFocus />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

export interface PaymentStatusActions {
  /** Aprobar: "Aprobar pago" confirms it (empty notes); a payment without series also asks for one. */
  approve: (payment: PaymentRow) => void;
  /** Rechazar: asks the reason ("Rechazar pago"). */
  reject: (payment: PaymentRow) => void;
  /** The dialogs, to be rendered once by the screen that offers the actions. */
  dialogs: ReactNode;
}

/**
 * Approving and rejecting a payment (spec 02 §4), for every screen that offers them: the
 * payments lists, and later the dashboard's "Pagos por Procesar".
 * `const status = usePaymentStatusActions();` then `onApprove: status.approve` and `{status.dialogs}`.
 * `onChanged` runs after each change (a screen holding the payments outside the payments' query keys reloads).
 */
export function usePaymentStatusActions(onChanged?: () => void): PaymentStatusActions {
  const changeStatus = useChangePaymentStatus();
  const { mutate: change } = changeStatus;
  const mutate = useCallback(
    (input: Parameters<typeof change>[0], options: Parameters<typeof change>[1] = {}) =>
      change(input, {
        ...options,
        onSuccess: (...args) => {
          options.onSuccess?.(...args);
          onChanged?.();
        },
      }),
    [change, onChanged],
  );
  const [approving, setApproving] = useState<PaymentRow | null>(null);
  const [rejecting, setRejecting] = useState<PaymentRow | null>(null);


  const dialogs = (
    <>
      <ApproveModal
        payment={approving}
        busy={changeStatus.isPending}
        onCancel={() => setApproving(null)}
        onConfirm={(serieId, form) =>
          approving &&
          mutate(
            { id: approving.id, status: 1, notes: '', ...(serieId === null ? {} : { serie_id: serieId }) },
            { onSuccess: () => setApproving(null), onError: (error) => applyServerErrors(form, error) },
          )
        }
      />
      <RejectModal
        payment={rejecting}
        busy={changeStatus.isPending}
        onCancel={() => setRejecting(null)}
        onConfirm={(notes) => rejecting && mutate({ id: rejecting.id, status: 2, notes }, { onSuccess: () => setRejecting(null) })}
      />
    </>
  );
  return { approve: setApproving, reject: setRejecting, dialogs };
}
