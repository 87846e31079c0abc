import { formatSize } from './backups';
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
  backups: 'Respaldos',
  invoices: 'Documentos legales',
  'payment months': 'Meses de pago',
  chats: 'Chats',
  chat_messages: 'Mensajes de chat',
  files: 'Archivos',
  taxes: 'Impuestos',
  community_fees: 'Tarifas de comunidades',
  factory_responses: 'Respuestas de la imprenta digital',
  client_user_login: 'Inicio de sesión de clientes',
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
  downloaded: 'Descargado',
  failed: 'Fallido',
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
  size: 'Tamaño',
  scheduled: 'Programado',
  pruned: 'Respaldos depurados',
  active: 'Activo',
  code: 'Código',
  fee: 'Tarifa',
  is_custom_fee: 'Tarifa personalizada',
  date_start: 'Fecha de inicio',
  state_id: 'Estado',
  municipality_id: 'Municipio',
  parish_id: 'Parroquia',
  community_id: 'Comunidad',
  economic_activity_id: 'Actividad económica',
  number_houses: 'Número de casas',
  responsible_name: 'Nombre del responsable',
  responsible_phone: 'Teléfono del responsable',
  email: 'Correo',
  password: 'Contraseña',
  change_password: 'Cambio de contraseña obligatorio',
  send_mail_password: 'Contraseña enviada por correo',
  theme: 'Tema',
  photo: 'Foto',
  description: 'Descripción',
  value: 'Valor',
  dollar_rate: 'Tasa del dólar',
  euro_rate: 'Tasa del euro',
  serie: 'Serie',
  serie_id: 'Serie',
  number: 'Número',
  number_document: 'Número de documento',
  total: 'Total',
  number_credit_note: 'Número de nota de crédito',
  number_debit_note: 'Número de nota de débito',
  control_number: 'Número de control',
  expired_session_time: 'Tiempo de Expiración',
  module: 'Módulo',
  checked: 'Marcado',
  notes: 'Notas',
  activity_group_id: 'Grupo',
  phone: 'Teléfonos',
  identification_type: 'Tipo de identificación',
  identification: 'Identificación',
  gender: 'Género',
  birth_date: 'Fecha de nacimiento',
  address: 'Dirección',
  type: 'Tipo',
  title: 'Título',
  recipients: 'Destinatarios',
  with: 'Método',
  note: 'Nota',
  note_id: 'Nota',
  role_id: 'Rol',
  client_id: 'Cliente',
  user_id: 'Usuario',
  status: 'Estado',
  color: 'Color',
  image: 'Imagen',
  is_mobile_payment_use_api_bdv: 'Pago móvil validado con BDV',
  validity_date: 'Fecha de vencimiento',
  tickets_payment_id: 'Ticket',
  address_payment_id: 'Dirección de pago',
  payment_id: 'Pago',
  payment_method_id: 'Método de pago',
  bank_id: 'Banco',
  ticket_serial: 'Serial',
  date: 'Fecha',
  date_payment: 'Fecha de pago',
  date_bill: 'Fecha de factura',
  exchange_rate: 'Tasa de cambio',
  exchange_rate_id: 'Tasa de cambio',
  amount_payment: 'Monto pagado',
  amount_bill: 'Monto facturado',
  dollar_amount_payment: 'Monto pagado ($)',
  dollar_amount_bill: 'Monto facturado ($)',
  tax_base: 'Base imponible',
  iva: 'IVA',
  is_apply_retention: 'Aplica retención',
  is_retention_apply_success: 'Retención aplicada',
  retention: 'Retención',
  reference: 'Referencia',
  terminal: 'Terminal',
  lot_number: 'Lote',
  checkbook_number: 'Chequera',
  number_correlative: 'Correlativo',
  observations: 'Observaciones',
  type_payment_month: 'Tipo de pago de meses',
  months_payment: 'Meses pagados',
  months: 'Meses',
  year: 'Año',
  send_invoice: 'Enviar factura',
  type_document: 'Tipo de documento',
  bdv_verified: 'Verificado con BDV',
  conciliation_id: 'Conciliación',
  files: 'Archivos',
  file: 'Archivo',
  verify_payments: 'Pagos verificados',
  payments_added: 'Pagos agregados',
  payment_removed: 'Pago retirado',
  credit_note: 'Nota de crédito',
  debit_note: 'Nota de débito',
  reason: 'Motivo',
  created_at: 'Creado',
  updated_at: 'Actualizado',
  action: 'Acción',
  only_user: 'Ve solo sus datos',
  all_users: 'Ve los datos de todos los usuarios',
  multiple_users: 'Usuarios seleccionados',
  addresses_payment_id: 'Dirección de pago',
  amount: 'Monto',
  amount_ves: 'Monto (BS)',
  attempts: 'Intentos',
  cause: 'Causa',
  change_amount: 'Vuelto',
  change_amount_ves: 'Vuelto (BS)',
  change_currency: 'Moneda del vuelto',
  channel: 'Canal',
  closed_box_id: 'Cierre de caja',
  commercial_addresses: 'Direcciones comerciales',
  commercial_fees: 'Tarifas comerciales',
  commission: 'Comisión',
  correlative_id: 'Correlativo',
  count_bill: 'Cantidad de facturas',
  counted_cash: 'Efectivo contado',
  currency: 'Moneda',
  date_withholding_voucher: 'Fecha del comprobante de retención',
  day: 'Día',
  destination: 'Destino',
  detail: 'Detalle',
  ended_at: 'Finalizado',
  error: 'Error',
  error_message: 'Mensaje de error',
  expires_at: 'Vence',
  file_name: 'Nombre del archivo',
  filename: 'Nombre del archivo',
  finished_at: 'Finalizado',
  from_month: 'Desde el mes',
  igtf: 'IGTF',
  igtf_amount: 'IGTF (BS)',
  igtf_base: 'Base del IGTF',
  igtf_currency_amount: 'IGTF en divisa',
  igtf_rate: 'Alícuota del IGTF',
  invoice_cancelled: 'Documento anulado',
  ip: 'Dirección IP',
  is_igtf: 'Causa IGTF',
  issued_at: 'Emitido',
  kind: 'Clase',
  manual: 'Manual',
  marked: 'Meses marcados',
  message: 'Mensaje',
  month: 'Mes',
  months_owed: 'Meses adeudados',
  number_delivery_note: 'Número de nota de entrega',
  number_withholding_voucher: 'Número del comprobante de retención',
  origin: 'Origen',
  origin_bank: 'Banco de origen',
  outcome: 'Resultado',
  owed_bs: 'Deuda (BS)',
  owed_usd: 'Deuda ($)',
  pay_phone: 'Teléfono del pago',
  payment_date: 'Fecha de pago',
  payments: 'Pagos',
  payments_count: 'Cantidad de pagos',
  period: 'Período',
  point_of_sale: 'Punto de venta',
  rate: 'Tasa',
  rate_reason: 'Motivo de la tasa',
  rate_source: 'Fuente de la tasa',
  rate_value_date: 'Fecha valor de la tasa',
  reminders_opt_out: 'No recibir recordatorios',
  require_2fa: 'Exige verificación en dos pasos',
  residential_addresses: 'Direcciones residenciales',
  residential_fees: 'Tarifas residenciales',
  retention_amount: 'Monto retenido',
  revoked_at: 'Revocada',
  revoked_reason: 'Motivo de la revocación',
  rows_done: 'Filas procesadas',
  rows_total: 'Filas',
  sent_at: 'Enviado',
  sms: 'SMS',
  solvent_to_date: 'Solvente hasta',
  source: 'Fuente',
  started_at: 'Iniciado',
  status_invoice_factory: 'Estado en la imprenta digital',
  success: 'Éxito',
  total_bill: 'Total facturado',
  totp_enabled_at: 'Verificación en dos pasos activada el',
  transfer: 'Transferencia',
  two_factor_enabled: 'Verificación en dos pasos',
  url: 'Dirección',
  use_all_series: 'Usar todas las series',
  user_agent: 'Navegador',
  value_date: 'Fecha valor',
  verified_at: 'Verificado',
};

