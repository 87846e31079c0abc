import { eq, inArray } from 'drizzle-orm';
import { addMonths } from '@recaudo/domain/months';
import type { Database } from '../src/db/client';
import { paymentMethods } from '../src/modules/payment-methods/tables';
import { paymentBody } from '../test/backups-fixture';
import { writersPlace } from './audit-chain';

const WRITERS = 12;
/** Months paid from January 2020: six rounds of 12 payments a writer stay before the last payable month. */
const FIRST_MONTH = '2020-01';

export interface TenderRound {
  kind: 'one method' | 'three lines';
  payments: number;
  seconds: number;
  msPerPayment: number;
}

/**
 * Recording a payment in three tender lines against recording it in one method (issue 49: at
 * most 10 % more). Rounds alternate the two kinds, each of WRITERS writers paying its own
 * address's next month one payment after another through POST /api/payments/store; the cost is
 * the wall time per payment over all rounds of a kind. One month of $ 5,00 at BS 36,50: the
 * one-method payment is BS 182,50 in bolívar cash; the three-line one $ 2,00 in dollar cash,
 * $ 1,00 by Zelle and BS 76,29 in cash, which with the 3 % IGTF on the $ 3,00 (BS 3,29) is what
 * is owed (the bench's server collects IGTF).
 */
export async function measureTenderStore(db: Database, baseUrl: string, rounds = 6, perWriter = Number(process.env.TENDER_WRITER_PAYMENTS ?? 12)) {
  const place = await writersPlace(db, WRITERS);
  const methods = await db.select({ id: paymentMethods.id, name: paymentMethods.name }).from(paymentMethods).where(inArray(paymentMethods.name, ['Efectivo dólares', 'Zelle']));
  const idOf = (name: string) => methods.find((method) => method.name === name)!.id;
  const [cash] = await db.select({ id: paymentMethods.id }).from(paymentMethods).where(eq(paymentMethods.id, 4));
  if (methods.length < 2 || !cash) throw new Error('bench: the seeded methods Efectivo dólares, Zelle and Efectivo are missing');
  const nextMonth = place.addressIds.map(() => FIRST_MONTH);
  let reference = Date.now();
  const body = (kind: TenderRound['kind'], addressId: number, month: string) => {
    const base = { ...paymentBody(place, addressId), months_payment: [month] };
    if (kind === 'one method') return base;
    const { amount_payment: _typed, ...rest } = base;
    return {
      ...rest,
      tenders: [
        { payment_method_id: idOf('Efectivo dólares'), currency: 'USD', amount: '2.00' },
        { payment_method_id: idOf('Zelle'), currency: 'USD', amount: '1.00', reference: `ZL${reference++}` },
        { payment_method_id: cash.id, currency: 'VES', amount: '76.29' },
      ],
    };
  };
  const results: TenderRound[] = [];
  for (let round = 0; round < rounds; round++) {
    const kind: TenderRound['kind'] = round % 2 === 0 ? 'one method' : 'three lines';
    const started = performance.now();
    await Promise.all(
      place.addressIds.map(async (addressId, writer) => {
        for (let done = 0; done < perWriter; done++) {
          const month = nextMonth[writer]!;
          nextMonth[writer] = addMonths(month, 1);
          const response = await fetch(`${baseUrl}/api/payments/store`, {
            method: 'POST',
            headers: { authorization: `Bearer ${place.token}`, 'content-type': 'application/json' },
            body: JSON.stringify(body(kind, addressId, month)),
          });
          if (!response.ok) throw new Error(`payments/store (${kind}): HTTP ${response.status} ${await response.text()}`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const payments = WRITERS * perWriter;
    results.push({ kind, payments, seconds: Number(seconds.toFixed(2)), msPerPayment: Number(((seconds * 1000) / payments).toFixed(2)) });
  }
  const cost = (kind: TenderRound['kind']) => {
    const taken = results.filter((result) => result.kind === kind);
    return taken.reduce((sum, result) => sum + result.seconds, 0) / taken.reduce((sum, result) => sum + result.payments, 0);
  };
  const ratio = cost('three lines') / cost('one method');
  return { rounds: results, ratio, withinBudget: ratio <= 1.1 };
}

