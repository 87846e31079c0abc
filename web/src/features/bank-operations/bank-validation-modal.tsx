import {
  bankMessages,
  bankPreCheck,
  bankValidationWarnings,
  type BankPaymentFacts,
  type Conciliation,
  type ValidatePaymentAnswer,
} from '@recaudo/domain/bank-operations';
import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate, formatPhone } from '@recaudo/domain/format';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../lib/notify';
import { bankKeys, lastPayPhone, validatePayment } from './api';

/** Spec 02 §8: the failure text from bdv_message, error, message, else the generic one. */
export function failureText(answer: Pick<ValidatePaymentAnswer, 'bdv_message' | 'error' | 'message'>): string {
  return answer.bdv_message || answer.error || answer.message || bankMessages.validationFailed;
}

const NO_PHONES = 'El cliente no tiene teléfonos registrados: actualiza sus datos de contacto.';

/** `retry`: the bank did not answer in time (BANK_TIMEOUT_MS, 10 s); asking again is the next step. */
type Phase = { name: 'idle' } | { name: 'validating' } | { name: 'success' } | { name: 'error'; message: string; retry?: boolean };

export interface BankValidationModalProps {
  open: boolean;
  facts: BankPaymentFacts;
  onClose: () => void;
  /** The bank confirmed the payment: the panel marks it verified and saves it. */
  onValidated: (conciliation: Conciliation) => void;
}

/**
 * "Validar pago con BDV" (spec 02 §2, §4, §8): the three warnings, the payer's phone among the
 * client's, then idle → validating → success or error; an error can be reset to try again.
 * Failures reach this modal without the generic toast.
 */
export function BankValidationModal({ open, facts, onClose, onValidated }: BankValidationModalProps) {
  const phones = facts.client?.phone ?? [];
  // Her only phone, else the one she last validated with (issue 51); a choice made here wins.
  const last = useQuery({
    queryKey: bankKeys.lastPayPhone(facts.client?.id ?? 0),
    queryFn: ({ signal }) => lastPayPhone(facts.client!.id, signal),
    enabled: open && phones.length > 1,
  });
  const [picked, setPhone] = useState<string | null>(null);
  const preselected = phones.length === 1 ? phones[0]! : (phones.find((item) => item === last.data) ?? null);
  const phone = picked ?? preselected;
  const [phoneMissing, setPhoneMissing] = useState(false);
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });

  const reset = () => setPhase({ name: 'idle' });
  const close = () => {
    if (phase.name === 'validating') return;
    reset();
    setPhone(null);
    setPhoneMissing(false);
    onClose();
  };

  async function run() {
    const issue = bankPreCheck(facts);
    if (issue) return setPhase({ name: 'error', message: issue });
    if (!phone) return setPhoneMissing(true);
    setPhase({ name: 'validating' });
    const answer = await validatePayment({
      client_id: facts.client!.id,
      payment_method_id: facts.paymentMethodId,
      reference: facts.reference.trim(),
      payment_date: facts.paymentDate,
      amount: facts.amount.trim(),
      origin_bank: facts.originBank!.code,
      pay_phone: phone,
    });
    if (answer.success && answer.conciliation) {
      setPhase({ name: 'success' });
      notify.success(bankMessages.validated);
      onValidated(answer.conciliation);
      return;
    }
    if (!answer.bdv_message && !answer.error && !answer.message) notify.error(bankMessages.validationFailedToast);
    setPhase({ name: 'error', message: failureText(answer), retry: answer.error_code === 'CONNECTION_ERROR' });
  }

  const footer =
    phase.name === 'error'
      ? [
          <Button key="close" onClick={close}>
            Cerrar
          </Button>,
          phase.retry ? (
            <Button key="retry" type="primary" onClick={() => void run()}>
              Reintentar
            </Button>
          ) : (
            <Button key="retry" type="primary" onClick={reset}>
              Intentar de nuevo
            </Button>
          ),
        ]
      : [
          <Button key="cancel" onClick={close} disabled={phase.name === 'validating'}>
            Cancelar
          </Button>,
          <Button key="validate" type="primary" loading={phase.name === 'validating'} disabled={phase.name === 'success'} onClick={() => void run()}>
            Validar pago
          </Button>,
        ];

  return (
    <Modal open={open} title="Validar pago móvil con BDV" onCancel={close} footer={footer} maskClosable={false} destroyOnHidden width={560}>
      {phase.name === 'success' ? (
        <Result status="success" title={bankMessages.validated} />
      ) : (
        <Flex vertical gap={16}>
          <Alert
            type="warning"
            showIcon
            title="Antes de validar"
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {bankValidationWarnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            }
          />
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="Cliente">{facts.client?.name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Referencia">{facts.reference || '—'}</Descriptions.Item>
            <Descriptions.Item label="Monto">{facts.amount ? formatMoney(facts.amount) : '—'}</Descriptions.Item>
            <Descriptions.Item label="Banco de origen">{facts.originBank ? `${facts.originBank.code} - ${facts.originBank.name}` : '—'}</Descriptions.Item>
            <Descriptions.Item label="Fecha del pago">{facts.paymentDate ? formatDate(facts.paymentDate) : '—'}</Descriptions.Item>
          </Descriptions>
          <Form layout="vertical" component="div">
            <Form.Item
              label="Teléfono del pagador"
              required
              validateStatus={phoneMissing ? 'error' : undefined}
              help={phoneMissing ? bankMessages.phoneRequired : undefined}
            >
              <Radio.Group
                value={phone}
                disabled={phase.name === 'validating'}
                onChange={(event) => {
                  setPhone(event.target.value as string);
                  setPhoneMissing(false);
                }}
                aria-label="Teléfono del pagador"
              >
                <Flex vertical gap={8}>
                  {phones.length === 0 && <Typography.Text type="warning">{NO_PHONES}</Typography.Text>}
                  {phones.map((item) => (
                    <Radio key={item} value={item}>
                      {formatPhone(item)}
                    </Radio>
                  ))}
                </Flex>
              </Radio.Group>
            </Form.Item>
          </Form>
          {phase.name === 'validating' && (
            <Flex gap={8} align="center" role="status">
              <Spin size="small" /> Consultando al banco…
            </Flex>
          )}
          {phase.name === 'error' && <Alert type="error" showIcon title={bankMessages.validationFailed} description={phase.message} />}
        </Flex>
      )}
    </Modal>
  );
}
