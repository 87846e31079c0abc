import zlib, { deflateSync } from 'node:zlib';
import { todayInCaracas } from '@recaudo/domain/dates';
import { messages } from '@recaudo/domain/messages';
import { ADMIN_ROLE_ID } from '@recaudo/domain/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closingFixture, closingUpload } from '../../../test/closed-boxes-fixture';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { checkPdf } from '../../platform/pdf-check';
import { scanPdf } from '../../platform/pdf-scan';

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

/** A PDF whose streams are `count` deflate bombs, each inflating to `inflated` bytes of zeros. */
const bombs = (count: number, inflated: number, dictionary = '/Filter /FlateDecode') => {
  const bomb = deflateSync(Buffer.alloc(inflated), { level: 9 });
  const parts = [Buffer.from('%PDF-1.5\n')];
  for (let n = 1; n <= count; n++) parts.push(Buffer.from(`${n} 0 obj\n<< ${dictionary} >>\nstream\n`), bomb, Buffer.from('\nendstream\nendobj\n'));
  return Buffer.concat(parts);
};

describe('scanPdf', () => {
  const MB = 1024 * 1024;
  it('passes a plain PDF, names that only begin like an action (/JSONData) and a compressed catalog without actions', () => {
    expect(scanPdf(pdf(), zlib, 16 * MB)).toBe('clean');
    expect(scanPdf(compressedCatalog('/PageMode /UseNone'), zlib, 16 * MB)).toBe('clean');
  });

  it('finds an open action inside a compressed object stream', () => {
    expect(scanPdf(compressedCatalog('/OpenAction 3 0 R'), zlib, 16 * MB)).toBe('active');
  });

  it('stops at the budget for the whole file, however it is spread over streams', () => {
    expect(scanPdf(bombs(1, 4 * MB), zlib, 16 * MB)).toBe('clean');
    expect(scanPdf(bombs(1, 17 * MB), zlib, 16 * MB)).toBe('too_large');
    expect(scanPdf(bombs(5, 4 * MB), zlib, 16 * MB)).toBe('too_large');
  });

  it('does not inflate images, unless the stream could serve as an object stream (/First)', () => {
    expect(scanPdf(bombs(5, 4 * MB, '/Type /XObject /Subtype /Image /Filter /FlateDecode'), zlib, 16 * MB)).toBe('clean');
    expect(scanPdf(bombs(5, 4 * MB, '/Subtype /Im#61ge /Filter /FlateDecode'), zlib, 16 * MB)).toBe('clean');
    expect(scanPdf(bombs(5, 4 * MB, '/Type /ObjStm /Subtype /Image /N 1 /First 4 /Filter /FlateDecode'), zlib, 16 * MB)).toBe('too_large');
  });
});

describe('checkPdf', () => {
  it('answers in a worker what scanPdf answers, and gives the bytes back', async () => {
    const data = compressedCatalog('/OpenAction 3 0 R');
    const checked = await checkPdf(Buffer.from(data));
    expect(checked.verdict).toBe('active');
    expect(checked.data.equals(data)).toBe(true);
    expect((await checkPdf(pdf())).verdict).toBe('clean');
    expect((await checkPdf(bombs(3, 8 * 1024 * 1024))).verdict).toBe('too_large');
  });

  it('refuses a file that passes the time budget', async () => {
    expect((await checkPdf(bombs(1, 1024 * 1024), { timeMs: 1, inflatedBytes: 16 * 1024 * 1024 })).verdict).toBe('too_large');
  });
});
