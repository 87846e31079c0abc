import { maskedIdentification } from '@recaudo/domain/clients';
import { describe, expect, it } from 'vitest';
import { apiAs, chromiumPath, expectFailedCall, loginAs, newPage, snapshot, useBrowser, waitForLoginPage } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';

const { browser, baseUrl } = useBrowser();

interface DemoPayment {
  hash: string;
  status: number;
  client: { name: string; identification_type: string; identification: string };
}

/** The newest approved demo payment, read through the API as the Administrador. */
async function demoPayment(): Promise<{ payment: DemoPayment; token: string }> {
  const api = await apiAs(baseUrl());
  const [payment] = (await api<{ data: DemoPayment[] }>(`payments?${new URLSearchParams({ 'filters[status][]': '1', per_page: '1' })}`)).data;
  if (!payment) throw new Error('La demostración no tiene pagos aprobados');
  return { payment, token: api.token };
}

describe.skipIf(!chromiumPath)(`public payment verification in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it("opens a receipt's verification link without a login, and says Error! for an unknown hash", async () => {
    const { payment, token } = await demoPayment();
    const pdf = await fetch(`${baseUrl()}/api/payments/generate-payment-pdf/${payment.hash}`, { headers: { authorization: `Bearer ${token}` } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    const page = await newPage(browser(), baseUrl());
    await page.goto(`/verify-payment/${payment.hash}`);
    await page.getByRole('heading', { name: 'Verificación de pago' }).waitFor();
    await page.getByText(payment.client.name, { exact: true }).waitFor();
    expect(page.url()).toContain(`/verify-payment/${payment.hash}`);
    expect(await page.title()).toBe('Recaudo | Verificar pago');
    // The public check masks the identification (issue 46).
    await expect(page.getByText(`${payment.client.identification_type}-${maskedIdentification(payment.client.identification)}`).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Aprobado', { exact: true }).isVisible()).resolves.toBe(true);
    // Drawn by the server: no menu, no script at all.
    expect(await page.getByRole('menu', { name: 'Menú principal' }).count()).toBe(0);
    expect(await page.locator('script').count()).toBe(0);
    await snapshot(page, 'verify-payment');

    expectFailedCall(page, `/verify-payment/${'0'.repeat(64)}`, 404);
    await page.goto(`/verify-payment/${'0'.repeat(64)}`);
    await page.getByText('Error!', { exact: true }).waitFor();
    await expect(page.getByText('El hash no pertenece a ningún pago').isVisible()).resolves.toBe(true);

    // The logo leads to the start page, which for a visitor is the login.
    await page.getByRole('link', { name: 'Recaudo, ir al inicio' }).click();
    await waitForLoginPage(page);
    await page.context().close();
  });

  it('shows a logged-in client the same page, outside the menu, also when the app itself navigates there', async () => {
    const { payment } = await demoPayment();
    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'cliente@recaudo.test');
    await page.goto(`/verify-payment/${payment.hash}`);
    await page.getByText(payment.client.name, { exact: true }).waitFor();
    expect(await page.getByRole('menu', { name: 'Menú principal' }).count()).toBe(0);

    // A link inside the app changes the address without a load: the app hands it to the server.
    await page.goto('/dashboard');
    await page.getByRole('menu', { name: 'Menú principal' }).waitFor();
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/verify-payment/${payment.hash}`);
    await page.getByRole('heading', { name: 'Verificación de pago' }).waitFor();
    await page.getByText(payment.client.name, { exact: true }).waitFor();
    expect(await page.locator('script').count()).toBe(0);
    await page.context().close();
  });
});
