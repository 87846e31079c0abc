import Decimal from 'decimal.js';
import type { apiAs } from './browser';

/** The parts of the demo data's API answers that the browser tests read. */
export interface DemoAddress {
  id: number;
  client_id: number;
  client: { name: string; identification_type: string; identification: string };
  address: string;
  months_to_pay: number;
  economic_activity_id: number | null;
  /** The month's price in dollars, as a decimal string; null while its community has none. */
  fee: string | null;
  /** The address's credit balance in dollars: an abono short of a month leaves that month partly paid. */
  balance_usd: string;
}

export interface DemoClient {
  id: number;
  email: string | null;
  phone: string[];
}

type Api = Awaited<ReturnType<typeof apiAs>>;

/**
 * A demo address of the given type owing at least `months`, whose client has e-mail and phone
 * (the payment panel asks for the contact update otherwise); commercial ones with their activity;
 * with `feeAbove`, one whose month costs more than that many dollars (whichever months earlier
 * files paid, a test that needs a month one tender line cannot cover gets one). Never one with a
 * credit balance (another file's abono left its oldest month partly paid, not "pendiente por
 * pagar") nor one under a current payment agreement (its installments alone pay its months).
 * Fails with `missing` when the demo seed has none.
 */
export async function owingAddress(
  api: Api,
  type: 0 | 1,
  months: number,
  missing: string,
  { from = 'first', feeAbove }: { from?: 'first' | 'last'; feeAbove?: number } = {},
): Promise<DemoAddress> {
  const [listed, agreements] = await Promise.all([
    api<{ data: DemoAddress[] }>(`addresses-payment?type=${type}&per_page=100`),
    api<{ data: { address_payment_id: number }[] }>('payment-agreements?filters[status]=current&per_page=100'),
  ]);
  const inAgreement = new Set(agreements.data.map((agreement) => agreement.address_payment_id));
  const candidates = listed.data.filter(
    (row) =>
      row.months_to_pay >= months &&
      !inAgreement.has(row.id) &&
      new Decimal(row.balance_usd).isZero() &&
      (type === 0 || row.economic_activity_id !== null) &&
      (feeAbove === undefined || (row.fee !== null && new Decimal(row.fee).greaterThan(feeAbove))),
  );
  for (const address of from === 'first' ? candidates : candidates.reverse()) {
    const [client] = await api<DemoClient[]>(`clients/selects/data?search=${address.client.identification}`);
    if (client?.email && client.phone.length) return address;
  }
  throw new Error(missing);
}
