import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';

/** GET /api/payments/tender-settings (issue 49): what the payment form needs to compute IGTF as the cashier types. */
let collecting: TestContext;
let exempt: TestContext;
let training: TestContext;

/** The real printer's settings (issue 51): with them "Enviar factura digital" starts on. */
const PRINTER = { INVOICE_PROVIDER_URL: 'http://127.0.0.1:9/api', INVOICE_PROVIDER_USER: 'recaudo', INVOICE_PROVIDER_PASSWORD: 'clave' };

beforeAll(async () => {
  collecting = await createTestContext({ IGTF_ENABLED: 'true', IGTF_RATE: '3,00', ...PRINTER });
  exempt = await createTestContext();
  training = await createTestContext({ SIMULATORS: 'on' });
});
afterAll(async () => {
  await collecting.close();
  await exempt.close();
  await training.close();
});

describe('GET /api/payments/tender-settings', () => {
  it('answers the office’s IGTF rate, the most lines a payment takes and that a printer issues its invoices', async () => {
    const cashier = await collecting.staff({ permissions: ['payments', 'add_payment'] });
    const answer = await collecting.call('GET', '/api/payments/tender-settings', { token: cashier.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ igtf_rate: '3.00', max_tender_lines: 5, invoice_printer: true });
  });

  it('answers no rate where the office does not collect IGTF, and no printer where none is configured nor simulated on purpose', async () => {
    const editor = await exempt.staff({ permissions: ['payments', 'edit_payment'] });
    expect((await exempt.call('GET', '/api/payments/tender-settings', { token: editor.token })).body.data).toEqual({ igtf_rate: null, max_tender_lines: 5, invoice_printer: false });
  });

  it('counts the printer simulator started on purpose (SIMULATORS=on) as the office’s printer', async () => {
    const cashier = await training.staff({ permissions: ['payments', 'add_payment'] });
    expect((await training.call('GET', '/api/payments/tender-settings', { token: cashier.token })).body.data).toMatchObject({ invoice_printer: true });
  });

  it('needs a permission to record or edit payments, and a login', async () => {
    const reader = await collecting.staff({ permissions: ['payments'] });
    expect((await collecting.call('GET', '/api/payments/tender-settings', { token: reader.token })).status).toBe(403);
    expect((await collecting.call('GET', '/api/payments/tender-settings')).status).toBe(401);
  });
});
