import type { SeriesPoint } from '@recaudo/domain/dashboard';
import { formatMoney } from '@recaudo/domain/format-money';
import { describe, expect, it } from 'vitest';
import { apiAs, chromiumPath, loginAs, newPage, scrollThrough, snapshot, useBrowser } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';

const { browser, baseUrl } = useBrowser();

interface Address {
  id: number;
  client_id: number;
  address: string;
  start_month: string;
  solvent: boolean;
  community_id: number | null;
  payments: { year: number; months: { month: string; state: string; payment_id: number | null }[] }[];
}
interface Payment {
  id: number;
  status: number;
  address_payment_id: number;
  months_payment: string[];
  closed_box_id: number | null;
}

async function send(method: string, path: string, token: string, body: unknown) {
  const answer = await fetch(`${baseUrl()}/api/${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await answer.json()) as { success: boolean; message: string };
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${json.message}`);
  return json;
}

const caracasMonth = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Caracas', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
const nextMonth = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
};

/**
 * The demo client's residential address made paid-up through the current month, as staff would:
 * Procesando payments of it deleted, the owed months marked by the calendar. Answers the address
 * and an approved payment the run relies on, outside any cash closing: the closings test may have
 * put one in a verified closing, whose payments cannot change status.
 */
async function paidUpAddress() {
  const client = await apiAs(baseUrl(), 'cliente@recaudo.test');
  const admin = await apiAs(baseUrl());
  const payments = await client<{ data: Payment[] }>('payments?per_page=Todos');
  const addresses = await client<Address[]>('addresses-payment/address-client/client');
  const rejectable = (payment: Payment) => payment.status === 1 && payment.closed_box_id === null;
  const address = addresses.find((item) => item.community_id !== null && payments.data.some((payment) => rejectable(payment) && payment.address_payment_id === item.id));
  if (!address) throw new Error('La cliente de demostración no tiene una dirección residencial con pagos aprobados fuera de un cierre de caja');
  const approved = payments.data.find((payment) => rejectable(payment) && payment.address_payment_id === address.id)!;
  for (const payment of payments.data.filter((item) => item.status === 0 && item.address_payment_id === address.id)) {
    await send('DELETE', 'payments/delete', admin.token, { id: payment.id });
  }
  const refreshed = (await client<Address[]>('addresses-payment/address-client/client')).find((item) => item.id === address.id)!;
  const covered = refreshed.payments.flatMap((year) => year.months.filter((month) => month.state === 'paid').map((month) => month.month));
  const wanted = new Set(covered);
  for (let month = refreshed.start_month; month <= caracasMonth(); month = nextMonth(month)) wanted.add(month);
  const years = [...new Set([...wanted].map((month) => Number(month.slice(0, 4))))];
  await send('POST', 'addresses-payment/change-status-payments-multiple-months', admin.token, {
    client_id: refreshed.client_id,
    address_id: refreshed.id,
    selected_months: years.map((year) => ({ year, months: [...wanted].filter((month) => month.startsWith(`${year}-`)) })),
  });
  return { address: refreshed, approved, admin };
}

