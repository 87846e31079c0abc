import { datedRateOf, formatRate, rateLabel, RATE_SOURCE_LABELS, type CurrentRates, type ExchangeRateRow } from '@recaudo/domain/exchange-rates';
import { formatDate } from '@recaudo/domain/format';
import { formatMoney } from '@recaudo/domain/format-money';
import { describe, expect, it } from 'vitest';
import { apiAs, chromiumPath, clickAndExpectToast, loginAs, newPage, selectOption, snapshot, useBrowser } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';
import { caracasDate } from './support/dates';
import { addMonths, currentMonth } from '@recaudo/domain/months';

const { browser, baseUrl } = useBrowser();

/** A number as Venezuelans write it: dots between thousands, a comma before the decimals. */
const VENEZUELAN = /^\d{1,3}(\.\d{3})*,\d+$/;

interface OwnAddress {
  id: number;
  type: 0 | 1;
  address: string;
  state_id: number;
  municipality_id: number;
  parish_id: number;
  community_id: number;
}

interface StoredPayment {
  exchange_rate: string;
  exchange_rate_id: number;
  rate_value_date: string | null;
  rate_source: string | null;
  date_payment: string;
  status: number;
}

/**
 * The official rate (issue 47) as people see it on a fresh installation: the demo server of the
 * browser tests started empty, with the in-process BCV simulator as its only source of rates.
 */
