import type { Page } from 'playwright-core';
import { addMonths, currentMonth } from '@recaudo/domain/months';
import type { PaymentAgreement } from '@recaudo/domain/payment-agreements';
import { describe, expect, inject, it } from 'vitest';
import { apiAs, chromiumPath, clickAndExpectToast, expectAccessible, loginAs, newPage, selectOption, snapshot, useBrowser } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';
import { caracasDate } from './support/dates';

const { browser, baseUrl } = useBrowser();

const PHONE = { width: 390, height: 844 };
const pageWidth = (page: Page) => page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));

interface OwnAddress {
  id: number;
  type: 0 | 1;
  address: string;
  months_to_pay: number;
  state_id: number;
  municipality_id: number;
  parish_id: number;
  community_id: number | null;
}

describe.skipIf(!chromiumPath)(`payment agreements in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('the administrator signs an agreement on an address owing five months, and the client pays her installment from her phone and sees it paid', async () => {
    const client = await apiAs(baseUrl(), 'cliente@recaudo.test');
    const [own] = await client<{ id: number }[]>('clients/selects/data');
    // Her own new address, owing since four months back (five months with the current one):
    // whatever earlier files paid of her other addresses, this one owes enough for an agreement.
    const [home] = (await client<OwnAddress[]>(`addresses-payment/address-select-client/${own!.id}`)).filter((address) => address.type === 0);
    if (!home) throw new Error('La semilla de demostración no da a María Pérez una dirección residencial.');
    const street = `Calle Convenio ${Date.now().toString(36)}`;
    const added = await fetch(`${baseUrl()}/api/addresses-payment/store`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: own!.id,
        type: 0,
        address: street,
        state_id: home.state_id,
        municipality_id: home.municipality_id,
        parish_id: home.parish_id,
        community_id: home.community_id,
        first_owed_month: addMonths(currentMonth(), -4),
      }),
    });
    expect(added.status, await added.clone().text()).toBe(200);
    const owing = (await client<OwnAddress[]>(`addresses-payment/address-select-client/${own!.id}`)).find((address) => address.address === street)!;
    expect(owing.months_to_pay).toBe(5);

    // The administrator signs it from the client's detail: no down payment, five installments.
    const staff = await newPage(browser(), baseUrl());
    await loginAs(staff, 'admin@recaudo.test');
    await staff.goto(`/client-detail/${own!.id}`);
    await staff.getByRole('tab', { name: 'Convenios de pago' }).click();
    await staff.getByRole('button', { name: 'Nuevo convenio' }).click();
    const form = staff.getByRole('dialog', { name: 'Nuevo convenio de pago' });
    await selectOption(staff, form, 'Dirección de pago', `${street} — debe 5 meses`);
    await form.getByText('Deuda de la dirección:', { exact: false }).waitFor();
    const count = form.getByLabel('Número de cuotas');
    await count.fill('5');
    await count.press('Tab');
    const schedule = form.getByRole('table', { name: 'Cuotas del convenio' });
    await expect.poll(() => schedule.locator('tbody tr.ant-table-row').count()).toBe(5);
    await expectAccessible(staff);
    await snapshot(staff, 'agreement-staff-form', { fullPage: true });
    await clickAndExpectToast(staff, form.getByRole('button', { name: 'Guardar convenio' }), 'Convenio de pago registrado');
    await form.waitFor({ state: 'hidden' });
    const row = staff.getByRole('table', { name: 'Convenios de pago' }).getByRole('row').filter({ hasText: street });
    await row.getByText('Vigente').waitFor();
    await row.getByText('0 de 5 cuotas pagadas').waitFor();
    await snapshot(staff, 'agreement-staff', { fullPage: true });
    await staff.context().close();

    const [listed] = (await client<{ data: { id: number; address: string }[] }>('payment-agreements?per_page=10')).data.filter((entry) => entry.address === street);
    const signed = await client<PaymentAgreement>(`payment-agreements/${listed!.id}`);
    expect(signed.installments.map((installment) => installment.number)).toEqual([1, 2, 3, 4, 5]);

    // The client, on her phone: «Mi convenio» with her first installment, and «Pagar».
    const phone = await newPage(browser(), baseUrl());
    await phone.setViewportSize(PHONE);
    await loginAs(phone, 'cliente@recaudo.test');
    // The card titled «Mi convenio», not «Lo que debo», whose address there names «Mi convenio» too.
    const card = phone
      .locator('.ant-card')
      .filter({ has: phone.locator('.ant-card-head-title', { hasText: /^Mi convenio$/ }) })
      .filter({ hasText: street });
    await card.getByText('Próxima: Cuota 1 de 5', { exact: false }).waitFor();
    await card.getByText('Al día', { exact: true }).waitFor();
    // What she owes there is paid by the installments: no «Pagar» of its months.
    const owed = phone.locator('.ant-card').filter({ has: phone.locator('.ant-card-head-title', { hasText: /^Lo que debo$/ }) });
    await owed.getByText('En convenio de pago: estos meses se pagan con las cuotas de «Mi convenio».').waitFor();
    expect(await owed.getByRole('button', { name: `Pagar ${street}`, exact: true }).count()).toBe(0);
    expect(await pageWidth(phone)).toBeLessThanOrEqual(PHONE.width);
    await snapshot(phone, 'agreement-client', { fullPage: true });
    await card.getByRole('button', { name: `Pagar cuota 1 del convenio de ${street}` }).click();
    const panel = phone.getByRole('dialog', { name: 'Nuevo pago' });
    await panel.getByText('Se paga la cuota 1 del convenio', { exact: false }).waitFor();
    await selectOption(phone, panel, 'Método de pago', 'Pago móvil');
    const amount = panel.getByLabel('Monto pagado');
    await expect.poll(async () => Number(await amount.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    const due = Number(await amount.getAttribute('aria-valuenow')).toFixed(2);

    // Her Pago Móvil of the installment reaches the bank: from Banesco, from her phone on file, today.
    const { day, month, year } = caracasDate();
    const reference = String(Date.now()).slice(-8);
    const [contact] = await client<{ phone: string[] }[]>('clients/selects/data');
    const { url, trainerKey } = inject('bankSimulator');
    const credit = await fetch(`${url}/simulador/creditos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-trainer-key': trainerKey },
      body: JSON.stringify({ referencia: reference, fechaPago: `${year}-${month}-${day}`, importe: due, bancoOrigen: '0134', telefonoPagador: `0${contact!.phone[0]}` }),
    });
    expect(((await credit.json()) as { code: string }).code).toBe('1000');
    await panel.getByLabel('Referencia').fill(reference);
    await selectOption(phone, panel, 'Banco de origen', '0134 - Banesco', { search: '0134', exact: false });
    const date = panel.getByLabel('Fecha de pago');
    await date.click();
    await date.fill(`${day}-${month}-${year}`);
    await date.press('Tab');
    await panel.getByRole('button', { name: /Validar pago con BDV/ }).click();
    const modal = phone.getByRole('dialog', { name: 'Validar pago móvil con BDV' });
    await modal.getByRole('radio').first().check();
    await modal.getByRole('button', { name: 'Validar pago' }).click();
    await phone.getByText('Pago aprobado').waitFor({ timeout: 30_000 });
    await phone.locator('.ant-drawer-footer').getByRole('button', { name: 'Cerrar' }).click();
    await phone.getByText('Pago aprobado').waitFor({ state: 'hidden' });

    // Her home now names the second installment, the first paid.
    await card.getByText('Próxima: Cuota 2 de 5', { exact: false }).waitFor({ timeout: 15_000 });
    await card.getByText('1 de 5 cuotas pagadas', { exact: false }).waitFor();
    expect(await pageWidth(phone)).toBeLessThanOrEqual(PHONE.width);
    await snapshot(phone, 'agreement-client-paid', { fullPage: true });

    // Her statement of that address shows the agreement with its installments, the first paid.
    await phone.getByRole('button', { name: `Estado de cuenta de ${street}` }).click();
    const statement = phone.getByRole('dialog', { name: 'Estado de cuenta' });
    const section = statement.getByRole('region', { name: `Convenio de pago de ${street}` });
    await section.getByText('Convenio de pago (Vigente)', { exact: false }).waitFor();
    await expect.poll(() => section.getByRole('listitem').count()).toBe(5);
    await section.getByRole('listitem').first().getByText('Pagada').waitFor();
    expect(await pageWidth(phone)).toBeLessThanOrEqual(PHONE.width);
    await section.scrollIntoViewIfNeeded();
    await snapshot(phone, 'agreement-statement');
    await expectAccessible(phone);
    const paid = await client<PaymentAgreement>(`payment-agreements/${listed!.id}`);
    expect(paid.installments[0]).toMatchObject({ number: 1, status: 'paid', paid_usd: signed.installments[0]!.amount_usd });
    expect(paid.installments[1]).toMatchObject({ number: 2, paid_usd: '0.00' });
    await phone.context().close();
  }, 240_000);
});
