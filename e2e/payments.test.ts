import { describe, expect, it } from 'vitest';
import { apiAs, clickAndExpectToast, chromiumPath, loginAs, newPage, snapshot, useBrowser } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';

const { browser, baseUrl } = useBrowser();

interface DemoAddress {
  id: number;
  client_id: number;
  client: { name: string; identification_type: string; identification: string };
  address: string;
  months_to_pay: number;
  economic_activity_id: number | null;
}
interface DemoClient {
  id: number;
  email: string | null;
  phone: string[];
}
interface DemoPayment {
  id: number;
  status: number;
  number_correlative: string | null;
  months_payment: string[];
  address_payment_id: number;
  causer: { name: string } | null;
}

describe.skipIf(!chromiumPath)(`payments in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('a cashier records a two-month payment for a commercial address and sees it Aprobado with its document number', async () => {
    // A complete commercial demo address owing at least two months, whose client has e-mail and phone.
    const api = await apiAs(baseUrl());
    const commercial = await api<{ data: DemoAddress[] }>('addresses-payment?type=1&per_page=100');
    let target: DemoAddress | undefined;
    for (const address of commercial.data.filter((row) => row.months_to_pay >= 2 && row.economic_activity_id !== null)) {
      const [client] = await api<DemoClient[]>(`clients/selects/data?search=${address.client.identification}`);
      if (client?.email && client.phone.length) {
        target = address;
        break;
      }
    }
    if (!target) throw new Error('La semilla de demostración no tiene una dirección comercial completa con 2 meses por pagar.');
    const label = `${target.client.name} (${target.client.identification_type}-${target.client.identification})`;

    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'cajero@recaudo.test');
    await page.goto('/payments');
    const table = page.getByRole('table', { name: 'Pagos' });
    await table.locator('tbody tr.ant-table-row').first().waitFor();

    await page.getByRole('button', { name: 'Nuevo pago' }).click();
    const panel = page.getByRole('dialog', { name: 'Nuevo pago' });
    await panel.waitFor();
    await panel.getByLabel('Cliente').fill(target.client.identification);
    await page.getByTitle(label).click();
    await panel.getByLabel('Dirección de pago').click();
    await page.getByTitle(`${target.address} (Comercial)`).click();
    await panel.getByText(`Meses por pagar: ${target.months_to_pay}`).waitFor();

    // Two unpaid months, the earliest first, walking the year tabs from the first one.
    await panel.getByText('Otros meses').click();
    const calendar = panel.getByRole('region', { name: 'Meses de la dirección' });
    const chosen: string[] = [];
    for (const year of await calendar.getByRole('tab').allInnerTexts()) {
      await calendar.getByRole('tab', { name: year }).click();
      const unpaid = calendar.getByRole('group', { name: `Meses de ${year}` }).getByRole('button', { name: /: pendiente por pagar$/ });
      const labels = await unpaid.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')!));
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

    await panel.getByLabel('Método de pago').click();
    await page.getByTitle('Efectivo', { exact: true }).click();
    const [serie] = await api<{ id: number; serie: string }[]>('correlatives/selects');
    await panel.getByLabel('Serie').click();
    await page
      .locator('.ant-select-item-option')
      .and(page.getByTitle(serie!.serie, { exact: true }))
      .click();
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
    expect(text).toContain('20260001');
    const number = /\b(\d{8})\b/.exec(text)?.[1];
    expect(number).toBeDefined();

    const stored = await api<{ data: DemoPayment[] }>(`payments?search=20260001&per_page=10`);
    const payment = stored.data.find((row) => row.address_payment_id === target!.id)!;
    expect(payment).toMatchObject({ status: 1, number_correlative: number, causer: { name: 'Carlos Cajero' } });
    expect(payment.months_payment).toHaveLength(2);
    const after = await api<DemoAddress[]>(`addresses-payment/address-client/${target.client_id}`);
    expect(after.find((row) => row.id === target!.id)?.months_to_pay).toBe(target.months_to_pay - 2);

    await first.getByRole('button', { name: /Expandir fila|Expand row/i }).click();
    await page.getByText('Pago de dos meses en taquilla (prueba de navegador).').waitFor();
    await snapshot(page, 'payments-list');
    await page.context().close();
  });
});
