import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { seedDemo } from '../../db/seed/demo';
import { createHkaClient } from '../../providers/invoice/hka-client';
import { startInvoiceSimulator, type InvoiceSimulator } from '../../providers/invoice/simulator';
import { payments } from '../payments/tables';
import { runInvoiceJobs } from './emission';
import { legalDocuments } from './tables';

let ctx: TestContext;
let sim: InvoiceSimulator;
beforeAll(async () => {
  ctx = await createTestContext();
  sim = await startInvoiceSimulator();
});
afterAll(async () => {
  await ctx.close();
  await sim.close();
});

describe('demo legal documents', () => {
  it('queues five invoices, one cancellation and one debit note that the first start issues through the printer', async () => {
    await seedDemo(ctx.db);
    const provider = createHkaClient({ url: sim.url, user: 'recaudo', password: 'simulador' });
    expect(await runInvoiceJobs(ctx.db, provider, { maxAttempts: 5 })).toMatchObject({ done: 7, failed: 0 });
    const documents = await ctx.db.select().from(legalDocuments).orderBy(legalDocuments.id);
    expect(documents.map((doc) => `${doc.typeDocument}:${doc.status}`).sort()).toEqual(['01:200', '01:200', '01:200', '01:200', '01:800', '03:200']);
    const invoiced = await ctx.db.select().from(payments).where(eq(payments.sendInvoice, true));
    expect(invoiced.map((row) => row.statusInvoiceFactory).sort()).toEqual([200, 200, 200, 200, 800]);
    expect(invoiced.every((row) => /^00-\d{8}$/.test(row.number ?? ''))).toBe(true);
    expect(sim.documents.filter((doc) => doc.anulado)).toHaveLength(1);
  });
});
