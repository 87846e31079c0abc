import { debtTotal } from '@recaudo/domain/amounts';
import { formatMoney } from '@recaudo/domain/format-money';
import { addMonths, currentMonth, type CalendarYear } from '@recaudo/domain/months';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { apiAs, chooseRowAction, chromiumPath, clickAndExpectToast, loginAs, newPage, rowMenuEntries, selectOption, snapshot, useBrowser } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';
import { owingAddress, type DemoAddress } from './support/demo-records';

const { browser, baseUrl } = useBrowser();

/** What these tests read of an address row besides the demo records' fields. */
interface AddressFacts extends DemoAddress {
  payments: CalendarYear[];
  state_id: number;
  municipality_id: number;
  parish_id: number;
  community_id: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const debtText = (months: number, fee: string, rate: string) => `Debe ${formatMoney(debtTotal(months, fee, rate))}`;

describe.skipIf(!chromiumPath)(`a client's addresses in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it("the administrator opens a client's addresses from the clients list, sees each one's actions and debt, edits one and deletes it", async () => {
    const api = await apiAs(baseUrl());
    const demo = await owingAddress(api, 0, 1, 'La semilla de demostración no tiene una dirección residencial con meses por pagar.');
    const ofClient = () => api<AddressFacts[]>(`addresses-payment/address-client/${demo.client_id}`);
    const place = (await ofClient()).find((row) => row.id === demo.id)!;
    // An address of this test's own, served from two months ago, so the demo data stays as it was.
    const name = `Calle Prueba E2E ${Date.now()}`;
    const store = await fetch(`${baseUrl()}/api/addresses-payment/store`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${api.token}` },
      body: JSON.stringify({
        client_id: demo.client_id,
        type: 0,
        address: name,
        state_id: place.state_id,
        municipality_id: place.municipality_id,
        parish_id: place.parish_id,
        community_id: place.community_id,
        economic_activity_id: null,
        is_custom_fee: false,
        fee: null,
        date_start: `${addMonths(currentMonth(), -2)}-01`,
      }),
    });
    expect(store.status).toBe(200);
    const created = (await ofClient()).find((row) => row.address === name)!;
    expect(created.months_to_pay).toBeGreaterThan(0);
    const { dollar_rate } = await api<{ dollar_rate: string }>('configurations/exchange-rate');

    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'admin@recaudo.test');
    await page.goto('/clients');
    const clients = page.getByRole('table', { name: 'Clientes' });
    await clients.waitFor();
    await page.getByLabel('Buscar', { exact: true }).fill(`${demo.client.identification_type}-${demo.client.identification}`);
    await expect.poll(() => clients.locator('tbody tr.ant-table-row').count()).toBe(1);
    await clients.getByRole('row', { name: new RegExp(escape(demo.client.name)) }).getByRole('button', { name: /Expandir fila|Expand row/i }).click();

    const addresses = page.getByRole('table', { name: 'Direcciones de pago' });
    const row = addresses.getByRole('row', { name: new RegExp(escape(name)) });
    await row.waitFor();
    await page.getByRole('button', { name: 'Nueva dirección' }).waitFor();
    // Spec 02 §9 debt total under the months to pay: months × fee × today's dollar rate.
    await row.getByText(debtText(created.months_to_pay, created.fee!, dollar_rate)).waitFor();
    await row.getByRole('button', { name: 'Editar', exact: true }).waitFor();
    // It owes months: no solvency yet.
    expect(await row.getByRole('button', { name: 'Generar solvencia', exact: true }).isDisabled()).toBe(true);
    expect(await rowMenuEntries(page, row)).toEqual(['Estado de cuenta', 'Historial de cambios', 'Eliminar']);
    // At 1366 px with the sidebar open the addresses and their actions fit the expanded row: no sideways scroll.
    const overflow = await addresses.evaluate((table) => {
      const box = table.closest('.ant-table-content, .ant-table-body');
      return box ? box.scrollWidth - box.clientWidth : Number.NaN;
    });
    expect(overflow).toBe(0);
    await row.scrollIntoViewIfNeeded();
    await snapshot(page, 'client-address-actions');

    await chooseRowAction(page, row, 'Editar');
    const panel = page.getByRole('dialog', { name: 'Editar dirección' });
    await panel.waitFor();
    expect(await panel.getByLabel('Dirección').inputValue()).toBe(name);
    await panel.getByLabel('Dirección').fill(`${name}, casa 7`);
    await clickAndExpectToast(page, panel.getByRole('button', { name: 'Guardar' }), 'Dirección actualizada');
    await panel.waitFor({ state: 'hidden' });
    const edited = addresses.getByRole('row', { name: new RegExp(escape(`${name}, casa 7`)) });
    await edited.waitFor();
    expect((await ofClient()).find((item) => item.id === created.id)?.address).toBe(`${name}, casa 7`);

    await chooseRowAction(page, edited, 'Eliminar');
    const confirm = page.getByRole('dialog', { name: 'Seguro de eliminar la dirección del cliente?' });
    await clickAndExpectToast(page, confirm.getByRole('button', { name: 'Eliminar' }), 'Dirección eliminada');
    await edited.waitFor({ state: 'detached' });
    expect((await ofClient()).some((item) => item.id === created.id)).toBe(false);
    await page.context().close();
  });

  it('the payment panel says what "Pagar deuda total" comes to', async () => {
    const api = await apiAs(baseUrl());
    const demo = await owingAddress(api, 0, 1, 'La semilla de demostración no tiene una dirección residencial con meses por pagar.');
    const facts = (await api<AddressFacts[]>(`addresses-payment/address-client/${demo.client_id}`)).find((row) => row.id === demo.id)!;
    const { dollar_rate } = await api<{ dollar_rate: string }>('configurations/exchange-rate');
    const months = facts.months_to_pay;

    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'admin@recaudo.test');
    await page.goto('/payments');
    await page.getByRole('table', { name: 'Pagos' }).locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: 'Nuevo pago' }).click();
    const panel = page.getByRole('dialog', { name: 'Nuevo pago' });
    await panel.waitFor();
    const label = `${demo.client.name} (${demo.client.identification_type}-${demo.client.identification})`;
    await selectOption(page, panel, 'Cliente', label, { search: demo.client.identification, exact: false });
    await selectOption(page, panel, 'Dirección de pago', `${demo.address} (Residencial)`, { exact: false });
    // A residential address starts on the dollar rate (spec 02 §9): each owed month at its price, and their late-payment surcharge (issue 50).
    const owed = facts.payments.flatMap((year) => year.months).filter((entry) => entry.state === 'unpaid' && entry.month <= currentMonth());
    expect(owed).toHaveLength(months);
    const dollars = owed.reduce((sum, entry) => sum.plus(entry.price_usd!).plus(entry.surcharge_usd ?? 0), new Decimal(0));
    const surcharged = owed.some((entry) => new Decimal(entry.surcharge_usd ?? 0).greaterThan(0));
    const total = formatMoney(debtTotal(1, dollars, dollar_rate));
    const name = `Pagar deuda total (${months} ${months === 1 ? 'mes' : 'meses'}${surcharged ? ' y recargo por mora' : ''}: ${total})`;
    await panel.getByRole('checkbox', { name }).waitFor();
    await page.context().close();
  });
});
