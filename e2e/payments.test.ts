import fs from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { monthName } from '@recaudo/domain/months';
import { describe, expect, it } from 'vitest';
import { apiAs, chooseRowAction, chromiumPath, clickAndExpectToast, downloaded, loginAs, newPage, rowMenuEntries, selectOption, snapshot, useBrowser, withoutDigitalInvoice } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';
import { owingAddress, type DemoAddress } from './support/demo-records';

const { browser, baseUrl } = useBrowser();

interface DemoPayment {
  id: number;
  status: number;
  number_correlative: string | null;
  months_payment: string[];
  address_payment_id: number;
  causer: { name: string } | null;
}
interface ClientAddress {
  id: number;
  type: 0 | 1;
  address: string;
  payments: { year: number; months: { month: string; state: 'before_start' | 'paid' | 'pending' | 'unpaid' | 'ahead' }[] }[];
}
interface StoredPayment extends DemoPayment {
  hash: string;
  reference: string | null;
  bank_id: number | null;
  serie_id: number | null;
  serie: { serie: string } | null;
  payment_method: { name: string };
  client: { name: string };
  address_payment: { address: string };
}

/** Today in Caracas (the business time zone) as the panel shows dates: DD-MM-YYYY. */
function todayInCaracas(): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Caracas', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
  const part = (type: string) => parts.find((item) => item.type === type)!.value;
  return `${part('day')}-${part('month')}-${part('year')}`;
}
/** A reference no demo payment has: 12 digits from the clock. */
const uniqueReference = () => String(Date.now()).slice(-12);

/** Searches a payments list (700 ms debounce) and answers the only data row that holds `text`. */
async function findRow(page: Page, table: Locator, search: string, text: string): Promise<Locator> {
  await page.getByRole('textbox', { name: 'Buscar' }).fill(search);
  const row = table.getByRole('row').filter({ hasText: text });
  await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
  return row;
}

/** Clicks a row's "Descargar recibo" and answers the download's suggested name and first bytes. */
async function downloadReceipt(page: Page, row: Locator): Promise<{ name: string; head: string }> {
  const download = page.waitForEvent('download');
  await chooseRowAction(page, row, 'Descargar recibo');
  const file = await download;
  const bytes = await fs.readFile(await downloaded(file));
  return { name: file.suggestedFilename(), head: bytes.subarray(0, 4).toString('latin1') };
}

