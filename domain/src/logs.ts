import { EMPTY_TEXT, formatDateTime } from './format';

/** Spanish names of the audit log modules (log_name) and events (description), for filters and exports. */
export const LOG_MODULE_LABELS: Record<string, string> = {
  users: 'Usuarios',
  clients: 'Clientes',
  payments: 'Pagos',
  closed_boxs: 'Cierres de caja',
  addresses_payments: 'Direcciones de pago',
  roles: 'Roles',
  role_modules: 'Permisos de roles',
  states: 'Estados',
  municipalities: 'Municipios',
  parishes: 'Parroquias',
  communities: 'Comunidades',
  configurations: 'Tasas de cambio',
  notes: 'Notas',
  payment_methods: 'Métodos de pago',
  economic_activities: 'Actividades económicas',
  activity_groups: 'Grupos de actividades',
  banks: 'Bancos',
  solvencies: 'Solvencias',
  correlatives: 'Correlativos',
  tickets_payments: 'Tickets de pago',
  tickets_delivered: 'Tickets entregados',
  logins: 'Sesiones de usuarios',
};

export const LOG_EVENT_LABELS: Record<string, string> = {
  created: 'Creado',
  updated: 'Actualizado',
  deleted: 'Eliminado',
  login: 'Inicio de sesión',
  logout: 'Cierre de sesión',
  send_message: 'Mensaje enviado',
  import_clients: 'Importación de clientes',
  import_closed_boxs: 'Importación de cierres de caja',
  registration_attempt: 'Intento de registro',
  two_factor_enabled: 'Verificación en dos pasos activada',
  two_factor_disabled: 'Verificación en dos pasos desactivada',
  two_factor_reset: 'Verificación en dos pasos restablecida',
};

export const logModuleLabel = (name: string) => LOG_MODULE_LABELS[name] ?? name;
export const logEventLabel = (name: string) => LOG_EVENT_LABELS[name] ?? name;

/** One audit log entry as `GET logs` answers it (its schema: server/src/modules/logs/presenter.ts). */
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

/** Old or new values in one line, `key: value; …`, each value as attributeText writes it (the exports' cells). */
export const attributesLine = (values: Record<string, unknown> | undefined): string =>
  values
    ? Object.entries(values)
        .map(([key, value]) => `${key}: ${attributeText(value)}`)
        .join('; ')
    : '';
