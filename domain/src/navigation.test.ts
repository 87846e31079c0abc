import { describe, expect, it } from 'vitest';
import { audienceOf, menuFor, pageTitle, redirectNotices, redirectReason, resolvePath, staffMenuFor } from './navigation';
import { ALL_PERMISSIONS, CASHIER_PERMISSIONS } from './permissions';

const labels = (entries: ReturnType<typeof staffMenuFor>) =>
  entries.map((entry) => (entry.children ? `${entry.label}: ${entry.children.map((child) => child.label).join(', ')}` : entry.label));

describe('audienceOf', () => {
  it('tells guests, staff, clients and users who must change their password apart', () => {
    expect(audienceOf(null)).toBe('guest');
    expect(audienceOf({ user: { client_id: null } })).toBe('staff');
    expect(audienceOf({ user: { client_id: 9 } })).toBe('client');
    expect(audienceOf({ user: { client_id: 9, change_password: true } })).toBe('change_password');
  });
});

describe('resolvePath', () => {
  it('sends guests from / and /pass-change to /login and elsewhere to /', () => {
    expect(resolvePath('guest', '/')).toEqual({ redirect: '/login' });
    expect(resolvePath('guest', '/pass-change')).toEqual({ redirect: '/login' });
    expect(resolvePath('guest', '/clients')).toEqual({ redirect: '/' });
    expect(resolvePath('guest', '/pass-change/abc')).toMatchObject({ route: { path: '/pass-change/:token' } });
    expect(resolvePath('guest', '/verify-payment/f00')).toMatchObject({ route: { ownDocument: true } });
  });

  it('sends staff from / and /login to /dashboard and from unknown or unpermitted paths to /', () => {
    expect(resolvePath('staff', '/', [])).toEqual({ redirect: '/dashboard' });
    expect(resolvePath('staff', '/login', [])).toEqual({ redirect: '/dashboard' });
    expect(resolvePath('staff', '/no-existe', ALL_PERMISSIONS)).toEqual({ redirect: '/' });
    expect(resolvePath('staff', '/users', CASHIER_PERMISSIONS)).toEqual({ redirect: '/' });
    expect(resolvePath('staff', '/clients', CASHIER_PERMISSIONS)).toMatchObject({ route: { title: 'Clientes' } });
    expect(resolvePath('staff', '/client-detail/12/', CASHIER_PERMISSIONS)).toMatchObject({ route: { path: '/client-detail/:id' } });
    expect(resolvePath('staff', '/address-payments', [])).toEqual({ redirect: '/' });
    expect(resolvePath('staff', '/address-payments', ['clients'])).toMatchObject({ route: { permission: 'clients' } });
    expect(resolvePath('staff', '/solvencies', [])).toMatchObject({ route: { permission: null } });
    expect(resolvePath('staff', '/payments-receipt', ALL_PERMISSIONS)).toEqual({ redirect: '/' });
  });

  it('tells why a signed-in user was sent to Inicio: no such page, or no permission; nothing for the normal ways in', () => {
    expect(redirectReason('staff', '/no-existe', ALL_PERMISSIONS)).toBe('not_found');
    expect(redirectReason('staff', '/users', CASHIER_PERMISSIONS)).toBe('forbidden');
    expect(redirectReason('staff', '/client-detail/12/', [])).toBe('forbidden');
    expect(redirectReason('staff', '/users', ALL_PERMISSIONS)).toBeNull();
    expect(redirectReason('client', '/clients')).toBe('forbidden');
    expect(redirectReason('client', '/clientes')).toBe('not_found');
    for (const path of ['/', '/login', '/register', '/pass-change', '/dashboard']) expect(redirectReason('staff', path, [])).toBeNull();
    expect(redirectReason('guest', '/no-existe')).toBeNull();
    expect(redirectNotices.not_found('/no-existe')).toBe('La página /no-existe no existe; te llevamos a Inicio.');
    expect(redirectNotices.forbidden('/roles')).toBe('No tienes permiso para abrir /roles; te llevamos a Inicio.');
  });

  it('gives client users their fixed set and sends everything else to /', () => {
    expect(resolvePath('client', '/')).toEqual({ redirect: '/dashboard' });
    expect(resolvePath('client', '/login')).toEqual({ redirect: '/' });
    expect(resolvePath('client', '/clients', ALL_PERMISSIONS)).toEqual({ redirect: '/' });
    expect(resolvePath('client', '/payments-receipt')).toMatchObject({ route: { title: 'Recibos de Pagos' } });
  });

  it('confines a user flagged change_password to /pass-change', () => {
    expect(resolvePath('change_password', '/dashboard')).toEqual({ redirect: '/pass-change' });
    expect(resolvePath('change_password', '/pass-change')).toMatchObject({ route: { path: '/pass-change' } });
  });

  it('confines a user whose role requires a second factor they lack to /two-factor-setup', () => {
    expect(audienceOf({ user: { client_id: null, two_factor: { enabled: false, required: true } } })).toBe('two_factor_setup');
    expect(audienceOf({ user: { client_id: null, two_factor: { enabled: true, required: true } } })).toBe('staff');
    expect(audienceOf({ user: { client_id: null, change_password: true, two_factor: { enabled: false, required: true } } })).toBe('change_password');
    expect(resolvePath('two_factor_setup', '/clients')).toEqual({ redirect: '/two-factor-setup' });
    expect(resolvePath('two_factor_setup', '/two-factor-setup')).toMatchObject({ route: { path: '/two-factor-setup' } });
  });
});

describe('menus', () => {
  it('shows the administrator every entry in the spec order', () => {
    expect(labels(staffMenuFor(ALL_PERMISSIONS))).toEqual([
      'Inicio', 'Clientes', 'Usuarios', 'Cierres de Caja', 'Pagos', 'Solvencias', 'Direcciones de Pagos',
      'Operaciones Bancarias', 'Conciliaciones',
      'Regional: Estados, Municipios, Parroquias, Comunidades',
      'General: Roles y Permisos, Grupos de actividades, Actividades económicas, Tasas de Cambio, Métodos de Pago, Bancos, Respaldos, Correlativos, Tickets de Pago',
      'Reportes: Bitácoras, Inicios de sesión, Libro de Ventas',
    ]);
  });

  it('shows the cashier only permitted entries and drops empty groups', () => {
    expect(labels(staffMenuFor(CASHIER_PERMISSIONS))).toEqual([
      'Inicio', 'Clientes', 'Cierres de Caja', 'Pagos', 'Solvencias', 'Direcciones de Pagos', 'General: Tickets de Pago',
    ]);
    expect(labels(staffMenuFor([]))).toEqual(['Inicio']);
  });

  it('gives client users the fixed client menu whatever they hold', () => {
    expect(menuFor('client', ALL_PERMISSIONS).map((entry) => entry.label)).toEqual([
      'Inicio', 'Direcciones de Pagos', 'Pagos', 'Recibos de Pagos', 'Solvencias',
    ]);
    expect(menuFor('guest', ALL_PERMISSIONS)).toEqual([]);
  });

  it('prefixes page titles with the product name', () => {
    expect(pageTitle('Clientes')).toBe('Recaudo | Clientes');
  });
});
