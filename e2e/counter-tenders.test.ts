import fs from 'node:fs/promises';
import Decimal from 'decimal.js';
import { formatMoney } from '@recaudo/domain/format-money';
import { describe, expect, it } from 'vitest';
import { apiAs, chooseRowAction, chromiumPath, clickAndExpectToast, downloaded, loginAs, newPage, selectOption, snapshot, useBrowser, withoutDigitalInvoice } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';
import { owingAddress } from './support/demo-records';

const { browser, baseUrl } = useBrowser();

interface StoredPayment {
  id: number;
  number: string | null;
  number_correlative: string | null;
  status: number;
  amount_payment: string;
  tenders: { payment_method: { name: string }; currency: string; amount: string; amount_ves: string }[];
  change: { currency: string; amount: string } | null;
  igtf_amount: string;
}

/** "BS 1.234,56" → 1234.56 as a decimal. */
const fromScreen = (text: string) => new Decimal(text.replace(/[^\d,-]/g, '').replace(',', '.'));
/** 1234.5 → "1.234,50", as the screens write money. */
const onScreen = (value: Decimal) => formatMoney(value.toFixed(2)).replace(/^BS /, '');

/** Today's control number: 8 digits no demo payment has. */
const controlNumber = () => String(Date.now()).slice(-8);

