/**
 * The permission-module tree of Recaudo. A route permission is a parent; the actions
 * inside that screen are its children. The server seeds the `modules` table from this
 * tree, so adding a permission here is all a new screen needs.
 */
export interface PermissionNode {
  readonly name: string;
  readonly label: string;
  readonly children?: readonly PermissionNode[];
}

const leaf = <N extends string>(name: N, label: string) => ({ name, label }) as const;

const crud = <S extends string>(singular: S, noun: string) => [
  leaf(`add_${singular}`, `Agregar ${noun}`),
  leaf(`edit_${singular}`, `Editar ${noun}`),
  leaf(`delete_${singular}`, `Eliminar ${noun}`),
];

const exportOf = <P extends string>(plural: P, noun: string) => leaf(`export_${plural}`, `Exportar ${noun}`);

const crudWithExport = <S extends string, P extends string>(singular: S, plural: P, noun: string) => [
  ...crud(singular, noun),
  exportOf(plural, noun),
];

export const PERMISSION_TREE = [
  {
    name: 'clients',
    label: 'Clientes',
    children: [
      ...crudWithExport('client', 'clients', 'clientes'),
      leaf('add_address_payment', 'Agregar direcciones de pago'),
      leaf('edit_address_payment', 'Editar direcciones de pago'),
      leaf('delete_address_payment', 'Eliminar direcciones de pago'),
      leaf('import_clients', 'Importar clientes y direcciones'),
    ],
  },
  {
    name: 'users',
    label: 'Usuarios',
    children: [
      ...crudWithExport('user', 'users', 'usuarios'),
      // Resetting someone else's password or second factor takes over their account: kept apart from edit_user.
      leaf('manage_security', 'Restablecer contraseñas y verificación en dos pasos'),
    ],
  },
  { name: 'closed_boxs', label: 'Cierres de Caja', children: crudWithExport('closed_box', 'closed_boxs', 'cierres de caja') },
  {
    name: 'payments',
    label: 'Pagos',
    // Issue 47: a payment takes the BCV rate in force on its date; only this permission types another.
    children: [...crudWithExport('payment', 'payments', 'pagos'), leaf('edit_exchange_rate', 'Cambiar la tasa de un pago'), leaf('waive_late_fee', 'Exonerar el recargo por mora')],
  },
  // Issue 50: signing and cancelling payment agreements (convenios de pago); reading them goes with clients.
  { name: 'payment_agreements', label: 'Convenios de pago' },
  {
    name: 'solvencies',
    label: 'Solvencias',
    children: [leaf('add_solvency', 'Generar solvencias'), leaf('delete_solvency', 'Eliminar solvencias')],
  },
  { name: 'view_bank_operations', label: 'Operaciones Bancarias' },
  {
    name: 'view_conciliations',
    label: 'Conciliaciones',
    children: [leaf('export_conciliations', 'Exportar conciliaciones')],
  },
  { name: 'states', label: 'Estados', children: crudWithExport('state', 'states', 'estados') },
  { name: 'municipalities', label: 'Municipios', children: crudWithExport('municipality', 'municipalities', 'municipios') },
  { name: 'parishes', label: 'Parroquias', children: crudWithExport('parish', 'parishes', 'parroquias') },
  { name: 'communities', label: 'Comunidades', children: crudWithExport('community', 'communities', 'comunidades') },
  { name: 'roles', label: 'Roles y Permisos', children: crud('role', 'roles') },
  {
    name: 'activity_groups',
    label: 'Grupos de actividades',
    children: crudWithExport('activity_group', 'activity_groups', 'grupos de actividades'),
  },
  {
    name: 'economic_activities',
    label: 'Actividades económicas',
    children: crudWithExport('economic_activity', 'economic_activities', 'actividades económicas'),
  },
  {
    name: 'configurations',
    label: 'Tasas de Cambio',
    children: [leaf('update_dollar_rate', 'Actualizar tasas de cambio')],
  },
  {
    name: 'payment_methods',
    label: 'Métodos de Pago',
    children: crud('payment_method', 'métodos de pago'),
  },
  { name: 'banks', label: 'Bancos', children: crud('bank', 'bancos') },
  { name: 'backups', label: 'Respaldos' },
  { name: 'correlatives', label: 'Correlativos', children: crudWithExport('correlative', 'correlatives', 'correlativos') },
  {
    name: 'tickets_payments',
    label: 'Tickets de Pago',
    children: crudWithExport('tickets_payment', 'tickets_payments', 'tickets de pago'),
  },
  { name: 'logs', label: 'Bitácoras' },
  { name: 'logins', label: 'Inicios de sesión' },
  // Issue 49: the accountant's monthly book of the documents the printer issued (view and export).
  { name: 'sales_book', label: 'Libro de Ventas' },
  { name: 'chats', label: 'Chats' },
] as const satisfies readonly PermissionNode[];

type ChildNames<T> = T extends { children: readonly (infer C)[] } ? (C extends { name: infer N } ? N : never) : never;
type NodeNames<T> = T extends { name: infer N } ? N | ChildNames<T> : never;

/** Every permission string Recaudo knows, as a type. */
export type Permission = NodeNames<(typeof PERMISSION_TREE)[number]>;

/** Flattens the tree depth-first, parents before their children. */
export function flattenPermissionTree(
  nodes: readonly PermissionNode[] = PERMISSION_TREE,
  parent: string | null = null,
): { name: string; label: string; parent: string | null }[] {
  return nodes.flatMap((node) => [
    { name: node.name, label: node.label, parent },
    ...flattenPermissionTree(node.children ?? [], node.name),
  ]);
}

export const ALL_PERMISSIONS = flattenPermissionTree().map((node) => node.name) as Permission[];

/**
 * The cashier of the demo seed: clients, payments, closings, solvencies and the address
 * actions, without users, roles, backups or settings.
 */
export const CASHIER_PERMISSIONS: readonly Permission[] = [
  'clients',
  'add_client',
  'edit_client',
  'export_clients',
  'add_address_payment',
  'edit_address_payment',
  'payments',
  'add_payment',
  'edit_payment',
  'export_payments',
  'closed_boxs',
  'add_closed_box',
  'edit_closed_box',
  'export_closed_boxs',
  'solvencies',
  'add_solvency',
  'tickets_payments',
  'add_tickets_payment',
];

/** The analyst of the demo seed reads and reports but does not administer users or settings. */
export const ANALYST_PERMISSIONS: readonly Permission[] = [
  'clients',
  'export_clients',
  'payments',
  'edit_payment',
  'export_payments',
  'closed_boxs',
  'export_closed_boxs',
  'solvencies',
  'view_bank_operations',
  'view_conciliations',
  'export_conciliations',
  'states',
  'municipalities',
  'parishes',
  'communities',
  'economic_activities',
  'activity_groups',
  'correlatives',
  'logs',
  'logins',
];

export function hasPermission(held: readonly string[], needed: string | readonly string[]): boolean {
  const anyOf = typeof needed === 'string' ? [needed] : needed;
  return anyOf.some((permission) => held.includes(permission));
}
