import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { seedAddress, seedPlace, NOW } from '../../../test/solvency-fixture';
import { paymentMethods } from '../payment-methods/tables';
import { payments, paymentTenders } from '../payments/tables';

let ctx: TestContext;
let admin: TestUser;
let noPayments: TestUser;
let ana: TestUser;
let addressId = 0;
let dollarsMethod = 0;

interface Paid {
  method: number;
  amount: string;
  status?: number;
  createdAt?: Date;
  change?: { currency: 'VES' | 'USD'; amount: string; ves: string };
  igtf?: string;
  lines?: { method: number; currency: 'VES' | 'USD'; amount: string; ves: string }[];
}

/** An approved payment registered now at BS 40,50 per dollar, in one method or in lines. */
async function pay(paid: Paid) {
  const [row] = await ctx.db
    .insert(payments)
    .values({
      clientId: ana.clientId!,
      addressPaymentId: addressId,
      paymentMethodId: paid.method,
      status: paid.status ?? 1,
      datePayment: '2026-01-15',
      exchangeRate: '40.50',
      amountPayment: paid.amount,
      amountBill: paid.amount,
      dollarAmountPayment: '0.00',
      dollarAmountBill: '0.00',
      taxBase: '0.00',
      iva: '0.00',
      retention: '0.00',
      monthsPayment: [],
      hash: randomBytes(32).toString('hex'),
      createdBy: admin.id,
      changeCurrency: paid.change?.currency ?? null,
      changeAmount: paid.change?.amount ?? null,
      changeAmountVes: paid.change?.ves ?? '0',
      igtfAmount: paid.igtf ?? '0',
      ...(paid.createdAt ? { createdAt: paid.createdAt } : {}),
    })
    .returning({ id: payments.id });
  if (paid.lines)
    await ctx.db
      .insert(paymentTenders)
      .values(paid.lines.map((line, index) => ({ paymentId: row!.id, position: index + 1, paymentMethodId: line.method, currency: line.currency, amount: line.amount, amountVes: line.ves })));
}

const collections = (query: Record<string, unknown> = {}, token = admin.token) => ctx.call('GET', '/api/dashboard/collections', { token, query });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ permissions: ['payments'] });
  noPayments = await ctx.staff({ permissions: ['clients'] });
  ana = await ctx.clientUser({ name: 'Ana Cliente', identificationType: 'V', identification: '12345678' });
  const place = await seedPlace(ctx);
  addressId = await seedAddress(ctx, place, ana.clientId!, NOW);
  dollarsMethod = (await ctx.db.select({ id: paymentMethods.id }).from(paymentMethods).where(eq(paymentMethods.name, 'Efectivo dólares')))[0]!.id;
  // One bolívar cash payment; one of $ 10 in cash plus a Pago Móvil of BS 100 with BS 20 of change and IGTF.
  await pay({ method: 4, amount: '400.00' });
  await pay({
    method: dollarsMethod,
    amount: '485.00',
    change: { currency: 'VES', amount: '20.00', ves: '20.00' },
    igtf: '12.15',
    lines: [
      { method: dollarsMethod, currency: 'USD', amount: '10.00', ves: '405.00' },
      { method: 3, currency: 'VES', amount: '100.00', ves: '100.00' },
    ],
  });
  // A dollar payment in one method: BS 202,50 is $ 5,00 at the rate.
  await pay({ method: dollarsMethod, amount: '202.50', igtf: '6.08' });
  // Not counted: a payment still Procesando, and one approved two years ago.
  await pay({ method: dollarsMethod, amount: '810.00', status: 0 });
  await pay({ method: 4, amount: '999.00', createdAt: new Date(Date.now() - 2 * 366 * 86_400_000) });
});

afterAll(async () => {
  await ctx.close();
});

describe('GET /api/dashboard/collections (issue 49)', () => {
  it('answers this month’s approved collections per currency, the change given and the IGTF collected', async () => {
    const answer = await collections({ filters: { option: 0, dates: `${NOW.slice(5, 7)}-${NOW.slice(0, 4)}` } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      currencies: [
        { currency: 'VES', amount: '500.00', amount_ves: '500.00', change: '20.00' },
        { currency: 'USD', amount: '15.00', amount_ves: '607.50', change: '0.00' },
      ],
      igtf: '18.23',
    });
  });

  it('answers nothing for a month without payments, and 422 on a badly written month', async () => {
    expect((await collections({ filters: { option: 0, dates: '02-2020' } })).body.data).toEqual({ currencies: [], igtf: '0.00' });
    const bad = await collections({ filters: { option: 0, dates: '2026-11' } });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('El formato del mes es MM-YYYY.');
  });

  it('needs the Pagos permission: 403 to other staff and to client users, 401 without a login', async () => {
    expect((await collections({}, noPayments.token)).status).toBe(403);
    expect((await collections({}, ana.token)).status).toBe(403);
    expect((await ctx.call('GET', '/api/dashboard/collections')).status).toBe(401);
  });
});