describe.skipIf(!chromiumPath)(`dollars at the counter in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('a cashier takes $ 10 in cash and a Pago Móvil for the rest, gives change in bolívares, prints the receipt and closes the box counting the dollars', async () => {
    const api = await apiAs(baseUrl(), 'cajero@recaudo.test');
    // A month the $ 10 in cash cannot cover, so a Pago Móvil pays the rest.
    const target = await owingAddress(api, 0, 1, 'La semilla de demostración no tiene una dirección residencial completa con un mes de más de $ 10 por pagar.', { feeAbove: 10 });
    const [bank] = await api<{ id: number; code: string; name: string }[]>('banks/selects');
    const reference = String(Date.now()).slice(-10);
    const number = controlNumber();

    const page = await newPage(browser(), baseUrl());
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAs(page, 'cajero@recaudo.test');
    await page.goto('/payments');
    await page.getByRole('table', { name: 'Pagos' }).locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: 'Nuevo pago' }).click();
    const panel = page.getByRole('dialog', { name: 'Nuevo pago' });
    await panel.waitFor();
    await selectOption(page, panel, 'Cliente', `${target.client.name} (${target.client.identification_type}-${target.client.identification})`, {
      search: target.client.identification,
      exact: false,
    });
    await selectOption(page, panel, 'Dirección de pago', `${target.address} (Residencial)`, { exact: false });
    await panel.getByRole('region', { name: 'Resumen de montos' }).getByText(/× 1 mes/).waitFor();
    await selectOption(page, panel, 'Estatus', 'Aprobado');
    await withoutDigitalInvoice(panel);
    await panel.getByLabel('Nº de control').fill(number);

    // Line 1: $ 10 in cash, shown with its bolívar value; the cover says what is missing, with the IGTF on the $ 10.
    await selectOption(page, panel, 'Método de pago', 'Efectivo dólares ($)');
    const amount = panel.getByLabel('Monto pagado');
    await amount.fill('10');
    await panel.getByText(/^Equivale a BS /).first().waitFor();
    const cover = panel.getByRole('region', { name: 'Resumen del cobro' });
    await cover.getByText('IGTF (3,00 % sobre $ 10,00)').waitFor();
    await cover.getByText('Falta').waitFor();
    const missing = fromScreen((await cover.getByText(/^BS [\d.,]+ · \$ [\d.,]+$/).last().innerText()).split('·')[0]!);
    expect(missing.greaterThan(0)).toBe(true);

    // Line 2: a Pago Móvil, filled with what is missing, typed rounder: the rest is change.
    await panel.getByRole('button', { name: /Agregar línea de cobro/ }).click();
    const line = panel.getByRole('region', { name: 'Línea de cobro 2' });
    await selectOption(page, line, 'Método de pago', 'Pago móvil');
    const lineAmount = line.getByLabel('Monto (BS)');
    await expect.poll(() => lineAmount.inputValue()).toBe(onScreen(missing));
    const paid = missing.dividedBy(10).ceil().times(10).plus(10);
    await lineAmount.fill(paid.toFixed(0));
    await line.getByLabel('Referencia').fill(reference);
    await selectOption(page, line, 'Banco de origen', `${bank!.code} - ${bank!.name}`);
    const change = paid.minus(missing);
    await cover.getByText('Sobra (vuelto)').waitFor();
    await expect.poll(() => cover.getByLabel('Vuelto entregado').inputValue()).toBe(onScreen(change));
    expect(await cover.innerText()).toContain('Bolívares');
    await line.scrollIntoViewIfNeeded();
    await snapshot(page, 'payment-form-tender-line');
    await cover.scrollIntoViewIfNeeded();
    await snapshot(page, 'payment-form-cover');

    await clickAndExpectToast(page, panel.getByRole('button', { name: 'Guardar' }), 'Pago registrado');
    await panel.waitFor({ state: 'hidden' });

    // Stored as the cashier saw it: two lines, the change in bolívares, IGTF collected.
    const listed = await api<{ data: StoredPayment[] }>(`payments?search=${number}&per_page=10`);
    const payment = listed.data.find((row) => row.number === number)!;
    expect(payment.status).toBe(1);
    expect(payment.tenders.map((tender) => [tender.payment_method.name, tender.currency, tender.amount])).toEqual([
      ['Efectivo dólares', 'USD', '10.00'],
      ['Pago móvil', 'VES', paid.toFixed(2)],
    ]);
    expect(payment.change).toMatchObject({ currency: 'VES', amount: change.toFixed(2) });
    expect(Number(payment.igtf_amount)).toBeGreaterThan(0);

    // The payment's details show the lines, the change and the IGTF; the receipt downloads as a PDF.
    const table = page.getByRole('table', { name: 'Pagos' });
    await page.getByRole('textbox', { name: 'Buscar' }).fill(number);
    const row = table.getByRole('row').filter({ hasText: target.client.name });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await row.getByRole('button', { name: /Expandir fila|Expand row/i }).click();
    const details = page.locator('tr.ant-table-expanded-row').first();
    await details.getByText('Líneas de cobro').waitFor();
    const detailsText = await details.innerText();
    expect(detailsText).toContain('Efectivo dólares: $ 10,00');
    expect(detailsText).toContain(`Pago móvil: BS ${onScreen(paid)} · Ref. ${reference}`);
    expect(detailsText).toMatch(new RegExp(`Vuelto\\s+BS ${onScreen(change).replace(/\./g, '\\.')}`));
    expect(detailsText).toMatch(/IGTF\s+BS [\d.,]+ · \$ 0,30 sobre \$ 10,00/);
    await snapshot(page, 'payment-details-tenders');
    const download = page.waitForEvent('download');
    await chooseRowAction(page, row, 'Descargar recibo');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Recibo .+\.pdf$/);
    expect((await fs.readFile(await downloaded(file))).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The box is closed with $ 10 counted: the dollars balance, the bolívar change left the drawer.
    const checkbook = `E2E-USD-${Date.now().toString(36)}`;
    await page.goto('/closed-boxs');
    await page.getByRole('table', { name: 'Cierres de Caja' }).waitFor();
    await page.getByRole('button', { name: /Nuevo cierre/ }).click();
    const closingPanel = page.getByRole('dialog', { name: 'Nuevo cierre de caja' });
    await closingPanel.waitFor();
    await closingPanel.getByLabel('Número de chequera').fill(checkbook);
    await closingPanel.getByLabel('Efectivo contado ($)').fill('10');
    await snapshot(page, 'closing-form-counted-cash');
    await clickAndExpectToast(page, closingPanel.getByRole('button', { name: 'Guardar' }), 'Cierre de caja registrado');
    await page.getByRole('row', { name: new RegExp(checkbook) }).getByRole('button', { name: 'Ver pagos' }).click();
    await page.getByRole('button', { name: /Agregar pagos/ }).click();
    const modal = page.getByRole('dialog', { name: 'Pagos' });
    await modal.getByLabel('Buscar', { exact: true }).fill(payment.number_correlative!);
    const candidate = modal.getByRole('row', { name: new RegExp(payment.number_correlative!) });
    await expect.poll(() => modal.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBe(1);
    await candidate.getByRole('checkbox').check();
    await clickAndExpectToast(page, modal.getByRole('button', { name: 'Agregar' }), 'Pago agregado al cierre de caja');
    const money = page.getByRole('region', { name: 'Dinero por moneda' });
    const dollars = money.getByRole('row', { name: /Dólares \(USD\)/ });
    await expect.poll(() => dollars.innerText()).toMatch(/\$ 10,00\s+\$ 0,00\s+\$ 10,00\s+\$ 10,00\s+\$ 0,00/);
    const bolivars = await money.getByRole('row', { name: /Bolívares \(VES\)/ }).innerText();
    expect(bolivars).toContain(`BS ${onScreen(paid)}`);
    expect(bolivars).toContain(`BS ${onScreen(change)}`);
    expect(await money.innerText()).toMatch(/IGTF cobrado: BS [\d.,]+/);
    await snapshot(page, 'closing-money-per-currency');

    // The administrator's dashboard counts the dollars and the IGTF of the month.
    const admin = await newPage(browser(), baseUrl());
    await admin.setViewportSize({ width: 1366, height: 768 });
    await loginAs(admin, 'admin@recaudo.test');
    const collections = admin.getByText('Cobros por moneda');
    await collections.scrollIntoViewIfNeeded();
    const dollarCard = admin.getByRole('region', { name: 'Dólares (USD)' });
    await dollarCard.waitFor();
    expect(fromScreen((await dollarCard.innerText()).split('\n')[1]!).greaterThanOrEqualTo(10)).toBe(true);
    await admin.getByRole('region', { name: 'IGTF cobrado' }).waitFor();
    await snapshot(admin, 'dashboard-collections');
    await admin.context().close();
    await page.context().close();
  }, 180_000);
});