describe.skipIf(!chromiumPath)(`solvency certificates in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('a client generates a certificate for a paid-up address, downloads it, its QR page says valid, and revoked after staff reject the payment', async () => {
    const { address, approved, admin } = await paidUpAddress();
    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'cliente@recaudo.test');
    await page.goto('/solvencies');
    await page.getByRole('heading', { name: 'Solvencias' }).waitFor();
    await page.getByLabel('Dirección de pago').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: address.address }).first().click();
    const generate = page.getByRole('button', { name: 'Generar solvencia' });
    await expect.poll(() => generate.isEnabled()).toBe(true);
    await generate.click();
    await page.getByText('Solvencia generada').first().waitFor();
    const table = page.getByRole('table');
    await table.getByText('Válida').first().waitFor();

    const download = page.waitForEvent('download');
    await table.getByRole('button', { name: 'Descargar solvencia' }).first().click();
    expect((await download).suggestedFilename()).toBe('Solvencia.pdf');
    await snapshot(page, 'solvencies-client');

    const [certificate] = (await admin<{ data: { hash: string; addresses_payment_id: number }[] }>(`solvencies?filters[addresses_payment_id]=${address.id}&per_page=1`)).data;
    expect(certificate).toBeDefined();
    const visitor = await newPage(browser(), baseUrl());
    await visitor.goto(`/verify-solvency/${certificate!.hash}`);
    await visitor.getByText('Solvencia válida').waitFor();
    await visitor.getByText('María Pérez').waitFor();
    await snapshot(visitor, 'verify-solvency-valid');

    await send('PUT', 'payments/change-status', admin.token, { id: approved.id, status: 2, notes: 'La referencia no aparece en el estado de cuenta.' });
    await visitor.reload();
    await visitor.getByText('Esta solvencia ya no es válida').waitFor();
    await expect(visitor.getByText(/Revocada desde el .*Un pago en el que se basaba fue rechazado/).isVisible()).resolves.toBe(true);
    await snapshot(visitor, 'verify-solvency-revoked');
    await visitor.context().close();
    await page.context().close();
  });

  it('the administrator dashboard shows the three cards, the chart with amounts written the Venezuelan way, and the to-process table', async () => {
    const page = await newPage(browser(), baseUrl());
    const dashboard = page.waitForResponse((response) => response.url().includes('/api/dashboard/admin'));
    await loginAs(page, 'admin@recaudo.test');
    await page.getByText('Pagos de hoy').waitFor();
    // The chart and the tables under the first screen are drawn as they are scrolled to.
    await scrollThrough(page);
    for (const title of ['Pagos del mes', 'Pagos del año', 'Pagos por Procesar']) await expect(page.getByText(title).first().isVisible()).resolves.toBe(true);

    // Each series on its own axis, the ticks as Venezuelans write numbers (48.075,28).
    const chart = page.getByRole('img', { name: 'Gráfico de pagos: cantidad, BS y $' });
    await chart.locator('svg text').first().waitFor();
    const texts = (await chart.locator('svg text').allTextContents()).map((text) => text.trim());
    expect(texts).toEqual(expect.arrayContaining(['BS', '$', 'Cantidad']));
    const numbers = texts.filter((text) => /^-?[\d.,]+$/.test(text) && /\d/.test(text));
    expect(numbers.length).toBeGreaterThan(6);
    for (const number of numbers) expect(number).toMatch(/^-?\d{1,3}(\.\d{3})*(,\d{1,2})?$/);
    expect(numbers.some((number) => number.includes('.'))).toBe(true);

    // The tooltip of the busiest day gives its amounts exactly, in the same writing.
    const points = ((await (await dashboard).json()) as { data: { date_payment: SeriesPoint[] } }).data.date_payment;
    const busiest = points.reduce((best, point, index) => (Number(point.amount_payment) > Number(points[best]!.amount_payment) ? index : best), 0);
    expect(Number(points[busiest]!.amount_payment)).toBeGreaterThan(1000);
    // The aging card and the reminders panel sit above the chart: bring it into view to point at it.
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.boundingBox())!;
    // The plot spans the grid: 90 px from the left, 150 px from the right (payments-chart.tsx).
    await page.mouse.move(box.x + 90 + ((box.width - 240) * busiest) / (points.length - 1), box.y + box.height / 2);
    const tooltip = page.locator('.payments-chart-tooltip');
    await expect.poll(() => tooltip.innerText()).toContain(formatMoney(points[busiest]!.amount_payment, 'BS'));
    expect(await tooltip.innerText()).toContain(formatMoney(points[busiest]!.dollar_amount_payment, '$'));
    expect(formatMoney(points[busiest]!.amount_payment, 'BS')).toMatch(/^BS \d{1,3}(\.\d{3})+,\d{2}$/);
    await expect(page.getByRole('table', { name: 'Pagos por Procesar' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Ver todo' }).getAttribute('href')).resolves.toBe('/payments');
    await snapshot(page, 'dashboard-admin');
    await page.context().close();
  });
});
