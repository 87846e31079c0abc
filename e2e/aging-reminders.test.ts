import { identificationLabel } from '@recaudo/domain/clients';
import type { DashboardAging } from '@recaudo/domain/dashboard';
import { EMPTY_TEXT, formatNumber } from '@recaudo/domain/format';
import { formatMoney } from '@recaudo/domain/format-money';
import { reminderInstallmentLine, type ReminderEntry, type ReminderPreview } from '@recaudo/domain/reminders';
import { AGING_LABELS, agingBucket } from '@recaudo/domain/statement';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, chromiumPath, loginAs, newPage, scrollThrough, selectOption, snapshot, useBrowser } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';

const { browser, baseUrl } = useBrowser();

/** The preview's Convenio cell: one line per address with a current agreement's next installment, else VACIO. */
const installmentsText = (entry: ReminderEntry) => {
  const lines = entry.addresses.flatMap((address) => (address.installment ? [reminderInstallmentLine(address.installment)] : []));
  return lines.length ? lines.join('\n') : EMPTY_TEXT;
};

interface AgingRow {
  id: number;
  address: string;
  months_to_pay: number;
  aging: keyof typeof AGING_LABELS | null;
}

/** The text of each row's cell under the column headed `header`, wherever that column stands. */
async function columnTexts(table: Locator, header: string): Promise<string[]> {
  return table.evaluate((element, title) => {
    const headers = Array.from(element.querySelectorAll('thead th')).map((cell) => cell.textContent?.trim());
    const index = headers.indexOf(title);
    if (index < 0) throw new Error(`No hay columna ${title}: ${headers.join(' | ')}`);
    return Array.from(element.querySelectorAll('tbody tr.ant-table-row')).map((row) => (row.children[index] as HTMLElement).innerText.trim());
  }, header);
}

