import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, chooseRowAction, chromiumPath, loginAs, newPage, rowMenuEntries, snapshot, useBrowser } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';

const { browser, baseUrl } = useBrowser();

interface Named {
  id: number;
  name: string;
}

/** Fails the test on any console error the page logs (a broken screen often says so only there). */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The client names of the list's rows, as shown. */
const clientNames = (page: Page) => page.getByRole('table', { name: 'Clientes' }).locator('tbody tr.ant-table-row td:nth-child(2)').allInnerTexts();

describe.skipIf(!chromiumPath)(`staff lists in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('"Ver clientes" of a community opens its clients with the filter shown, and removing it shows every client', async () => {
    const api = await apiAs(baseUrl());
    const communities = await api<{ data: (Named & { count_clients: number })[] }>('communities?per_page=100');
    const community = communities.data.find((row) => row.count_clients > 0);
    if (!community) throw new Error('La semilla de demostración no tiene comunidades con clientes');
    const filtered = await api<{ data: Named[]; total: number }>(`clients?type=0&per_page=10&filters[community][]=${community.id}`);
    const all = await api<{ data: Named[]; total: number }>('clients?type=0&per_page=10');
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.total).toBeLessThan(all.total);

    const page = await newPage(browser(), baseUrl());
    const errors = watchConsole(page);
    await loginAs(page, 'admin@recaudo.test');
    await page.goto('/communities');
    await page.getByLabel('Buscar', { exact: true }).fill(community.name);
    const row = page.getByRole('row', { name: new RegExp(community.name) }).first();
    await row.waitFor();
    await chooseRowAction(page, row, 'Ver clientes');
    await page.waitForURL(`**/clients?community=${community.id}`);

    const active = page.getByRole('list', { name: 'Filtros activos' });
    await active.getByText(`Comunidad: ${community.name}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Filtros (1 activos)' }).waitFor();
    await expect.poll(() => clientNames(page)).toEqual(filtered.data.map((client) => client.name));
    await snapshot(page, 'clients-of-community');

    await active.getByLabel('Quitar filtro Comunidad').click();
    await active.waitFor({ state: 'detached' });
    await expect.poll(() => clientNames(page)).toEqual(all.data.map((client) => client.name));
    expect(new URL(page.url()).search).toBe('');
    // A reload keeps what the address says: no filter any more.
    await page.reload();
    await page.getByRole('table', { name: 'Clientes' }).locator('tbody tr.ant-table-row').first().waitFor();
    await expect.poll(() => clientNames(page)).toEqual(all.data.map((client) => client.name));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('payment rows show Aprobar and Editar in the same place and the rest in "Más", destructive last in red; approving and switching off ask first', async () => {
    const api = await apiAs(baseUrl());
    const processing = await api<{ data: { id: number; client: Named; status: number }[] }>('payments?per_page=1&filters[status][]=0');
    const approved = await api<{ data: { id: number; number_correlative: string; status: number }[] }>('payments?per_page=1&filters[status][]=1');
    const waiting = processing.data[0];
    const done = approved.data[0];
    if (!waiting || !done) throw new Error('La semilla de demostración no tiene pagos en Procesando y Aprobados');

    const page = await newPage(browser(), baseUrl());
    const errors = watchConsole(page);
    await loginAs(page, 'admin@recaudo.test');
    await page.goto('/payments');
    const table = page.getByRole('table', { name: 'Pagos' });
    await table.locator('tbody tr.ant-table-row').first().waitFor();

    // Every row: the same two labeled buttons, then "Más".
    const rows = table.locator('tbody tr.ant-table-row');
    const count = await rows.count();
    for (let index = 0; index < count; index++) {
      const actions = rows.nth(index).locator('td').last();
      expect(await actions.getByRole('button').allInnerTexts()).toEqual(['Aprobar', 'Editar', 'Más']);
    }
    const approvedRow = rows.filter({ hasText: done.number_correlative }).first();
    await expect.poll(() => approvedRow.getByRole('button', { name: 'Aprobar' }).isDisabled()).toBe(true);
    const entries = await rowMenuEntries(page, approvedRow);
    expect(entries.slice(-2)).toEqual(['Rechazar', 'Eliminar']);
    await approvedRow.getByRole('button', { name: /^Más acciones/ }).click();
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menu');
    const red = await menu.getByRole('menuitem', { name: 'Eliminar' }).evaluate((item) => getComputedStyle(item).color);
    const plain = await menu.getByRole('menuitem', { name: 'Historial de cambios' }).evaluate((item) => getComputedStyle(item).color);
    expect(red).not.toBe(plain);
    expect(red).toMatch(/^rgb\(2\d\d, \d{1,2}, \d{1,2}\)$/);
    await page.keyboard.press('Escape');

    // Aprobar asks; "Cancelar" leaves the payment in Procesando.
    await page.getByLabel('Buscar', { exact: true }).fill(waiting.client.name);
    const waitingRow = rows.filter({ hasText: 'Procesando' }).filter({ hasText: waiting.client.name }).first();
    await waitingRow.waitFor();
    await chooseRowAction(page, waitingRow, 'Aprobar');
    const approve = page.getByRole('dialog', { name: 'Aprobar pago' });
    await approve.waitFor();
    await snapshot(page, 'approve-confirmation');
    await approve.getByRole('button', { name: 'Cancelar' }).click();
    await approve.waitFor({ state: 'hidden' });
    const [still] = (await api<{ data: { id: number; status: number }[] }>(`payments?per_page=100&filters[status][]=0`)).data.filter((row) => row.id === waiting.id);
    expect(still?.status).toBe(0);

    // Switching a client off asks too; "Cancelar" keeps them active.
    const clients = await api<{ data: (Named & { active: boolean })[] }>('clients?type=0&per_page=1&filters[status]=1');
    const client = clients.data[0]!;
    await page.goto('/clients');
    await page.getByLabel('Buscar', { exact: true }).fill(client.name);
    const toggle = page.getByRole('switch', { name: `Estatus de ${client.name}` }).first();
    await toggle.click();
    const question = page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
    await question.getByText(`Estatus de ${client.name} pasa a Inactivo.`).waitFor();
    await snapshot(page, 'switch-confirmation');
    await question.getByRole('button', { name: 'Cancelar' }).click();
    expect(await toggle.isChecked()).toBe(true);
    const [unchanged] = (await api<{ data: (Named & { active: boolean })[] }>(`clients?type=0&search=${encodeURIComponent(client.name)}`)).data;
    expect(unchanged?.active).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
