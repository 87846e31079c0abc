import { describe, expect, it } from 'vitest';
import { apiAs, chromiumPath, clickAndExpectToast, loginAs, newPage, selectOption, snapshot, useBrowser } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';

const { browser, baseUrl } = useBrowser();

interface UnclosedPayment {
  id: number;
  number_correlative: string | null;
  amount_payment: string;
  date_payment: string;
}

const money = (value: string) => {
  const [whole = '0', cents = '00'] = value.split('.');
  return `BS ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}`;
};

describe.skipIf(!chromiumPath)(`cash closings in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('a cashier closes a shift with two payments, verifies a group, and a second session sees the list reload by itself', async () => {
    const api = await apiAs(baseUrl(), 'cajero@recaudo.test');
    const unclosed = await api<{ data: UnclosedPayment[] }>('bill-payments/not-closed-box?per_page=50&filters[status]=1');
    // "Agregar pagos" opens on the closing's date (issue 51): two payments of one day, closed on that day.
    const numbered = unclosed.data.filter((payment) => payment.number_correlative);
    const day = numbered.map((payment) => payment.date_payment).find((date, _index, dates) => dates.filter((other) => other === date).length >= 2);
    const chosen = numbered.filter((payment) => payment.date_payment === day).slice(0, 2);
    expect(chosen).toHaveLength(2);
    const series = await api<{ id: number; serie: string }[]>('correlatives/selects');
    const checkbook = `E2E-${Date.now().toString(36)}`;

    // The supervisor watches the closings list in another browser.
    const watcher = await newPage(browser(), baseUrl());
    await loginAs(watcher, 'admin@recaudo.test');
    await watcher.goto('/closed-boxs');
    const watched = watcher.getByRole('table', { name: 'Cierres de Caja' });
    await watched.waitFor();

    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'cajero@recaudo.test');
    await page.goto('/closed-boxs');
    await page.getByRole('table', { name: 'Cierres de Caja' }).waitFor();
    await page.getByRole('button', { name: /Nuevo cierre/ }).click();
    const panel = page.getByRole('dialog', { name: 'Nuevo cierre de caja' });
    await panel.waitFor();
    await selectOption(page, panel, 'Serie', series[0]!.serie);
    await panel.getByLabel('Número de chequera').fill(checkbook);
    await panel.getByLabel('Tasa de cambio').fill('36,50');
    await panel.getByLabel('Fecha', { exact: true }).click();
    await panel.getByLabel('Fecha', { exact: true }).fill(day!.split('-').reverse().join('-'));
    // Enter would submit the form; leaving the field keeps the typed date.
    await panel.getByLabel('Fecha', { exact: true }).press('Tab');
    await clickAndExpectToast(page, panel.getByRole('button', { name: 'Guardar' }), 'Cierre de caja registrado');

    // The other session shows the new closing without a click.
    await watched.getByRole('row', { name: new RegExp(checkbook) }).waitFor({ timeout: 15_000 });

    const row = page.getByRole('row', { name: new RegExp(checkbook) });
    await row.getByRole('button', { name: 'Ver pagos' }).click();
    await page.getByRole('button', { name: /Agregar pagos/ }).click();
    const modal = page.getByRole('dialog', { name: 'Pagos' });
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Filtros (2 activos)' }).waitFor();
    for (const payment of chosen) {
      await modal.getByLabel('Buscar', { exact: true }).fill(payment.number_correlative!);
      const line = modal.getByRole('row', { name: new RegExp(payment.number_correlative!) });
      await line.waitFor();
      await expect.poll(() => modal.locator('tbody tr.ant-table-row').count()).toBe(1);
      await line.getByRole('checkbox').check();
    }
    await clickAndExpectToast(page, modal.getByRole('button', { name: 'Agregar' }), '2 pagos agregados al cierre de caja');
    const totals = page.getByLabel('Totales del cierre');
    const sum = (Number(chosen[0]!.amount_payment) * 100 + Number(chosen[1]!.amount_payment) * 100) / 100;
    await totals
      .getByText(money(sum.toFixed(2)))
      .first()
      .waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('table', { name: /Pagos del cierre de caja/ })
          .locator('tbody tr.ant-table-row')
          .count(),
      )
      .toBe(2);

    await page.getByRole('button', { name: 'Volver a los cierres de caja' }).click();
    const back = page.getByRole('row', { name: new RegExp(checkbook) });
    await back.getByRole('button', { name: /Expandir fila|Expand row/i }).click();
    const card = page.getByLabel(/^Grupo .* sin verificar$/).first();
    await card.waitFor();
    const name = (await card.getAttribute('aria-label'))!.replace(/ sin verificar$/, '');
    await card.getByRole('button', { name: /Aprobar Pagos/ }).click();
    await clickAndExpectToast(page, page.getByRole('button', { name: 'Si' }), 'Pagos aprobados');
    const verified = page.getByLabel(`${name} verificado`);
    await verified.waitFor();
    expect(await verified.getAttribute('data-verified')).toBe('true');
    expect(await verified.evaluate((element) => getComputedStyle(element).borderTopColor)).toBe('rgb(82, 196, 26)');
    await snapshot(page, 'closed-boxes-groups');
  });
});
