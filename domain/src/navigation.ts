import { hasPermission, type Permission } from './permissions';

/**
 * The route map and menus of spec 01 §2. Web guards and tests read this one table, so the
 * screens a user can reach and the entries they see never disagree.
 */
export const PRODUCT_NAME = 'Recaudo';

export type Audience = 'guest' | 'staff' | 'client' | 'change_password' | 'two_factor_setup';

export interface AppRoute {
  /** React Router pattern. */
  readonly path: string;
  readonly title: string;
  /** Staff routes: the permission needed; null = any logged-in staff user. */
  readonly permission?: Permission | null;
  /**
   * A page of its own, not a screen of the web app: the server sends it (the public verification
   * pages, which a QR code opens on a phone, drawn by the server; the login, the build's
   * login.html). The web app loads such an address from the server when it leads there.
   */
  readonly ownDocument?: boolean;
}

const VERIFY_ROUTES: readonly AppRoute[] = [
  { path: '/verify-payment/:hash', title: 'Verificar pago', ownDocument: true },
  { path: '/verify-solvency/:hash', title: 'Verificar solvencia', ownDocument: true },
  { path: '/verify-statement/:hash', title: 'Verificar estado de cuenta', ownDocument: true },
];

export const GUEST_ROUTES: readonly AppRoute[] = [
  { path: '/login', title: 'Iniciar sesión', ownDocument: true },
  { path: '/register', title: 'Registro' },
  { path: '/forgot-password', title: 'Recuperar contraseña' },
  { path: '/pass-change/:token', title: 'Cambiar contraseña' },
  ...VERIFY_ROUTES,
];

export const STAFF_ROUTES: readonly AppRoute[] = [
  { path: '/dashboard', title: 'Inicio', permission: null },
  { path: '/clients', title: 'Clientes', permission: 'clients' },
  { path: '/client-detail/:id', title: 'Detalle del cliente', permission: 'clients' },
  { path: '/imports', title: 'Importar clientes', permission: 'import_clients' },
  { path: '/users', title: 'Usuarios', permission: 'users' },
  { path: '/roles', title: 'Roles y Permisos', permission: 'roles' },
  { path: '/states', title: 'Estados', permission: 'states' },
  { path: '/municipalities', title: 'Municipios', permission: 'municipalities' },
  { path: '/parishes', title: 'Parroquias', permission: 'parishes' },
  { path: '/communities', title: 'Comunidades', permission: 'communities' },
  { path: '/payment-methods', title: 'Métodos de Pago', permission: 'payment_methods' },
  { path: '/configurations', title: 'Tasas de Cambio', permission: 'configurations' },
  { path: '/closed-boxs', title: 'Cierres de Caja', permission: 'closed_boxs' },
  { path: '/payments', title: 'Pagos', permission: 'payments' },
  { path: '/logs', title: 'Bitácoras', permission: 'logs' },
  { path: '/chats', title: 'Chats', permission: 'chats' },
  { path: '/logins', title: 'Inicios de sesión', permission: 'logins' },
  { path: '/sales-book', title: 'Libro de Ventas', permission: 'sales_book' },
  { path: '/activity-groups', title: 'Grupos de actividades', permission: 'activity_groups' },
  { path: '/conciliations', title: 'Conciliaciones', permission: 'view_conciliations' },
  { path: '/banks', title: 'Bancos', permission: 'banks' },
  { path: '/backups', title: 'Respaldos', permission: 'backups' },
  { path: '/correlatives', title: 'Correlativos', permission: 'correlatives' },
  { path: '/tickets-payments', title: 'Tickets de Pago', permission: 'tickets_payments' },
  { path: '/economic-activities', title: 'Actividades Económicas', permission: 'economic_activities' },
  { path: '/solvencies', title: 'Solvencias', permission: null },
  // Every client's addresses: the Clientes permission (issue 31), where the spec had none.
  { path: '/address-payments', title: 'Direcciones de Pagos', permission: 'clients' },
  { path: '/bank-operations', title: 'Operaciones Bancarias', permission: 'view_bank_operations' },
  ...VERIFY_ROUTES,
];

