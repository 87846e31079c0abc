import { datedRateOf, type CurrentRates } from '@recaudo/domain/exchange-rates';
import Decimal from 'decimal.js';
import { describe, expect, inject, it } from 'vitest';
import { apiAs, chromiumPath, loginAs, newPage, selectOption, snapshot, useBrowser } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';
import { caracasDate } from './support/dates';
import { owingAddress, type DemoClient } from './support/demo-records';

const { browser, baseUrl } = useBrowser();

describe.skipIf(!chromiumPath)(`bank validation in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('a cashier validates a mobile payment with the bank from the panel, the payment is saved verified and the conciliations list shows it', async () => {
    const api = await apiAs(baseUrl());
    // A residential demo address that owes months, of a client with e-mail and phone.
    const target = await owingAddress(api, 0, 1, 'La semilla de demostración no tiene una dirección residencial con meses por pagar.');
    const [client] = await api<DemoClient[]>(`clients/selects/data?search=${target.client.identification}`);

    // Her pago móvil of two days ago reaches the simulated account from Banesco, from her phone on
    // file, for exactly the current month at that day's rate: the form's default month is what it
    // pays, and a seeded movement's amount, which changes with the day, may not cover it.
    const { day, month, year } = caracasDate(2);
    const paymentDay = `${year}-${month}-${day}`;
    const { rate } = datedRateOf((await api<CurrentRates>(`exchange-rates/current?date=${paymentDay}`)).usd);
    const amount = new Decimal(target.fee!).times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
    const reference = String(Date.now()).slice(-8);
    const { url, trainerKey } = inject('bankSimulator');
    const credit = await fetch(`${url}/simulador/creditos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-trainer-key': trainerKey },
      body: JSON.stringify({ referencia: reference, fechaPago: paymentDay, importe: amount, bancoOrigen: '0134', telefonoPagador: `0${client!.phone[0]}` }),
    });
    expect(((await credit.json()) as { code: string }).code).toBe('1000');

    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'cajero@recaudo.test');
    await page.goto('/payments');
    await page.getByRole('button', { name: 'Nuevo pago' }).click();
    const panel = page.getByRole('dialog', { name: 'Nuevo pago' });
    await panel.waitFor();
    await selectOption(page, panel, 'Cliente', `${target.client.name} (${target.client.identification_type}-${target.client.identification})`, { search: target.client.identification, exact: false });
    await selectOption(page, panel, 'Dirección de pago', `${target.address} (Residencial)`);
    await selectOption(page, panel, 'Método de pago', 'Pago móvil');
    await panel.getByLabel('Referencia').fill(reference);
    // Typed first: the dropdown renders only the options in view.
    await selectOption(page, panel, 'Banco de origen', '0134 - Banesco', { search: '0134', exact: false });
    const date = panel.getByLabel('Fecha de pago');
    await date.click();
    await date.fill(`${day}-${month}-${year}`);
    // Tab, not Enter: Enter in a field submits the form, which is complete by now.
    await date.press('Tab');
    const [serie] = await api<{ id: number; serie: string }[]>('correlatives/selects');
    await selectOption(page, panel, 'Serie', serie!.serie);
    // The money input reads the Venezuelan format: comma decimals.
    await panel.getByLabel('Monto pagado').fill(amount.replace('.', ','));

    await panel.getByRole('button', { name: /Validar pago con BDV/ }).click();
    const modal = page.getByRole('dialog', { name: 'Validar pago móvil con BDV' });
    await modal.getByText('El pago debe ser reportado dentro de los 3 días hábiles siguientes a su realización.').waitFor();
    await modal.getByRole('radio').first().check();
    await snapshot(page, 'bank-validation-modal');
    await modal.getByRole('button', { name: 'Validar pago' }).click();
    // A refusal stays in the modal (no toast): fail with the bank's text rather than a bare timeout.
    const refused = modal
      .locator('.ant-alert-error')
      .waitFor({ timeout: 0 })
      .then(async () => {
        throw new Error(`El banco rechazó la validación: ${await modal.innerText()}`);
      });
    refused.catch(() => undefined);
    await Promise.race([page.getByText('Pago validado exitosamente con BDV').first().waitFor(), refused]);
    await page.getByText('Pago registrado').first().waitFor();
    await panel.waitFor({ state: 'hidden' });

    const stored = await api<{ data: { id: number; reference: string; bdv_verified: boolean; conciliation_id: number | null; send_invoice: boolean }[] }>(`payments?search=${reference}&per_page=10`);
    const payment = stored.data.find((row) => row.reference === reference)!;
    expect(payment).toMatchObject({ bdv_verified: true, send_invoice: true });
    expect(payment.conciliation_id).not.toBeNull();

    // The supervisor sees the attempt, conciliated and kept by that payment.
    const supervisor = await newPage(browser(), baseUrl());
    await loginAs(supervisor, 'analista@recaudo.test');
    await supervisor.goto('/conciliations');
    const table = supervisor.getByRole('table', { name: 'Conciliaciones bancarias' });
    const row = table.getByRole('row').filter({ hasText: reference });
    await row.waitFor();
    expect(await row.innerText()).toContain('Conciliado');
    expect(await row.innerText()).toContain(`#${payment.id}`);
    await supervisor.getByText('Intentos').waitFor();
    await snapshot(supervisor, 'conciliations');
  }, 180_000);
});
