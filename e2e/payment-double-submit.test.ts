import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, chromiumPath, clickAndExpectToast, expectFailedCall, loginAs, newPage, selectOption, useBrowser, withoutDigitalInvoice } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';
import { owingAddress } from './support/demo-records';

const { browser, baseUrl } = useBrowser();

/** How long the throttled connection holds each store request before the server sees it. */
const SLOW_MS = 1_500;

describe.skipIf(!chromiumPath)(`exactly-once payment store in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it("a cashier double-clicks 'Guardar' on a slow connection that drops the answer, retries, and one payment is recorded", async () => {
    const api = await apiAs(baseUrl());
    const target = await owingAddress(api, 0, 1, 'La semilla de demostración no tiene una dirección residencial con meses por pagar.');
    const label = `${target.client.name} (${target.client.identification_type}-${target.client.identification})`;
    const controlNumber = String(Date.now()).slice(-8);

    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'cajero@recaudo.test');
    // The slow connection: each store waits, reaches the server, and while `connectionUp` is false its answer is lost on the way back.
    const sentKeys: string[] = [];
    let connectionUp = false;
    let settled = 0;
    await page.route('**/api/payments/store', async (route: Route) => {
      sentKeys.push(route.request().headers()['idempotency-key'] ?? '');
      await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
      const response = await route.fetch();
      if (connectionUp) await route.fulfill({ response });
      else await route.abort('connectionreset');
      settled++;
    });

    await page.goto('/payments');
    await page.getByRole('table', { name: 'Pagos' }).locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: 'Nuevo pago' }).click();
    const panel = page.getByRole('dialog', { name: 'Nuevo pago' });
    await panel.waitFor();
    await selectOption(page, panel, 'Cliente', label, { search: target.client.identification, exact: false });
    await selectOption(page, panel, 'Dirección de pago', `${target.address} (Residencial)`, { exact: false });
    await panel.getByText(`Meses por pagar: ${target.months_to_pay}`).waitFor();
    await selectOption(page, panel, 'Método de pago', 'Efectivo');
    const [serie] = await api<{ id: number; serie: string }[]>('correlatives/selects');
    await selectOption(page, panel, 'Serie', serie!.serie);
    await withoutDigitalInvoice(panel);
    await panel.getByLabel('Nº de control').fill(controlNumber);

    expectFailedCall(page, '/api/payments/store', 'ERR_CONNECTION_RESET');
    await panel.getByRole('button', { name: 'Guardar' }).dblclick();
    await page.getByText('Error de conexión').first().waitFor();
    await expect.poll(() => settled === sentKeys.length && settled > 0, { timeout: 15_000 }).toBe(true);
    // The first answer was lost after the server stored the payment: the panel is still open and the cashier saves again.
    connectionUp = true;
    await clickAndExpectToast(page, panel.getByRole('button', { name: 'Guardar' }), 'Pago registrado');
    await panel.waitFor({ state: 'hidden' });

    expect(sentKeys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sentKeys).size).toBe(1);
    expect(sentKeys[0]).toMatch(/^[0-9a-f]{32}$/);
    const stored = await api<{ data: { id: number; address_payment_id: number; number: string | null }[] }>(`payments?search=${controlNumber}&per_page=10`);
    expect(stored.data.filter((row) => row.address_payment_id === target.id && row.number === controlNumber)).toHaveLength(1);
    const after = await api<{ id: number; months_to_pay: number }[]>(`addresses-payment/address-client/${target.client_id}`);
    expect(after.find((row) => row.id === target.id)?.months_to_pay).toBe(target.months_to_pay - 1);
    await page.context().close();
  });
});
