import { formatBankTime, parseBankAmount, type BankMovement } from '@recaudo/domain/bank-operations';
import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate, textOrEmpty } from '@recaudo/domain/format';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { NoWrap } from '../../components/no-wrap';

/** A bank amount shown as money ("BS 1.825,00"); the bank's own text when it cannot be read. */
const money = (value: string) => {
  const parsed = parseBankAmount(value);
  return parsed === null ? textOrEmpty(value) : formatMoney(parsed);
};

/** "2026-11-24" or the bank's other date texts, with the HHmm time as "10:32 am". */
const dateAndTime = (movement: BankMovement) => {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(movement.fecha) ? formatDate(movement.fecha) : movement.fecha;
  const time = formatBankTime(movement.hora);
  return time ? `${date} ${time}` : date;
};

/** Spec 02 §2 Bank operations: reference, movement number, description, date and time, type, balance, amount, observation. */
export const movementColumns: ColumnsType<BankMovement> = [
  { title: 'Referencia', key: 'referencia', dataIndex: 'referencia' },
  { title: 'Nro. movimiento', key: 'nroMov', dataIndex: 'nroMov' },
  { title: 'Descripción', key: 'descripcion', render: (_, movement) => textOrEmpty(movement.descripcion) },
  { title: 'Fecha y hora', key: 'fecha', render: (_, movement) => <NoWrap>{dateAndTime(movement)}</NoWrap> },
  { title: 'Tipo', key: 'mov', render: (_, movement) => <Tag color={movement.mov === 'CREDITO' ? 'green' : 'red'}>{movement.mov}</Tag> },
  { title: 'Saldo', key: 'saldo', align: 'right', render: (_, movement) => <NoWrap>{money(movement.saldo)}</NoWrap> },
  { title: 'Monto', key: 'importe', align: 'right', render: (_, movement) => <NoWrap>{money(movement.importe)}</NoWrap> },
  { title: 'Observación', key: 'observacion', render: (_, movement) => textOrEmpty(movement.observacion) },
];