describe.skipIf(!chromiumPath)(`payments in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('a cashier records a two-month payment for a commercial address and sees it Aprobado with its document number', async () => {
    // A complete commercial demo address owing at least two months, whose client has e-mail and phone.
    const api = await apiAs(baseUrl());
    const target = await owingAddress(api, 1, 2, 'La semilla de demostración no tiene una dirección comercial completa con 2 meses por pagar.');
    const label = `${target.client.name} (${target.client.identification_type}-${target.client.identification})`;

    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'cajero@recaudo.test');
    await page.goto('/payments');
    const table = page.getByRole('table', { name: 'Pagos' });
    await table.locator('tbody tr.ant-table-row').first().waitFor();

    await page.getByRole('button', { name: 'Nuevo pago' }).click();
    const panel = page.getByRole('dialog', { name: 'Nuevo pago' });
    await panel.waitFor();
    await selectOption(page, panel, 'Cliente', label, { search: target.client.identification, exact: false });
    await selectOption(page, panel, 'Dirección de pago', `${target.address} (Comercial)`, { exact: false });
    await panel.getByText(`Meses por pagar: ${target.months_to_pay}`).waitFor();

    // Two unpaid months, the earliest first, walking the year tabs from the first one.
    await panel.getByText('Otros meses', { exact: true }).click();
    const calendar = panel.getByRole('region', { name: 'Meses de la dirección' });
    const chosen: string[] = [];
    for (const year of await calendar.getByRole('tab').allInnerTexts()) {
      await calendar.getByRole('tab', { name: year }).click();
      const unpaid = calendar.getByRole('group', { name: `Meses de ${year}` }).getByRole('button', { name: /: pendiente por pagar$/ });
      // A tile is named by its hidden full words (web components/month-calendar.tsx).
      const labels = await unpaid.evaluateAll((buttons) => buttons.map((button) => button.querySelector('.visually-hidden')!.textContent!));
      for (const name of labels.slice(0, 2 - chosen.length)) {
        await calendar.getByRole('button', { name, exact: true }).click();
        chosen.push(name.replace(/: pendiente por pagar$/, ''));
      }
      if (chosen.length === 2) break;
    }
    expect(chosen).toHaveLength(2);
    await panel.getByText(/^Meses seleccionados: \d{2}-\d{4}, \d{2}-\d{4}$/).waitFor();
    const summary = panel.getByRole('region', { name: 'Resumen de montos' });
    await summary.getByText(/× 2 meses/).waitFor();
    expect(await summary.innerText()).toContain('IVA (16 %)');
    await snapshot(page, 'payment-panel-months');

    await selectOption(page, panel, 'Método de pago', 'Efectivo');
    // A new payment starts Procesando (issue 51): the cashier approves it on purpose.
    expect(await panel.getByLabel('Estatus').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').innerText()).toContain('Procesando');
    await selectOption(page, panel, 'Estatus', 'Aprobado');
    const [serie] = await api<{ id: number; serie: string }[]>('correlatives/selects');
    await selectOption(page, panel, 'Serie', serie!.serie);
    await withoutDigitalInvoice(panel);
    await panel.getByLabel('Nº de control').fill('20260001');
    await panel.getByLabel('Observaciones').fill('Pago de dos meses en taquilla (prueba de navegador).');
    await snapshot(page, 'payment-panel-amounts');
    await clickAndExpectToast(page, panel.getByRole('button', { name: 'Guardar' }), 'Pago registrado');
    await panel.waitFor({ state: 'hidden' });

    // The newest payment heads the list: this client, Aprobado, with a document number.
    const first = table.locator('tbody tr.ant-table-row').first();
    await expect.poll(() => first.innerText()).toContain(target.client.name);
    const text = await first.innerText();
    expect(text).toContain('Aprobado');
    const number = /\b(\d{8})\b/.exec(text)?.[1];
    expect(number).toBeDefined();

    const stored = await api<{ data: DemoPayment[] }>(`payments?search=20260001&per_page=10`);
    const payment = stored.data.find((row) => row.address_payment_id === target.id)!;
    expect(payment).toMatchObject({ status: 1, number_correlative: number, causer: { name: 'Carlos Cajero' } });
    expect(payment.months_payment).toHaveLength(2);
    const after = await api<DemoAddress[]>(`addresses-payment/address-client/${target.client_id}`);
    expect(after.find((row) => row.id === target.id)?.months_to_pay).toBe(target.months_to_pay - 2);

    // The control number, the method and the address are in the expanded row (issue 34: the row fits 1366 px).
    await first.getByRole('button', { name: /Expandir fila|Expand row/i }).click();
    await page.getByText('Pago de dos meses en taquilla (prueba de navegador).').waitFor();
    const details = page.locator('tr.ant-table-expanded-row').first();
    const detailsText = await details.innerText();
    expect(detailsText).toMatch(/Nº control\s+20260001/);
    expect(detailsText).toMatch(/Método\s+Efectivo/);
    expect(detailsText).toContain(target.address);
    await snapshot(page, 'payments-list');
    await page.context().close();
  });

  it('a client reports a mobile payment, sees it Procesando, and sees it Aprobado once staff approve it', async () => {
    // María Pérez's complete address with the earliest month still owed (red in the calendar).
    const asClient = await apiAs(baseUrl(), 'cliente@recaudo.test');
    const [own] = await asClient<{ id: number; name: string }[]>('clients/selects/data');
    if (!own) throw new Error('El usuario cliente de la demostración no tiene cliente.');
    const addresses = await asClient<ClientAddress[]>(`addresses-payment/address-select-client/${own.id}`);
    let target: { address: ClientAddress; month: string } | undefined;
    for (const address of addresses) {
      const month = address.payments.flatMap((year) => year.months).find((entry) => entry.state === 'unpaid')?.month;
      if (month && (!target || month < target.month)) target = { address, month };
    }
    if (!target) throw new Error('La semilla de demostración no deja meses por pagar a María Pérez.');
    const { address, month } = target;
    const [bank] = await asClient<{ id: number; code: string; name: string }[]>('banks/selects');
    const reference = uniqueReference();

    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'cliente@recaudo.test');
    // A menu item's accessible name includes its icon's label, so it is found by its text.
    await page
      .getByRole('menu', { name: 'Menú principal' })
      .getByRole('menuitem')
      .filter({ hasText: /^Pagos$/ })
      .click();
    await page.waitForURL('**/payments');
    const table = page.getByRole('table', { name: 'Pagos' });
    await table.locator('tbody tr.ant-table-row').first().waitFor();

    await page.getByRole('button', { name: 'Nuevo pago' }).click();
    const panel = page.getByRole('dialog', { name: 'Nuevo pago' });
    await panel.waitFor();
    // A client user pays for their own addresses: no client picker, and the status is not theirs to choose.
    expect(await panel.getByLabel('Cliente').count()).toBe(0);
    expect(await panel.getByLabel('Estatus').count()).toBe(0);
    await panel.getByText('Tu pago quedará en estado Procesando hasta que el personal lo apruebe.').waitFor();

    await selectOption(page, panel, 'Dirección de pago', `${address.address} (${address.type === 1 ? 'Comercial' : 'Residencial'})`);
    // antd's radio buttons hide the input itself: the label takes the click.
    await panel.getByText('Otros meses', { exact: true }).click();
    await expect.poll(() => panel.getByRole('radio', { name: 'Otros meses' }).isChecked()).toBe(true);
    const calendar = panel.getByRole('region', { name: 'Meses de la dirección' });
    await calendar.getByRole('tab', { name: month.slice(0, 4) }).click();
    await calendar
      .getByRole('group', { name: `Meses de ${month.slice(0, 4)}` })
      .getByRole('button', { name: `${monthName(month)}: pendiente por pagar`, exact: true })
      .click();
    await calendar.getByRole('button', { name: `${monthName(month)}: cambio pendiente (marcar como pagado)`, exact: true }).waitFor();
    await panel.getByText(`Meses seleccionados: ${month.slice(5, 7)}-${month.slice(0, 4)}`, { exact: true }).waitFor();
    await panel
      .getByRole('region', { name: 'Resumen de montos' })
      .getByText(/× 1 mes$/)
      .waitFor();

    // Pago móvil (type 3, validated through the bank's API): reference and origin bank required.
    await selectOption(page, panel, 'Método de pago', 'Pago móvil');
    await panel.getByLabel('Referencia').waitFor();
    expect(await panel.getByLabel('Fecha de pago').inputValue()).toBe(todayInCaracas());
    // The amount follows the rate the address uses; the client can't change the rate.
    await expect.poll(() => panel.getByLabel('Monto pagado').inputValue()).toMatch(/\d/);
    await expect(panel.getByLabel('Tasa de cambio').isDisabled()).resolves.toBe(true);

    // Saving without the reference and the bank names both, and nothing is sent.
    await panel.getByRole('button', { name: 'Guardar' }).click();
    await panel.getByText('El campo Referencia es obligatorio.', { exact: true }).waitFor();
    await panel.getByText('El campo Banco de origen es obligatorio.', { exact: true }).waitFor();
    await snapshot(page, 'client-payment-panel-errors');
    expect((await asClient<{ total: number }>(`payments?search=${reference}`)).total).toBe(0);

    await panel.getByLabel('Referencia').fill(reference);
    await selectOption(page, panel, 'Banco de origen', `${bank!.code} - ${bank!.name}`, { search: bank!.code });
    await panel.getByLabel('Observaciones').fill('Pago móvil reportado por la clienta (prueba de navegador).');
    await expect.poll(() => panel.getByText('El campo Referencia es obligatorio.').count()).toBe(0);
    await clickAndExpectToast(page, panel.getByRole('button', { name: 'Guardar' }), 'Pago registrado');
    await panel.waitFor({ state: 'hidden' });

    // The search leaves their payment alone; its method and address are in the expanded row (issue 34).
    const row = await findRow(page, table, reference, 'Procesando');
    await row.getByRole('button', { name: /Expandir fila|Expand row/i }).click();
    const details = await page.locator('tr.ant-table-expanded-row').first().innerText();
    expect(details).toMatch(/Método\s+Pago móvil/);
    expect(details).toContain(address.address);
    expect(details).toContain(reference);
    // Their own Procesando payment: they may still edit or delete it.
    await row.getByRole('button', { name: 'Editar' }).waitFor();
    expect(await rowMenuEntries(page, row)).toContain('Eliminar');
    await snapshot(page, 'client-payment-procesando');

    const stored = (await asClient<{ data: StoredPayment[] }>(`payments?search=${reference}`)).data;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      status: 0,
      reference,
      bank_id: bank!.id,
      months_payment: [month],
      address_payment_id: address.id,
      number_correlative: null,
    });

    // The analyst (edit_payment, every series, none of their own) finds it Procesando and
    // approves it in one step, choosing the series its document number comes from.
    const staff = await newPage(browser(), baseUrl());
    await loginAs(staff, 'analista@recaudo.test');
    await staff.goto('/payments');
    const staffTable = staff.getByRole('table', { name: 'Pagos' });
    await staffTable.locator('tbody tr.ant-table-row').first().waitFor();
    const staffRow = await findRow(staff, staffTable, reference, own.name);
    await staffRow.getByText('Procesando', { exact: true }).waitFor();
    await chooseRowAction(staff, staffRow, 'Aprobar');
    const approve = staff.getByRole('dialog', { name: 'Aprobar pago' });
    await approve.getByRole('button', { name: 'Aprobar' }).click();
    await approve.getByText('El campo Serie es obligatorio.', { exact: true }).waitFor();
    const [serie] = await (await apiAs(baseUrl(), 'analista@recaudo.test'))<{ id: number; serie: string }[]>('correlatives/selects');
    await selectOption(staff, approve, 'Serie', serie!.serie);
    await clickAndExpectToast(staff, approve.getByRole('button', { name: 'Aprobar' }), 'Pago aprobado');
    await approve.waitFor({ state: 'hidden' });
    await staffRow.getByText('Aprobado', { exact: true }).waitFor();
    await staff.context().close();

    // Back on the client's screen: approved, with its document number, and no longer editable.
    const [after] = (await asClient<{ data: StoredPayment[] }>(`payments?search=${reference}`)).data;
    expect(after).toMatchObject({ status: 1, serie_id: serie!.id });
    expect(after!.number_correlative).toMatch(/^\d{8}$/);
    await page.reload();
    const approved = await findRow(page, table, reference, 'Aprobado');
    await approved.getByText('Aprobado', { exact: true }).waitFor();
    expect(await approved.innerText()).toContain(after!.number_correlative);
    expect(await approved.getByRole('button', { name: 'Editar' }).count()).toBe(0);
    await page.context().close();
  }, 120_000);

  it("a cashier downloads an approved payment's receipt from Pagos, and the client theirs from Recibos de Pagos", async () => {
    const approvedQuery = new URLSearchParams({ 'filters[status][]': '1', per_page: '1' });
    const asCashier = await apiAs(baseUrl(), 'cajero@recaudo.test');
    const [payment] = (await asCashier<{ data: StoredPayment[] }>(`payments?${approvedQuery}`)).data;
    if (!payment?.number_correlative) throw new Error('El cajero no ve pagos aprobados en la demostración.');

    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'cajero@recaudo.test');
    await page.goto('/payments');
    const table = page.getByRole('table', { name: 'Pagos' });
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    const row = await findRow(page, table, payment.number_correlative, payment.client.name);
    await row.getByText('Aprobado', { exact: true }).waitFor();
    const cashierReceipt = await downloadReceipt(page, row);
    expect(cashierReceipt).toEqual({ name: `Recibo ${payment.serie ? `${payment.serie.serie}-` : ''}${payment.number_correlative}.pdf`, head: '%PDF' });
    await page.context().close();

    // The client user's receipts: only approved payments, each with its receipt.
    const asClient = await apiAs(baseUrl(), 'cliente@recaudo.test');
    const [own] = (await asClient<{ data: StoredPayment[] }>(`payments?${approvedQuery}`)).data;
    if (!own?.number_correlative) throw new Error('María Pérez no tiene pagos aprobados en la demostración.');
    const client = await newPage(browser(), baseUrl());
    await loginAs(client, 'cliente@recaudo.test');
    await client
      .getByRole('menu', { name: 'Menú principal' })
      .getByRole('menuitem')
      .filter({ hasText: /^Recibos de Pagos$/ })
      .click();
    await client.waitForURL('**/payments-receipt');
    const receipts = client.getByRole('table', { name: 'Recibos de Pagos' });
    await receipts.locator('tbody tr.ant-table-row').first().waitFor();
    // No status column (all are approved) and no way to add a payment here.
    expect(await receipts.getByRole('columnheader', { name: 'Estatus' }).count()).toBe(0);
    expect(await client.getByRole('button', { name: 'Nuevo pago' }).count()).toBe(0);
    // The row names the document; its address is in the expanded row (issue 34).
    const ownRow = await findRow(client, receipts, own.number_correlative, own.number_correlative);
    const clientReceipt = await downloadReceipt(client, ownRow);
    expect(clientReceipt).toEqual({ name: `Recibo ${own.serie ? `${own.serie.serie}-` : ''}${own.number_correlative}.pdf`, head: '%PDF' });
    await snapshot(client, 'client-receipts');
    await client.context().close();
  });
});
