import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, CASHIER_PERMISSIONS, flattenPermissionTree, hasPermission, PERMISSION_TREE } from './permissions';

/** Every permission string named in the three spec documents. */
const SPEC_PERMISSIONS = [
  'clients', 'users', 'closed_boxs', 'payments', 'solvencies', 'view_bank_operations', 'view_conciliations',
  'states', 'municipalities', 'parishes', 'communities', 'roles', 'activity_groups', 'economic_activities',
  'configurations', 'payment_methods', 'banks', 'backups', 'correlatives', 'tickets_payments', 'logs', 'logins', 'chats',
  'export_clients', 'add_client', 'edit_client', 'delete_client', 'add_address_payment', 'edit_address_payment',
  'delete_address_payment', 'export_payments', 'add_tickets_payment', 'add_solvency', 'delete_solvency', 'export_users',
  'add_user', 'edit_user', 'delete_user', 'add_state', 'edit_state', 'delete_state', 'export_states', 'add_municipality',
  'edit_municipality', 'delete_municipality', 'export_municipalities', 'add_parish', 'edit_parish', 'delete_parish',
  'export_parishes', 'add_community', 'edit_community', 'delete_community', 'export_communities', 'add_economic_activity',
  'edit_economic_activity', 'delete_economic_activity', 'export_economic_activities', 'add_activity_group',
  'edit_activity_group', 'delete_activity_group', 'export_activity_groups', 'add_bank', 'edit_bank', 'delete_bank',
  'add_correlative', 'edit_correlative', 'delete_correlative', 'export_correlatives', 'add_role', 'edit_role', 'delete_role',
  'add_payment', 'edit_payment', 'delete_payment', 'add_closed_box', 'edit_closed_box', 'delete_closed_box',
  'export_closed_boxs', 'add_payment_method', 'edit_payment_method', 'delete_payment_method', 'update_dollar_rate',
  'edit_tickets_payment', 'delete_tickets_payment', 'export_tickets_payments', 'export_conciliations',
  // Issue 47: typing a payment's rate instead of the BCV's in force.
  'edit_exchange_rate',
  // Issue 48: imports of clients and addresses, under Clientes.
  'import_clients',
  // Issue 46: resetting another user's password or second factor.
  'manage_security',
  // Issue 49: the Libro de Ventas report, under Reportes.
  'sales_book',
  // Issue 50: signing and cancelling payment agreements; the demo cashier does not hold it.
  'payment_agreements',
  // Issue 50: waiving a payment's late-payment surcharge.
  'waive_late_fee',
];

describe('payment agreements permission', () => {
  it('is not among the demo cashier permissions', () => {
    expect(ALL_PERMISSIONS).toContain('payment_agreements');
    expect(CASHIER_PERMISSIONS).not.toContain('payment_agreements');
  });
});

describe('permission tree', () => {
  it('holds every permission of the spec, each once', () => {
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
    expect([...ALL_PERMISSIONS].sort()).toEqual([...SPEC_PERMISSIONS].sort());
  });

  it('puts route permissions at the top and their actions beneath', () => {
    const flat = flattenPermissionTree();
    expect(flat.find((node) => node.name === 'add_client')?.parent).toBe('clients');
    expect(flat.find((node) => node.name === 'import_clients')?.parent).toBe('clients');
    expect(flat.find((node) => node.name === 'update_dollar_rate')?.parent).toBe('configurations');
    expect(flat.find((node) => node.name === 'export_conciliations')?.parent).toBe('view_conciliations');
    expect(PERMISSION_TREE.every((node) => !node.name.startsWith('add_'))).toBe(true);
    expect(flat.every((node) => node.label.length > 0)).toBe(true);
  });

  it('gives the cashier no users, roles, backups or settings', () => {
    for (const denied of ['users', 'roles', 'backups', 'configurations', 'payment_methods', 'banks', 'correlatives']) {
      expect(CASHIER_PERMISSIONS).not.toContain(denied);
    }
    expect(CASHIER_PERMISSIONS).toEqual(expect.arrayContaining(['clients', 'payments', 'closed_boxs', 'solvencies', 'add_address_payment']));
    expect(CASHIER_PERMISSIONS).not.toContain('edit_exchange_rate');
    expect(CASHIER_PERMISSIONS).not.toContain('waive_late_fee');
  });

  it('checks any-of permissions', () => {
    expect(hasPermission(['users'], ['roles', 'users'])).toBe(true);
    expect(hasPermission(['users'], 'roles')).toBe(false);
    expect(hasPermission([], [])).toBe(false);
  });
});