/**
 * Fields of a record that are the system's own bookkeeping or secrets, never a person's data:
 * Bitácoras never answers them (issue 51), in changes or in current data.
 */
const INTERNAL_ATTRIBUTES = new Set([
  'password_hash',
  'totp_secret',
  'totp_last_step',
  'created_by',
  'updated_by',
  'token_id',
  'token_hash',
  'code_hash',
  'request_hash',
  'file_hash',
  'hash',
  'holds_secret',
  'chain_position',
  'previous_hash',
  'opening_paid_through',
]);
const isInternal = (key: string) => INTERNAL_ATTRIBUTES.has(key) || key.startsWith('ledger_');

/** A record's fields without the internal ones; undefined stays undefined. */
export function publicAttributes<T extends Record<string, unknown> | null | undefined>(values: T): T {
  if (!values) return values;
  return Object.fromEntries(Object.entries(values).filter(([key]) => !isInternal(key))) as T;
}

export const attributeLabel = (key: string) => ATTRIBUTE_LABELS[key] ?? key;

/**
 * An attribute value as text: Sí/No, VACIO for nothing, a list's items separated by commas and
 * an object's fields by their Spanish names ("Número: 00000012, Total: 15.00"), never JSON.
 */
export function attributeText(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_TEXT;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (Array.isArray(value)) return value.length ? value.map((item) => (item !== null && typeof item === 'object' ? `(${attributeText(item)})` : attributeText(item))).join(', ') : EMPTY_TEXT;
  if (typeof value === 'object') {
    const fields = Object.entries(value);
    return fields.length ? fields.map(([key, inner]) => `${attributeLabel(key)}: ${attributeValueText(key, inner)}`).join(', ') : EMPTY_TEXT;
  }
  const text = String(value);
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) ? formatDateTime(text) : text;
}

/** The value of one attribute as text: a backup's size in KB/MB as the Respaldos list writes it, the rest as attributeText. */
export const attributeValueText = (key: string, value: unknown): string =>
  key === 'size' && typeof value === 'number' ? formatSize(value) : attributeText(value);

/** Every key of old and new values, in a stable order, with both sides as text. */
export function attributeChanges(entry: Pick<LogEntry, 'properties'>): { key: string; label: string; old: string; new: string }[] {
  const old = entry.properties.old ?? {};
  const next = entry.properties.attributes ?? {};
  const keys = [...new Set([...Object.keys(old), ...Object.keys(next)])];
  return keys.map((key) => ({
    key,
    label: attributeLabel(key),
    old: key in old ? attributeValueText(key, old[key]) : EMPTY_TEXT,
    new: key in next ? attributeValueText(key, next[key]) : EMPTY_TEXT,
  }));
}

/** Old or new values in one line, `Campo: valor; …`, named and written as the details modal shows them (the exports' cells). */
export const attributesLine = (values: Record<string, unknown> | undefined): string =>
  values
    ? Object.entries(values)
        .map(([key, value]) => `${attributeLabel(key)}: ${attributeValueText(key, value)}`)
        .join('; ')
    : '';