/** The staff's aging views (issue 33), at the office's 1366 px. */
describe.skipIf(!chromiumPath)(`debt aging and reminders for staff in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('the addresses list shows each address’s aging and "1 a 3 meses" of the filter leaves only those rows', async () => {
    const api = await apiAs(baseUrl());
    const all = await api<{ data: AgingRow[]; total: number }>('addresses-payment?type=0&per_page=10');
    const owing = await api<{ data: AgingRow[]; total: number }>('addresses-payment?type=0&per_page=10&filters[aging]=1-3');
    // The demo seed has addresses in that bucket and others outside it, so the filter has something to leave out.
    expect(owing.total).toBeGreaterThan(0);
    expect(owing.total).toBeLessThan(all.total);
    expect(owing.data.every((row) => row.months_to_pay >= 1 && row.months_to_pay <= 3)).toBe(true);

    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'admin@recaudo.test');
    await page.goto('/address-payments');
    const table = page.getByRole('table', { name: 'Direcciones de Pagos' });
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    // Each row's aging is the bucket of its months owed, VACIO when it owes nothing.
    await expect.poll(() => columnTexts(table, 'Antigüedad')).toEqual(all.data.map((row) => (row.aging ? AGING_LABELS[row.aging] : EMPTY_TEXT)));
    expect(all.data.map((row) => row.aging)).toEqual(all.data.map((row) => agingBucket(row.months_to_pay)));

    await page.getByRole('button', { name: /^Filtros/ }).click();
    const filters = page.getByRole('dialog', { name: 'Filtros' });
    await selectOption(page, filters, 'Antigüedad de la deuda', AGING_LABELS['1-3']);
    await filters.locator('.ant-drawer-footer').getByRole('button', { name: 'Cerrar' }).click();
    await page.getByRole('list', { name: 'Filtros activos' }).getByText(`Antigüedad de la deuda: ${AGING_LABELS['1-3']}`, { exact: true }).waitFor();
    await expect.poll(() => columnTexts(table, 'Antigüedad')).toEqual(owing.data.map(() => AGING_LABELS['1-3']));
    // The address's first line; its community and place follow under it.
    await expect.poll(async () => (await columnTexts(table, 'Dirección')).map((text) => text.split('\n')[0])).toEqual(owing.data.map((row) => row.address));
    await snapshot(page, 'addresses-aging-1-3');
    await page.context().close();
  });

  it('the dashboard’s aging card, from its own call, shows each bucket and the total, equal to the addresses list', async () => {
    const api = await apiAs(baseUrl());
    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'admin@recaudo.test');
    const agingCall = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/dashboard/aging');
    await page.goto('/dashboard');
    const { data } = (await (await agingCall).json()) as { data: DashboardAging };
    expect(data.aging.map((row) => row.bucket)).toEqual(['1-3', '4-6', '7-12', '13+']);
    // Equal to the sum over the addresses of both types that the list's filter finds.
    for (const row of data.aging) {
      const [residential, commercial] = await Promise.all(
        [0, 1].map((type) => api<{ total: number }>(`addresses-payment?type=${type}&per_page=1&filters[aging]=${encodeURIComponent(row.bucket)}`)),
      );
      expect(residential!.total + commercial!.total, row.bucket).toBe(row.addresses);
    }
    expect(data.aging.some((row) => row.addresses > 0)).toBe(true);

    const card = page.locator('.ant-card').filter({ has: page.getByText('Deuda por antigüedad', { exact: true }) });
    await card.locator('tbody tr.ant-table-row').first().waitFor();
    const rows = await card
      .locator('tbody tr.ant-table-row')
      .evaluateAll((found) => found.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.innerText.trim())));
    expect(rows).toEqual(
      data.aging.map((row) => [AGING_LABELS[row.bucket], formatNumber(row.addresses), formatMoney(row.owed_usd, '$'), formatMoney(row.owed_bs), formatMoney(row.surcharge_usd, '$')]),
    );
    const total = data.aging.reduce((sum, row) => sum + row.addresses, 0);
    const summary = await card.locator('.ant-table-summary td').allInnerTexts();
    expect(summary[0]).toBe('Total');
    expect(summary[1]).toBe(formatNumber(total));
    await snapshot(page, 'dashboard-aging');
    await page.context().close();
  });

  it('the Administrador previews the next reminder run: the period, who gets it and what they owe; no one else can', async () => {
    const api = await apiAs(baseUrl());
    const preview = await api<ReminderPreview>('reminders/preview');
    expect(preview.reminders.length).toBeGreaterThan(0);
    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'admin@recaudo.test');
    await page.getByText('Pagos de hoy').waitFor();
    // The reminders' card is the dashboard's last: drawn as it is scrolled to.
    await scrollThrough(page);
    const card = page.locator('.ant-card').filter({ has: page.getByText('Recordatorios de pago', { exact: true }) });
    expect(preview.total).toBeGreaterThanOrEqual(preview.reminders.length);
    const count = preview.total;
    await card
      .getByText(`Periodo ${preview.period.slice(5)}-${preview.period.slice(0, 4)}: ${count === 1 ? '1 cliente' : `${count} clientes`} con `, { exact: false })
      .waitFor();
    const table = card.getByRole('table', { name: 'Próximos recordatorios' });
    const shown = await table
      .locator('tbody tr.ant-table-row')
      .evaluateAll((found) => found.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.innerText.trim())));
    expect(shown).toEqual(
      preview.reminders.map((entry) => [
        `${entry.client.name} (${identificationLabel(entry.client)})`,
        entry.email ?? EMPTY_TEXT,
        entry.sms ?? EMPTY_TEXT,
        String(entry.addresses.length),
        String(entry.months_owed),
        formatMoney(entry.owed_usd, '$'),
        formatMoney(entry.owed_bs),
        // The late-payment surcharge (issue 50), a column of its own.
        formatMoney(entry.surcharge_usd, '$'),
        // Each address's next installment of a current agreement, as the e-mail names it.
        installmentsText(entry),
      ]),
    );
    expect(preview.reminders.every((entry) => entry.months_owed >= preview.min_months)).toBe(true);
    await card.getByRole('button', { name: 'Enviar ahora' }).waitFor();
    await snapshot(page, 'dashboard-reminders');
    await page.context().close();

    // The preview is the Administrador's alone: the Analista's call is refused.
    const analyst = await apiAs(baseUrl(), 'analista@recaudo.test');
    const refused = await fetch(`${baseUrl()}/api/reminders/preview`, { headers: { authorization: `Bearer ${analyst.token}` } });
    expect(refused.status).toBe(403);
  });
});
