import { eq } from 'drizzle-orm';
import { todayInCaracas } from '@recaudo/domain/dates';
import { addMonths, currentMonth } from '@recaudo/domain/months';
import { ADMIN_ROLE_ID } from '@recaudo/domain/roles';
import type { Database } from '../src/db/client';
import { addressesPayments } from '../src/modules/addresses-payment/tables';
import { accessTokens } from '../src/modules/auth/tables';
import { clients } from '../src/modules/clients/tables';
import { setRates } from './rates';
import { correlatives } from '../src/modules/correlatives/tables';
import { communities, municipalities, parishes, states } from '../src/modules/regional/tables';
import { roles } from '../src/modules/roles/tables';
import { users } from '../src/modules/users/tables';
import { hashPassword, newSecret, sha256 } from '../src/platform/crypto';

/** The month every fixture payment pays: three months ago, the first month of each address. */
export const PAID_MONTH = addMonths(currentMonth(), -3);

export interface PaymentPlace {
  clientId: number;
  addressIds: number[];
  serieId: number;
  token: string;
}

/**
 * A place to record payments through the API: region, a series starting at 0, one client with
 * `addresses` residential addresses (fee 5.00) and an administrator's token.
 */
export async function seedPaymentPlace(db: Database, addresses: number): Promise<PaymentPlace> {
  const [state] = await db.insert(states).values({ name: 'Mérida' }).returning();
  const [municipality] = await db.insert(municipalities).values({ name: 'Libertador', stateId: state!.id }).returning();
  const [parish] = await db.insert(parishes).values({ name: 'Arias', municipalityId: municipality!.id, dateStart: '2020-01-01' }).returning();
  const [community] = await db.insert(communities).values({ name: 'Los Pinos', parishId: parish!.id, fee: '5.00', dateStart: '2020-01-01' }).returning();
  const [serie] = await db.insert(correlatives).values({ serie: 'R', number: '00000000', numberCreditNote: '0000', numberDebitNote: '0000' }).returning();
  // Today's BCV rate, as an office has it: a server started on this database then reads the BCV
  // (its simulator) only on schedule, and before 16:00 Caracas that read would store today's
  // simulated rate over these ones, so the payments' 36.50 would need a manual reason.
  await setRates(db, { usd: '36.50', eur: '40.00' }, { source: 'bcv' });
  const [client] = await db.insert(clients).values({ type: 0, name: 'Cliente Respaldo', identificationType: 'V', identification: '30111222' }).returning();
  const rows = await db
    .insert(addressesPayments)
    .values(
      Array.from({ length: addresses }, (_, index) => ({
        clientId: client!.id,
        type: 0,
        address: `Calle ${index + 1}`,
        stateId: state!.id,
        municipalityId: municipality!.id,
        parishId: parish!.id,
        communityId: community!.id,
        dateStart: `${PAID_MONTH}-01`,
      })),
    )
    .returning({ id: addressesPayments.id });
  const [admin] = await db
    .insert(users)
    .values({ name: 'Administrador Respaldos', email: `respaldos-${Date.now()}@recaudo.test`, passwordHash: await hashPassword('Clave-de-prueba-1'), roleId: ADMIN_ROLE_ID })
    .returning();
  // A real installation's first start makes the Administrador require a second factor (issue 46);
  // these tests are about backups and writes, so the place's administrator works without one.
  await db.update(roles).set({ require2fa: false }).where(eq(roles.id, ADMIN_ROLE_ID));
  const token = newSecret();
  await db.insert(accessTokens).values({ userId: admin!.id, tokenHash: sha256(token), ip: '127.0.0.1', userAgent: 'vitest' });
  return { clientId: client!.id, addressIds: rows.map((row) => row.id), serieId: serie!.id, token };
}

/** The body of POST /api/payments/store: an approved cash payment of PAID_MONTH on one address. */
export const paymentBody = (place: PaymentPlace, addressId: number) => ({
  client_id: String(place.clientId),
  address_payment_id: String(addressId),
  status: '1',
  payment_method_id: '4',
  date_payment: todayInCaracas(),
  exchange_rate: '36.50',
  exchange_rate_id: '1',
  amount_payment: '182.50',
  serie_id: String(place.serieId),
  number: '00012345',
  type_payment_month: '1',
  months_payment: [PAID_MONTH],
  send_invoice: '0',
});
