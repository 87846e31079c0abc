import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, clickAndExpectToast, chromiumPath, loginAs, newPage, selectOption, snapshot, useBrowser, chooseRowAction } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';
import { owingAddress } from './support/demo-records';

const { browser, baseUrl } = useBrowser();

/** The page count Chromium's PDF viewer shows once it has read the document in the page's frame. */
async function pdfViewerPageCount(page: Page): Promise<number> {
  const viewerFrame = () => page.frames().find((frame) => frame.url().startsWith('chrome-extension://') && frame.parentFrame()?.url().startsWith('blob:'));
  await expect.poll(() => !!viewerFrame(), { timeout: 15_000 }).toBe(true);
  const pages = viewerFrame()!.locator('#pagelength');
  await expect.poll(async () => Number(await pages.textContent()), { timeout: 15_000 }).toBeGreaterThan(0);
  return Number(await pages.textContent());
}

interface InvoicedPayment {
  id: number;
  number: string | null;
  number_correlative: string | null;
  status_invoice_factory: number | null;
  address_payment_id: number;
  is_retention_apply_success: boolean;
}

describe.skipIf(!chromiumPath)(`legal documents in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('a cashier records a commercial payment with the digital invoice, sees it Procesado, opens the PDF, applies the retention and cancels another', async () => {
    const api = await apiAs(baseUrl(), 'cajero@recaudo.test');
    const target = await owingAddress(api, 1, 1, 'La semilla de demostración no tiene una dirección comercial completa con meses por pagar.');

    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'cajero@recaudo.test');
    await page.goto('/payments');
    const table = page.getByRole('table', { name: 'Pagos' });
    await table.locator('tbody tr.ant-table-row').first().waitFor();

    await page.getByRole('button', { name: 'Nuevo pago' }).click();
    const panel = page.getByRole('dialog', { name: 'Nuevo pago' });
    await panel.waitFor();
    await selectOption(page, panel, 'Cliente', `${target.client.name} (${target.client.identification_type}-${target.client.identification})`, {
      search: target.client.identification,
      exact: false,
    });
    await selectOption(page, panel, 'Dirección de pago', `${target.address} (Comercial)`, { exact: false });
    await panel.getByText(`Meses por pagar: ${target.months_to_pay}`).waitFor();
    await panel.getByText('Aplicar retención (75 % del IVA)').click();
    await selectOption(page, panel, 'Método de pago', 'Efectivo');
    const [serie] = await api<{ id: number; serie: string }[]>('correlatives/selects');
    // A new payment starts Procesando (issue 51); the printer issues an approved one.
    await selectOption(page, panel, 'Estatus', 'Aprobado');
    await selectOption(page, panel, 'Serie', serie!.serie);
    // The office has a printer: "Enviar factura digital" is on by itself (issue 51), which assigns the control number.
    await expect.poll(() => panel.getByRole('switch', { name: 'Enviar factura digital' }).getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => panel.getByLabel('Nº de control').isDisabled()).toBe(true);
    await clickAndExpectToast(page, panel.getByRole('button', { name: 'Guardar' }), 'Pago registrado');
    await panel.waitFor({ state: 'hidden' });

    // The printer (the simulator) issues it after commit: the badge turns Procesado with its control number.
    const first = table.locator('tbody tr.ant-table-row').first();
    await expect.poll(() => first.innerText()).toContain(target.client.name);
    await expect
      .poll(
        async () => {
          await page.reload();
          await table.locator('tbody tr.ant-table-row').first().waitFor();
          return first.innerText();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toContain('Procesado');
    // The control number the printer gave is in the expanded row (issue 34: the row fits 1366 px).
    await first.getByRole('button', { name: /Expandir fila|Expand row/i }).click();
    expect(await page.locator('tr.ant-table-expanded-row').first().innerText()).toMatch(/Nº control\s+00-\d{8}/);
    await snapshot(page, 'invoice-issued');

    await chooseRowAction(page, first, 'Ver factura');
    // Titled by its document (issue 51): "Factura 00-00000012".
    const viewer = page.locator('.ant-modal').filter({ hasText: /Factura 00-\d{8}/ });
    await viewer.locator('iframe[title^="Factura 00-"]').waitFor();
    expect(await viewer.locator('iframe').getAttribute('src')).toMatch(/^blob:/);
    // Chromium's PDF viewer opened the document inside the frame and counted its pages: a frame
    // the policy refused would hold Chrome's "This content is blocked" page (chrome-error://) instead.
    expect(await pdfViewerPageCount(page)).toBeGreaterThan(0);
    expect(page.frames().map((frame) => frame.url())).not.toContainEqual(expect.stringMatching(/^chrome-error:/));
    await snapshot(page, 'invoice-viewer');
    await viewer.getByRole('button', { name: /Close|Cerrar/ }).click();

    await chooseRowAction(page, first, 'Aplicar retención');
    const retention = page.locator('.ant-modal').filter({ hasText: 'Aplicar retención' });
    await retention.getByLabel('Nº de comprobante').fill('20261100000001');
    await retention.getByLabel('Fecha del comprobante').click();
    await page
      .locator('.ant-picker-dropdown:visible')
      .getByText(/^(Hoy|Today)$/)
      .click();
    await clickAndExpectToast(page, retention.getByRole('button', { name: 'Aplicar' }), 'Retención aplicada');

    const issued = await api<{ data: InvoicedPayment[] }>('payments?per_page=10');
    const mine = issued.data.find((row) => row.address_payment_id === target.id)!;
    expect(mine).toMatchObject({ status_invoice_factory: 200, is_retention_apply_success: true });
    expect(mine.number).toMatch(/^00-\d{8}$/);

    // The issued invoice fixes what it states: the panel disables those fields and says why; the rest still saves.
    await chooseRowAction(page, first, 'Editar');
    const edit = page.getByRole('dialog', { name: 'Editar pago' });
    await edit.getByText(/La factura de este pago ya fue emitida: no se puede cambiar Cliente, Dirección de pago, Meses/).waitFor();
    expect(await edit.getByLabel('Método de pago').isDisabled()).toBe(true);
    await edit.getByLabel('Observaciones').fill('Retención recibida en taquilla');
    await clickAndExpectToast(page, edit.getByRole('button', { name: 'Guardar' }), 'Pago actualizado');
    await edit.waitFor({ state: 'hidden' });

    // Another issued invoice of the demo: cancelled with a reason.
    const other = issued.data.find((row) => row.status_invoice_factory === 200 && row.id !== mine.id);
    if (other) {
      const row = table.getByRole('row', { name: new RegExp(other.number_correlative!) });
      await chooseRowAction(page, row, 'Anular factura');
      const cancel = page.locator('.ant-modal').filter({ hasText: 'Anular factura' });
      await cancel.getByRole('button', { name: 'Si' }).click();
      await cancel.getByText('Necesitas completar el campo').waitFor();
      await cancel.getByLabel('Motivo de la anulación').fill('Datos fiscales errados');
      await clickAndExpectToast(page, cancel.getByRole('button', { name: 'Si' }), 'Factura anulada');
      await expect.poll(() => row.innerText()).toContain('Anulado');
    }
    await page.context().close();
  }, 120_000);
});
