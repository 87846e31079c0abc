import { eq, sql } from 'drizzle-orm';
import { DOLLAR_RATE, EURO_RATE } from '@recaudo/domain/configurations';
import type { Database } from '../client';
import { banks } from '../../modules/banks/tables';
import { configurations } from '../../modules/configurations/tables';
import { paymentMethods } from '../../modules/payment-methods/tables';

/** Venezuelan banks by their SUDEBAN code (the first 4 digits of every account number). */
export const VENEZUELAN_BANKS: readonly { code: string; name: string }[] = [
  { code: '0001', name: 'Banco Central de Venezuela' },
  { code: '0102', name: 'Banco de Venezuela' },
  { code: '0104', name: 'Venezolano de Crédito' },
  { code: '0105', name: 'Banco Mercantil' },
  { code: '0108', name: 'BBVA Provincial' },
  { code: '0114', name: 'Bancaribe' },
  { code: '0115', name: 'Banco Exterior' },
  { code: '0128', name: 'Banco Caroní' },
  { code: '0134', name: 'Banesco' },
  { code: '0137', name: 'Banco Sofitasa' },
  { code: '0138', name: 'Banco Plaza' },
  { code: '0146', name: 'Bangente' },
  { code: '0151', name: 'BFC Banco Fondo Común' },
  { code: '0156', name: '100% Banco' },
  { code: '0157', name: 'DelSur Banco Universal' },
  { code: '0163', name: 'Banco del Tesoro' },
  { code: '0166', name: 'Banco Agrícola de Venezuela' },
  { code: '0168', name: 'Bancrecer' },
  { code: '0169', name: 'R4 Banco Microfinanciero (Mi Banco)' },
  { code: '0171', name: 'Banco Activo' },
  { code: '0172', name: 'Bancamiga' },
  { code: '0173', name: 'Banco Internacional de Desarrollo' },
  { code: '0174', name: 'Banplus' },
  { code: '0175', name: 'Banco Digital de los Trabajadores (Bicentenario)' },
  { code: '0177', name: 'Banco de la Fuerza Armada Nacional Bolivariana (BANFANB)' },
  { code: '0178', name: 'N58 Banco Digital' },
  { code: '0191', name: 'Banco Nacional de Crédito (BNC)' },
  { code: '0601', name: 'Instituto Municipal de Crédito Popular' },
];

/** The protected default payment methods, ids 1–4 (spec 02 §3). */
export const DEFAULT_PAYMENT_METHODS = [
  { id: 1, name: 'Transferencia', code: '0102', type: 1, description: 'Transferencia bancaria a la cuenta de la empresa' },
  { id: 2, name: 'Punto de venta', code: '0102', type: 2, description: 'Pago con tarjeta de débito en punto de venta' },
  { id: 3, name: 'Pago móvil', code: '0102', type: 3, description: 'Pago móvil interbancario', isMobilePaymentUseApiBdv: true },
  { id: 4, name: 'Efectivo', code: '0000', type: 4, description: 'Pago en efectivo en taquilla' },
] as const;

/**
 * The foreign-currency methods of a new installation (issue 49): they cause IGTF. Installations
 * that existed before get them from migration `0041`; an administrator may edit or delete them.
 */
export const FOREIGN_PAYMENT_METHODS = [
  { name: 'Efectivo dólares', code: '0000', type: 4, description: 'Dólares en efectivo en taquilla', currency: 'USD', isIgtf: true },
  { name: 'Zelle', code: '0000', type: 1, description: 'Transferencia Zelle en dólares', currency: 'USD', isIgtf: true },
  { name: 'Efectivo euros', code: '0000', type: 4, description: 'Euros en efectivo en taquilla', currency: 'EUR', isIgtf: true },
] as const;

/**
 * System reference data every database needs: the banks, the default payment methods and the
 * exchange-rate rows. Existing rows are left as an administrator changed them.
 */
export async function seedReferenceBase(db: Database): Promise<void> {
  await db.insert(banks).values([...VENEZUELAN_BANKS]).onConflictDoNothing({ target: banks.code });
  const [existing] = await db.select({ id: paymentMethods.id }).from(paymentMethods).where(eq(paymentMethods.id, 1));
  await db
    .insert(paymentMethods)
    .values(DEFAULT_PAYMENT_METHODS.map((method) => ({ ...method })))
    .onConflictDoNothing({ target: paymentMethods.id });
  await db.execute(sql`select setval(pg_get_serial_sequence('payment_methods', 'id'), greatest((select max(id) from payment_methods), 4))`);
  if (!existing) await db.insert(paymentMethods).values(FOREIGN_PAYMENT_METHODS.map((method) => ({ ...method })));
  await db
    .insert(configurations)
    .values([
      { name: DOLLAR_RATE, value: '0.00' },
      { name: EURO_RATE, value: '0.00' },
    ])
    .onConflictDoNothing({ target: configurations.name });
}