describe.skipIf(!chromiumPath)(`BCV exchange rates in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('Tasas de Cambio shows the rates in force, the history table with each source and the chart in Venezuelan numbers (1366 × 768)', async () => {
    const api = await apiAs(baseUrl());
    const current = await api<CurrentRates>('exchange-rates/current');
    const history = await api<{ data: ExchangeRateRow[]; total: number }>('exchange-rates?per_page=10');
    // 90 days of business days, two currencies: the demo's BCV history.
    expect(history.total).toBeGreaterThanOrEqual(2 * 60);

    const page = await newPage(browser(), baseUrl());
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAs(page, 'admin@recaudo.test');
    await page.goto('/configurations');

    // The rates in force, with their value date and source.
    const rates = page.getByRole('table', { name: 'Tasas de cambio' });
    for (const [label, rate] of [
      ['Tasa del dólar', current.usd!],
      ['Tasa del euro', current.eur!],
    ] as const) {
      const row = rates.getByRole('row', { name: new RegExp(label) });
      await row.getByText(`BS ${formatRate(rate.rate)}`).waitFor();
      const valueDate = await row.locator('td').nth(2).innerText();
      expect(valueDate.split(/\s+/)).toEqual([formatDate(rate.value_date), RATE_SOURCE_LABELS[rate.source]]);
    }

    // The history: the newest value date first, each row's rate with the BCV's eight decimals and its source.
    const table = page.getByRole('table', { name: 'Historial de tasas' });
    const rows = table.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(10);
    for (const [index, expected] of history.data.entries()) {
      const cells = await rows.nth(index).locator('td').allInnerTexts();
      expect(cells.slice(0, 4)).toEqual([formatDate(expected.value_date), expected.currency === 'USD' ? 'Dólar' : 'Euro', formatRate(expected.rate), RATE_SOURCE_LABELS[expected.source]]);
      expect(cells[2]).toMatch(VENEZUELAN);
    }
    await table.getByText(RATE_SOURCE_LABELS.bcv, { exact: true }).first().waitFor();

    // The chart: both lines over the value dates, its axis written the Venezuelan way.
    const chart = page.getByRole('img', { name: 'Gráfico del historial de tasas: dólar y euro por fecha valor' });
    await chart.scrollIntoViewIfNeeded();
    await expect.poll(() => chart.locator('svg path').count()).toBeGreaterThan(2);
    const texts = (await chart.locator('svg text').allTextContents()).map((text) => text.trim()).filter(Boolean);
    expect(texts).toEqual(expect.arrayContaining(['Dólar', 'Euro']));
    const axisNumbers = texts.filter((text) => /^[\d.,]+$/.test(text));
    expect(axisNumbers.length).toBeGreaterThan(2);
    for (const text of axisNumbers) expect(text, text).toMatch(VENEZUELAN);
    // The days of the x axis are DD-MM.
    expect(texts.some((text) => /^\d{2}-\d{2}$/.test(text))).toBe(true);
    await snapshot(page, 'exchange-rates-1366');
    await page.context().close();
  });

  it('a client reports yesterday’s transfer on her phone without anyone typing a rate: it takes the BCV rate in force, and her home names it (390 px)', async () => {
    const admin = await apiAs(baseUrl());
    const { day, month, year } = caracasDate(1);
    const yesterday = `${year}-${month}-${day}`;
    // Nobody typed a rate for any day up to yesterday: every rate there came from the BCV (simulated).
    const typed = await admin<{ total: number }>(`exchange-rates?filters[source][]=manual&filters[dates][]=2000-01-01&filters[dates][]=${yesterday}`);
    expect(typed.total).toBe(0);

    const client = await apiAs(baseUrl(), 'cliente@recaudo.test');
    const [own] = await client<{ id: number }[]>('clients/selects/data');
    // Her own new address, owing since two months back, as the portal lets her add it: whatever months
    // of her other addresses earlier files paid, she has months to pay.
    const [home] = (await client<OwnAddress[]>(`addresses-payment/address-select-client/${own!.id}`)).filter((address) => address.type === 0);
    if (!home) throw new Error('La semilla de demostración no da a María Pérez una dirección residencial.');
    const added = await fetch(`${baseUrl()}/api/addresses-payment/store`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: own!.id,
        type: 0,
        address: `Calle Tasa ${Date.now().toString(36)}`,
        state_id: home.state_id,
        municipality_id: home.municipality_id,
        parish_id: home.parish_id,
        community_id: home.community_id,
        first_owed_month: addMonths(currentMonth(), -2),
      }),
    });
    const { data: created } = (await added.json()) as { data: { id: number } };
    expect(added.status, JSON.stringify(created)).toBe(200);
    const owing = (await client<OwnAddress[]>(`addresses-payment/address-select-client/${own!.id}`)).find((address) => address.id === created.id)!;
    const onYesterday = await client<CurrentRates>(`exchange-rates/current?date=${yesterday}`);
    expect(onYesterday.usd).toMatchObject({ source: 'bcv' });
    const expected = datedRateOf(onYesterday.usd);
    const today = datedRateOf((await client<CurrentRates>('exchange-rates/current')).usd);

    const page = await newPage(browser(), baseUrl());
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, 'cliente@recaudo.test');
    // Her home names the rate it works her debt at, with its value date.
    const additional = page.locator('.ant-card').filter({ hasText: 'Información Adicional' });
    await additional.getByText(rateLabel(today.rate, today.value_date, today.source), { exact: true }).waitFor();
    // She owes: the summary says at which rate.
    await page.getByText(`Dólar: ${rateLabel(today.rate, today.value_date, today.source)}.`, { exact: true }).waitFor();
    await snapshot(page, 'client-home-rate-390');

    await page.getByRole('button', { name: `Pagar ${owing.address}` }).click();
    const panel = page.getByRole('dialog', { name: 'Nuevo pago' });
    await panel.getByText(/^Pagar deuda total/).waitFor();
    await selectOption(page, panel, 'Método de pago', 'Transferencia');
    const date = panel.getByLabel('Fecha de pago');
    await date.click();
    await date.fill(`${day}-${month}-${year}`);
    await date.press('Tab');
    // The rate is Recaudo's, not hers: yesterday's BCV rate, shown and locked.
    const rateField = panel.getByLabel('Tasa de cambio');
    expect(await rateField.isDisabled()).toBe(true);
    const rateSelect = rateField.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
    await expect.poll(() => rateSelect.innerText()).toBe(`Dólar: ${formatMoney(expected.rate)}`);
    await expect.poll(() => panel.getByLabel('Monto pagado').inputValue()).toMatch(/\d/);

    const reference = String(Date.now()).slice(-10);
    await panel.getByLabel('Referencia').fill(reference);
    const [bank] = await client<{ id: number; code: string; name: string }[]>('banks/selects');
    await selectOption(page, panel, 'Banco de origen', `${bank!.code} - ${bank!.name}`, { search: bank!.code });
    await rateField.scrollIntoViewIfNeeded();
    await snapshot(page, 'client-payment-rate-390');
    await clickAndExpectToast(page, panel.getByRole('button', { name: 'Guardar' }), 'Pago registrado');
    await panel.waitFor({ state: 'hidden' });

    // Stored at the BCV rate in force on its date, with that rate's value date and source.
    const [stored] = (await client<{ data: StoredPayment[] }>(`payments?search=${reference}`)).data;
    expect(stored).toMatchObject({
      status: 0,
      date_payment: yesterday,
      exchange_rate: expected.rate,
      exchange_rate_id: 1,
      rate_value_date: expected.value_date,
      rate_source: 'bcv',
    });
    await page.context().close();
  }, 120_000);
});