export const CLIENT_ROUTES: readonly AppRoute[] = [
  { path: '/dashboard', title: 'Inicio' },
  { path: '/address-payments', title: 'Direcciones de Pagos' },
  { path: '/payments', title: 'Pagos' },
  { path: '/payments-receipt', title: 'Recibos de Pagos' },
  { path: '/solvencies', title: 'Solvencias' },
  ...VERIFY_ROUTES,
];

export const CHANGE_PASSWORD_ROUTES: readonly AppRoute[] = [{ path: '/pass-change', title: 'Cambiar contraseña' }];
/** A role requires the second factor and the user has none yet: enrolling is all the server lets them do. */
export const TWO_FACTOR_SETUP_ROUTES: readonly AppRoute[] = [{ path: '/two-factor-setup', title: 'Verificación en dos pasos' }];

export interface SessionShape {
  readonly user: {
    readonly client_id: number | null;
    readonly change_password?: boolean;
    readonly two_factor?: { readonly enabled: boolean; readonly required: boolean };
  };
}

export function audienceOf(session: SessionShape | null): Audience {
  if (!session) return 'guest';
  if (session.user.change_password) return 'change_password';
  if (session.user.two_factor?.required && !session.user.two_factor.enabled) return 'two_factor_setup';
  return session.user.client_id === null ? 'staff' : 'client';
}

/** The routes an audience may open; staff routes are filtered by the held permissions. */
export function routesFor(audience: Audience, permissions: readonly string[] = []): readonly AppRoute[] {
  switch (audience) {
    case 'guest':
      return GUEST_ROUTES;
    case 'client':
      return CLIENT_ROUTES;
    case 'change_password':
      return CHANGE_PASSWORD_ROUTES;
    case 'two_factor_setup':
      return TWO_FACTOR_SETUP_ROUTES;
    case 'staff':
      return STAFF_ROUTES.filter((route) => !route.permission || hasPermission(permissions, route.permission));
  }
}

function matches(pattern: string, path: string): boolean {
  const patternParts = pattern.split('/').filter(Boolean);
  const pathParts = path.split('/').filter(Boolean);
  return (
    patternParts.length === pathParts.length &&
    patternParts.every((part, index) => part.startsWith(':') || part === pathParts[index])
  );
}

export function findRoute(routes: readonly AppRoute[], path: string): AppRoute | undefined {
  return routes.find((route) => matches(route.path, path));
}

/**
 * Where a path leads for an audience: the route itself, or the redirect of spec 01 §2
 * (guests: `/` and `/pass-change` to `/login`, others to `/`; logged in: `/` to
 * `/dashboard`, `/login` and the unknown to `/`; change_password: everything to `/pass-change`).
 */
export function resolvePath(
  audience: Audience,
  path: string,
  permissions: readonly string[] = [],
): { route: AppRoute } | { redirect: string } {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const route = findRoute(routesFor(audience, permissions), normalized);
  if (route) return { route };
  switch (audience) {
    case 'guest':
      return { redirect: normalized === '/' || normalized === '/pass-change' ? '/login' : '/' };
    case 'change_password':
      return { redirect: '/pass-change' };
    case 'two_factor_setup':
      return { redirect: '/two-factor-setup' };
    case 'staff':
      return { redirect: normalized === '/' || normalized === '/login' ? '/dashboard' : '/' };
    case 'client':
      return { redirect: normalized === '/' ? '/dashboard' : '/' };
  }
}

/** Why a signed-in user's address led elsewhere: a page that does not exist, or one they may not open. */
export type RedirectReason = 'not_found' | 'forbidden';

/**
 * The reason behind resolvePath's redirect for a signed-in staff or client user, so the screen can
 * say it instead of landing silently on Inicio; null where the redirect is the normal way in
 * (`/`, the login and registration pages) or the user is not signed in.
 */
