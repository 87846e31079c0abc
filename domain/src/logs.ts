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
