import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, clickAndExpectToast, chromiumPath, loginAs, newPage, snapshot, useBrowser } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';
import { owingAddress, type DemoAddress } from './support/demo-records';

const { browser, baseUrl } = useBrowser();


const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const owedIn = async (section: Locator) => Number((await section.getByText(/^Meses por pagar: \d+$/).innerText()).split(': ')[1]);

describe.skipIf(!chromiumPath)(`payment addresses in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('the administrator marks three unpaid months of a demo address from the clients list and sees them paid', async () => {
    // A residential demo address (server/src/db/seed/demo-addresses.ts) that owes at least three months.
    const api = await apiAs(baseUrl());
    const target = await owingAddress(api, 0, 3, 'La semilla de demostración no tiene una dirección residencial con 3 meses por pagar.');
    const clientAddresses = await api<DemoAddress[]>(`addresses-payment/address-client/${target.client_id}`);
    expect(clientAddresses.map((row) => row.id)).toContain(target.id);

    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'admin@recaudo.test');
    await page.goto('/clients');
    const clients = page.getByRole('table', { name: 'Clientes' });
    await clients.waitFor();
    await page.getByLabel('Buscar', { exact: true }).fill(`${target.client.identification_type}-${target.client.identification}`);
    await expect.poll(() => clients.locator('tbody tr.ant-table-row').count()).toBe(1);
    await clients.getByRole('row', { name: new RegExp(escape(target.client.name)) }).getByRole('button', { name: /Expandir fila|Expand row/i }).click();

    const addresses = page.getByRole('table', { name: 'Direcciones de pago' });
    const addressRow = addresses.getByRole('row', { name: new RegExp(escape(target.address)) });
    await addressRow.waitFor();
    await addressRow.getByRole('button', { name: /Expandir fila|Expand row/i }).click();
    const months = page.getByRole('region', { name: `Meses de pago de ${target.address}` });
    await months.waitFor();
    expect(await owedIn(months)).toBe(target.months_to_pay);

    // Three unpaid months, the latest first, walking the year tabs back from the current one.
    const years = (await months.getByRole('tab').allInnerTexts()).reverse();
    const chosen: string[] = [];
    for (const year of years) {
      await months.getByRole('tab', { name: year }).click();
      const unpaid = months.getByRole('group', { name: `Meses de ${year}` }).getByRole('button', { name: /: pendiente por pagar$/ });
      // A tile is named by its hidden full words (web components/month-calendar.tsx).
      const labels = (await unpaid.evaluateAll((buttons) => buttons.map((button) => button.querySelector('.visually-hidden')!.textContent!))).reverse();
      for (const label of labels.slice(0, 3 - chosen.length)) {
        await months.getByRole('button', { name: label, exact: true }).click();
        const name = label.replace(/: pendiente por pagar$/, '');
        await months.getByRole('button', { name: `${name}: cambio pendiente (marcar como pagado)` }).waitFor();
        chosen.push(name);
      }
      if (chosen.length === 3) break;
    }
    expect(chosen).toHaveLength(3);

    await months.getByRole('button', { name: 'Actualizar meses de pago' }).click();
    const confirm = page.getByRole('dialog', { name: 'Actualizar meses de pago' });
    await confirm.getByText('¿Estas seguro de hacer el cambio?').waitFor();
    await clickAndExpectToast(page, confirm.getByRole('button', { name: 'Actualizar', exact: true }), 'Meses de pago actualizados');
    await months.getByText(`Meses por pagar: ${target.months_to_pay - 3}`).waitFor();

    for (const name of chosen) {
      const year = name.slice(-4);
      await months.getByRole('tab', { name: year }).click();
      const button = months.getByRole('button', { name: `${name}: pagado`, exact: true });
      await button.waitFor();
      expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(35, 120, 4)');
    }
    const stored = await api<DemoAddress[]>(`addresses-payment/address-client/${target.client_id}`);
    expect(stored.find((row) => row.id === target.id)?.months_to_pay).toBe(target.months_to_pay - 3);
    await months.scrollIntoViewIfNeeded();
    await snapshot(page, 'client-address-calendar');

    // The same addresses in the client detail, tab 3.
    await page.goto(`/client-detail/${target.client_id}`);
    await page.getByRole('heading', { name: target.client.name }).waitFor();
    await page.getByRole('tab', { name: 'Direcciones de pago' }).click();
    const detailRow = page.getByRole('table', { name: 'Direcciones de pago' }).getByRole('row', { name: new RegExp(escape(target.address)) });
    await detailRow.waitFor();
    expect(await detailRow.innerText()).toContain(String(target.months_to_pay - 3));
    await detailRow.getByRole('button', { name: /Expandir fila|Expand row/i }).click();
    await page.getByRole('region', { name: `Meses de pago de ${target.address}` }).getByText(`Meses por pagar: ${target.months_to_pay - 3}`).waitFor();
    // Let the page and tab transitions end before the picture.
    await page.waitForTimeout(400);
    await snapshot(page, 'client-detail-addresses');
    await page.context().close();
  });
});
