import { deflateSync } from 'node:zlib';
import { todayInCaracas } from '@recaudo/domain/dates';
import { messages } from '@recaudo/domain/messages';
import { ADMIN_ROLE_ID } from '@recaudo/domain/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closingFixture, closingUpload } from '../../../test/closed-boxes-fixture';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { pdfHasActiveContent } from '../../platform/uploaded-files';

let ctx: TestContext;
let admin: TestUser;
let serieId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ roleId: ADMIN_ROLE_ID });
  serieId = (await closingFixture(ctx.db)).serieId;
});
afterAll(() => ctx.close());

/** A one-page PDF whose catalog carries `catalog` besides its type and pages. */
const pdf = (catalog = '', extra = '') =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R ${catalog} >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n` +
      `3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /JSONData (x) >>\nendobj\n${extra}trailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );

/** A PDF 1.5 whose catalog sits compressed in an object stream, as most generators write it. */
const compressedCatalog = (catalog: string) => {
  const packed = deflateSync(Buffer.from(`<< /Type /Catalog /Pages 2 0 R ${catalog} >>`));
  return Buffer.concat([
    Buffer.from(`%PDF-1.5\n4 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`),
    packed,
    Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  ]);
};

const store = (data: Buffer) => {
  const fields = { date: todayInCaracas(), user_id: String(admin.id), serie: String(serieId), checkbook_number: '0001', exchange_rate: '36.50', type: '0' };
  const { body, headers } = closingUpload(fields, { name: 'cierre.pdf', type: 'application/pdf', data });
  return ctx.call('POST', '/api/closed-boxs/store', { token: admin.token, body, headers });
};

const closingCount = async () => (await ctx.call('GET', '/api/closed-boxs', { token: admin.token })).body.data.total as number;

describe("a closing's PDF", () => {
  it('is stored and served back as an attachment that is never sniffed', async () => {
    const data = pdf();
    const stored = await store(data);
    expect(stored.status).toBe(200);
    const file = await ctx.app.inject({ method: 'GET', url: `/api/closed-boxs/${stored.body.data.id}/file`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="[a-f0-9-]{36}\.pdf"$/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(data)).toBe(true);
  });

  it.each([
    ['JavaScript', pdf('/Names << /JavaScript 5 0 R >>')],
    ['a JS action', pdf('', '5 0 obj\n<< /S /JavaScript /JS (app.alert(1)) >>\nendobj\n')],
    ['an open action', pdf('/OpenAction 3 0 R')],
    ['additional actions', pdf('/AA << /WC 5 0 R >>')],
    ['a name spelled with #xx escapes', pdf('/Open#41ction 3 0 R')],
    ['an open action inside a compressed object stream', compressedCatalog('/OpenAction 3 0 R')],
  ])('with %s is refused with 422 and nothing is stored', async (_case, data) => {
    const before = await closingCount();
    const answer = await store(data);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ success: false, message: messages.activePdf('Archivo'), errors: { file: [messages.activePdf('Archivo')] } });
    expect(await closingCount()).toBe(before);
  });
});

describe('pdfHasActiveContent', () => {
  it('passes a plain PDF, names that only begin like an action (/JSONData) and a compressed catalog without actions', () => {
    expect(pdfHasActiveContent(pdf())).toBe(false);
    expect(pdfHasActiveContent(compressedCatalog('/PageMode /UseNone'))).toBe(false);
  });
});
