import { bankAnswerFields, originBankText } from '@recaudo/domain/bank-operations';
import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate, formatDateTime, formatPhone, textOrEmpty } from '@recaudo/domain/format';
import Descriptions from 'antd/es/descriptions';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { useConciliation } from './api';
import { clientText, statusTag } from './conciliation-columns';
import { NoWrap } from '../../components/no-wrap';

/** "Ver detalles" of a conciliation (`GET conciliations/{id}`): every field and what the bank answered. */
export function ConciliationDetailsModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const conciliation = useConciliation(id);
  const row = conciliation.data;
  return (
    <Modal open={id !== null} title="Detalles de la conciliación" onCancel={onClose} footer={null} width={680} destroyOnHidden>
      {!row ? (
        <Spin />
      ) : (
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label="Cliente">{clientText(row)}</Descriptions.Item>
          <Descriptions.Item label="Usuario">{textOrEmpty(row.user?.name)}</Descriptions.Item>
          <Descriptions.Item label="Referencia">{row.reference}</Descriptions.Item>
          <Descriptions.Item label="Fecha de pago">
            <NoWrap>{formatDate(row.payment_date || null)}</NoWrap>
          </Descriptions.Item>
          <Descriptions.Item label="Monto">
            <NoWrap>{formatMoney(row.amount)}</NoWrap>
          </Descriptions.Item>
          <Descriptions.Item label="Banco de origen">{originBankText(row)}</Descriptions.Item>
          <Descriptions.Item label="Teléfono del pagador">{row.pay_phone ? formatPhone(row.pay_phone.slice(-10)) : textOrEmpty(null)}</Descriptions.Item>
          <Descriptions.Item label="Estatus">{statusTag(row)}</Descriptions.Item>
          <Descriptions.Item label="Procesado">
            <NoWrap>{formatDateTime(row.processed_at)}</NoWrap>
          </Descriptions.Item>
          <Descriptions.Item label="Mensaje">{textOrEmpty(row.error_message)}</Descriptions.Item>
          <Descriptions.Item label="Pago">{row.payment_id === null ? textOrEmpty(null) : `#${row.payment_id}`}</Descriptions.Item>
        </Descriptions>
      )}
      {row && <BankAnswer responseData={row.response_data} />}
    </Modal>
  );
}

/** What the bank answered, one labelled line per field (no answer when the check stopped before the bank). */
function BankAnswer({ responseData }: { responseData: unknown }) {
  const fields = bankAnswerFields(responseData);
  return (
    <Descriptions size="small" column={1} bordered title="Respuesta del banco" style={{ marginTop: 16 }}>
      {fields.length ? (
        fields.map((field, index) => (
          <Descriptions.Item key={`${field.label}-${index}`} label={field.label}>
            {field.value}
          </Descriptions.Item>
        ))
      ) : (
        <Descriptions.Item label="Respuesta">{textOrEmpty(null)}</Descriptions.Item>
      )}
    </Descriptions>
  );
}
