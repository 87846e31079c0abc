import UnlockOutlined from '@ant-design/icons/UnlockOutlined';
import { closedBoxMessages, type VerificationHistoryEntry } from '@recaudo/domain/closed-boxes';
import { formatDateTime } from '@recaudo/domain/format';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Timeline from 'antd/es/timeline';
import { useState } from 'react';
import { applyServerErrors } from '../../lib/form';
import { useUnverifyGroup, useVerificationHistory, type ClosedBoxListRow } from './api';

const groupText = (groups: VerificationHistoryEntry['groups']) =>
  groups.map((group) => [group.terminal && `Terminal ${group.terminal}`, group.lot_number && `Lote ${group.lot_number}`].filter(Boolean).join(' · ') || 'Sin terminal ni lote').join('; ');

/** One line of the history, in words (issue 46). */
export function historyLine(entry: VerificationHistoryEntry): string {
  const who = entry.user ?? 'Usuario eliminado';
  if (entry.kind === 'payment_updated') return `${who} editó el pago #${entry.payment_id} (${entry.fields.join(', ')}).`;
  if (entry.kind === 'unverified') return `${who} quitó la verificación de ${groupText(entry.groups)}. Motivo: ${entry.reason ?? '—'}`;
  return `${who} verificó ${groupText(entry.groups)}.`;
}

/**
 * Historial de verificación of a closing: who verified, who took a verification off and why, and
 * the edits of its payments after that. Shown only once a verification was taken off.
 */
export function VerificationHistory({ closingId }: { closingId: number }) {
  const history = useVerificationHistory(closingId);
  const entries = history.data ?? [];
  if (!entries.some((entry) => entry.kind === 'unverified')) return null;
  return (
    <Card size="small" title="Historial de verificación" style={{ marginBottom: 16 }}>
      <Timeline
        items={entries.map((entry) => ({
          key: entry.id,
          color: entry.kind === 'verified' ? 'green' : entry.kind === 'unverified' ? 'red' : 'blue',
          children: (
            <>
              <div>{historyLine(entry)}</div>
              <small>{formatDateTime(entry.at)}</small>
            </>
          ),
        }))}
      />
    </Card>
  );
}

/** 'Quitar verificación' of a verified group: asks the reason; the server refuses the user who verified it. */
export function UnverifyButton({ closing, group }: { closing: ClosedBoxListRow; group: { payment_method_id: number; terminal: string | null; lot_number: string | null } }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const unverify = useUnverifyGroup();
  const close = () => {
    setOpen(false);
    form.resetFields();
  };
  const submit = ({ reason }: { reason: string }) =>
    unverify.mutate({ id: closing.id, ...group, reason: reason.trim() }, { onSuccess: close, onError: (error) => applyServerErrors(form, error) });
  return (
    <>
      <Button type="link" icon={<UnlockOutlined />} onClick={() => setOpen(true)}>
        Quitar verificación
      </Button>
      <Modal
        title="Quitar verificación"
        open={open}
        onCancel={close}
        okText="Quitar verificación"
        cancelText="Cancelar"
        okButtonProps={{ loading: unverify.isPending, htmlType: 'submit', form: `unverify-${closing.id}` }}
      >
        <p>{closedBoxMessages.unverifyConfirm}</p>
        <Form form={form} id={`unverify-${closing.id}`} layout="vertical" onFinish={submit}>
          <Form.Item label="Motivo" name="reason" rules={[{ required: true, whitespace: true, message: closedBoxMessages.unverifyReasonRequired }]}>
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
