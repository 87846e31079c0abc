import { describe, expect, it } from 'vitest';
import { apiAs, chromiumPath, loginAs, newPage, selectOption, snapshot, useBrowser } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';
import { caracasDay } from './support/dates';
import { owingAddress, type DemoClient } from './support/demo-records';

const { browser, baseUrl } = useBrowser();

interface Movement {
  referencia: string;
  fecha: string;
  mov: string;
  importe: string;
  observacion: string;
}

describe.skipIf(!chromiumPath)(`bank validation in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('a cashier validates a mobile payment with the bank from the panel, the payment is saved verified and the conciliations list shows it', async () => {
    const api = await apiAs(baseUrl());
    const post = async <T>(path: string, body: unknown): Promise<T> => {
      const answer = await fetch(`${baseUrl()}/api/${path}`, { method: 'POST', headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return ((await answer.json()) as { data: T }).data;
    };
    // An incoming pago móvil of two days ago in the simulated account, from a bank other than BDV.
    const { movs } = await post<{ movs: Movement[] }>('bank-operations/movements', { dateInit: caracasDay(2), dateEnd: caracasDay(2), currencyType: 'VES', movementNumber: '' });
    const credit = movs.find((mov) => mov.mov === 'CREDITO' && mov.observacion.startsWith('PAGOMOVIL OTROS BANCOS'));
    if (!credit) throw new Error('El simulador no tiene un pago móvil interbancario de hace dos días.');
    const bankCode = credit.observacion.split(' ')[3]!;
    const amount = credit.importe.replace(/\./g, '').replace(',', '.');
    const reference = credit.referencia.slice(-8);
    const [banks] = [await api<{ id: number; code: string; name: string }[]>('banks/selects')];
    const bank = banks.find((row) => row.code === bankCode)!;

    // A residential demo address that owes months, of a client with e-mail and phone.
    const target = await owingAddress(api, 0, 1, 'La semilla de demostración no tiene una dirección residencial con meses por pagar.');
    // The bank validates the payer's phone too: the client paid from the phone the movement names.
    const payerPhone = credit.observacion.split(' ')[4]!;
    const [client] = await api<DemoClient[]>(`clients/selects/data?search=${target.client.identification}`);
    const contact = await fetch(`${baseUrl()}/api/clients/update-contact-info`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: target.client_id, email: client!.email, phone: [payerPhone.slice(1)] }),
    });
    expect(contact.status).toBe(200);

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
    // Typed first: the dropdown renders only the options in view, and the simulator's bank changes with the day.
    await selectOption(page, panel, 'Banco de origen', `${bank.code} - ${bank.name}`, { search: bank.code });
    const date = panel.getByLabel('Fecha de pago');
    await date.click();
    await date.fill(caracasDay(2).replace(/\//g, '-'));
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
