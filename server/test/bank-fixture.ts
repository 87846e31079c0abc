import { eq } from 'drizzle-orm';
import { caracas } from '@recaudo/domain/dates';
import { startBankSimulator, type BankSimulator } from '../src/providers/bank/simulator';
import { addressesPayments } from '../src/modules/addresses-payment/tables';
import { banks } from '../src/modules/banks/tables';
import { clients } from '../src/modules/clients/tables';
import { correlatives } from '../src/modules/correlatives/tables';
import { communities, municipalities, parishes, states } from '../src/modules/regional/tables';
import { createTestContext, type TestContext } from './harness';

/** A test context whose bank is the simulator on its own local port, reached through the HTTP client. */
export async function bankTestContext(): Promise<{ ctx: TestContext; simulator: BankSimulator }> {
  const simulator = await startBankSimulator({ apiKey: 'clave-de-prueba', account: '01020000000000001234', phone: '04120001122' });
  const ctx = await createTestContext({
    BANK_API_URL: simulator.url,
    BANK_API_KEY: 'clave-de-prueba',
    BANK_ACCOUNT: '01020000000000001234',
    BANK_PHONE: '04120001122',
    // Long enough for a loaded machine: at 400 ms a call the simulator answered became "Tiempo de espera
    // agotado" (422) when the PostgreSQL pass ran beside the browser tests. The one test of a timeout waits it out.
    BANK_TIMEOUT_MS: '3000',
  });
  return { ctx, simulator };
}

let sequence = 0;

/** A client with phones and a complete residential address, ready to pay. */
export async function payingClient(ctx: TestContext) {
  sequence += 1;
  const [client] = await ctx.db
    .insert(clients)
    .values({ type: 0, name: `Cliente Banco ${sequence}`, identificationType: 'V', identification: String(30_000_000 + sequence), phone: ['4141234567', '4247654321'] })
    .returning();
  const [state] = await ctx.db.insert(states).values({ name: `Estado ${sequence}` }).returning();
  const [municipality] = await ctx.db.insert(municipalities).values({ name: 'Libertador', stateId: state!.id }).returning();
  const [parish] = await ctx.db.insert(parishes).values({ name: 'Arias', municipalityId: municipality!.id, dateStart: '2020-01-01' }).returning();
  const [community] = await ctx.db.insert(communities).values({ name: 'Los Pinos', parishId: parish!.id, fee: '5.00', dateStart: '2020-01-01' }).returning();
  const address = {
    clientId: client!.id,
    type: 0,
    stateId: state!.id,
    municipalityId: municipality!.id,
    parishId: parish!.id,
    communityId: community!.id,
    dateStart: `${caracas().subtract(3, 'month').format('YYYY-MM')}-01`,
  };
  const [first, second] = await ctx.db
    .insert(addressesPayments)
    .values([
      { ...address, address: `Calle ${sequence}` },
      { ...address, address: `Avenida ${sequence}` },
    ])
    .returning();
  const [bank] = await ctx.db.select().from(banks).where(eq(banks.code, '0134'));
  return { clientId: client!.id, addressId: first!.id, otherAddressId: second!.id, bankId: bank!.id };
}

export async function newSerie(ctx: TestContext) {
  const [serie] = await ctx.db.insert(correlatives).values({ serie: `B${++sequence}`, number: '00000000', numberCreditNote: '0000', numberDebitNote: '0000' }).returning();
  return serie!.id;
}

/** A pago móvil of yesterday in the simulated account: a reference no seeded movement has. */
export function reportedPayment(simulator: BankSimulator, amount = '182.50') {
  sequence += 1;
  const date = caracas().subtract(1, 'day').format('YYYY-MM-DD');
  const receipt = `${77_000_000 + sequence * 137}`;
  simulator.addCredit({ reference: `0134${receipt}`, date, amount, bank: '0134', phone: '04141234567' });
  return { reference: receipt, payment_date: date, amount, origin_bank: '0134' };
}