export function redirectReason(audience: Audience, path: string, permissions: readonly string[] = []): RedirectReason | null {
  if (audience !== 'staff' && audience !== 'client') return null;
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (normalized === '/' || findRoute(routesFor(audience, permissions), normalized) || findRoute(GUEST_ROUTES, normalized) || normalized === '/pass-change') return null;
  return findRoute(STAFF_ROUTES, normalized) || findRoute(CLIENT_ROUTES, normalized) ? 'forbidden' : 'not_found';
}

export const redirectNotices: Record<RedirectReason, (path: string) => string> = {
  not_found: (path) => `La página ${path} no existe; te llevamos a Inicio.`,
  forbidden: (path) => `No tienes permiso para abrir ${path}; te llevamos a Inicio.`,
};

export function pageTitle(title: string): string {
  return `${PRODUCT_NAME} | ${title}`;
}

export interface MenuEntry {
  readonly key: string;
  readonly label: string;
  readonly path?: string;
  readonly permission?: Permission | null;
  readonly children?: readonly MenuEntry[];
}

const entry = (label: string, path: string, permission: Permission | null = null): MenuEntry => ({
  key: path,
  label,
  path,
  permission,
});

export const STAFF_MENU: readonly MenuEntry[] = [
  entry('Inicio', '/dashboard'),
  entry('Clientes', '/clients', 'clients'),
  entry('Usuarios', '/users', 'users'),
  entry('Cierres de Caja', '/closed-boxs', 'closed_boxs'),
  entry('Pagos', '/payments', 'payments'),
  entry('Solvencias', '/solvencies', 'solvencies'),
  entry('Direcciones de Pagos', '/address-payments', 'clients'),
  entry('Operaciones Bancarias', '/bank-operations', 'view_bank_operations'),
  entry('Conciliaciones', '/conciliations', 'view_conciliations'),
  {
    key: 'regional',
    label: 'Regional',
    children: [
      entry('Estados', '/states', 'states'),
      entry('Municipios', '/municipalities', 'municipalities'),
      entry('Parroquias', '/parishes', 'parishes'),
      entry('Comunidades', '/communities', 'communities'),
    ],
  },
  {
    key: 'general',
    label: 'General',
    children: [
      entry('Roles y Permisos', '/roles', 'roles'),
      entry('Grupos de actividades', '/activity-groups', 'activity_groups'),
      entry('Actividades económicas', '/economic-activities', 'economic_activities'),
      entry('Tasas de Cambio', '/configurations', 'configurations'),
      entry('Métodos de Pago', '/payment-methods', 'payment_methods'),
      entry('Bancos', '/banks', 'banks'),
      entry('Respaldos', '/backups', 'backups'),
      entry('Correlativos', '/correlatives', 'correlatives'),
      entry('Tickets de Pago', '/tickets-payments', 'tickets_payments'),
    ],
  },
  {
    key: 'reports',
    label: 'Reportes',
    children: [entry('Bitácoras', '/logs', 'logs'), entry('Inicios de sesión', '/logins', 'logins'), entry('Libro de Ventas', '/sales-book', 'sales_book')],
  },
];

export const CLIENT_MENU: readonly MenuEntry[] = [
  entry('Inicio', '/dashboard'),
  entry('Direcciones de Pagos', '/address-payments'),
  entry('Pagos', '/payments'),
  entry('Recibos de Pagos', '/payments-receipt'),
  entry('Solvencias', '/solvencies'),
];

/** Staff menu with only the permitted entries; a group shows when any child remains. */
export function staffMenuFor(permissions: readonly string[]): MenuEntry[] {
  return STAFF_MENU.flatMap((item): MenuEntry[] => {
    if (item.children) {
      const children = item.children.filter((child) => !child.permission || hasPermission(permissions, child.permission));
      return children.length ? [{ ...item, children }] : [];
    }
    return !item.permission || hasPermission(permissions, item.permission) ? [item] : [];
  });
}

export function menuFor(audience: Audience, permissions: readonly string[]): readonly MenuEntry[] {
  if (audience === 'staff') return staffMenuFor(permissions);
  if (audience === 'client') return CLIENT_MENU;
  return [];
}
