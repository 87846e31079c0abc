import { EMPTY_TEXT, formatDateTime } from '@recaudo/domain/format';
import type { Paged } from '@recaudo/domain/paging';
import { http } from '../lib/http';
import type { ListParams } from './use-list-state';

/** One audit log entry as `GET logs` answers it (server/src/modules/logs/presenter.ts). */
export interface LogEntry {
  id: number;
  log_name: string;
  description: string;
  causer: { id: number; name: string; type: 'admin' | 'client' } | null;
  subject_type: string | null;
  subject_id: number | null;
  /** The record as it is now, or null when it no longer exists. */
  subject: Record<string, unknown> | null;
  properties: { old?: Record<string, unknown>; attributes?: Record<string, unknown> };
  error_message: string | null;
  created_at: string;
}

/** Query keys of the audit log, shared by Bitácoras and every HistoryPanel. */
export const logKeys = {
  all: ['logs'] as const,
  lists: () => [...logKeys.all, 'list'] as const,
  list: (params: ListParams) => [...logKeys.lists(), params] as const,
};

export const findLogs = (params: ListParams, signal?: AbortSignal) =>
  http.get<Paged<LogEntry>>('logs', { query: { ...params }, signal }).then((answer) => answer.data);

/** Spanish names of the usual attribute keys; others are shown as they come. */
const ATTRIBUTE_LABELS: Record<string, string> = {
  id: 'ID',
  name: 'Nombre',
  active: 'Activo',
  code: 'Código',
  fee: 'Tarifa',
  date_start: 'Fecha de inicio',
  state_id: 'Estado',
  municipality_id: 'Municipio',
  parish_id: 'Parroquia',
  number_houses: 'Número de casas',
  responsible_name: 'Nombre del responsable',
  responsible_phone: 'Teléfono del responsable',
  email: 'Correo',
  description: 'Descripción',
  value: 'Valor',
  serie: 'Serie',
  number: 'Número',
  number_credit_note: 'Número de nota de crédito',
  number_debit_note: 'Número de nota de débito',
  expired_session_time: 'Tiempo de Expiración',
  notes: 'Notas',
  activity_group_id: 'Grupo',
  phone: 'Teléfonos',
  identification_type: 'Tipo de identificación',
  identification: 'Identificación',
  gender: 'Género',
  birth_date: 'Fecha de nacimiento',
  address: 'Dirección',
  type: 'Tipo',
  note: 'Nota',
  note_id: 'Nota',
  role_id: 'Rol',
  client_id: 'Cliente',
  status: 'Estado',
  color: 'Color',
  validity_date: 'Fecha de vencimiento',
  tickets_payment_id: 'Ticket',
  address_payment_id: 'Dirección de pago',
  payment_id: 'Pago',
  ticket_serial: 'Serial',
  created_at: 'Creado',
  updated_at: 'Actualizado',
};

export const attributeLabel = (key: string) => ATTRIBUTE_LABELS[key] ?? key;

/** An attribute value as text: Sí/No, VACIO for nothing, JSON for objects. */
export function attributeText(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_TEXT;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) ? formatDateTime(text) : text;
}

/** Every key of old and new values, in a stable order, with both sides as text. */
export function attributeChanges(entry: Pick<LogEntry, 'properties'>): { key: string; label: string; old: string; new: string }[] {
  const old = entry.properties.old ?? {};
  const next = entry.properties.attributes ?? {};
  const keys = [...new Set([...Object.keys(old), ...Object.keys(next)])];
  return keys.map((key) => ({
    key,
    label: attributeLabel(key),
    old: key in old ? attributeText(old[key]) : EMPTY_TEXT,
    new: key in next ? attributeText(next[key]) : EMPTY_TEXT,
  }));
}
