import { chromium } from 'playwright-core';
const [base, who, path, out, width, height, action] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
const errors = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
await page.goto(base + '/login');
await page.getByLabel('Correo').fill(who);
await page.getByLabel('Contraseña').fill('Recaudo2026!');
await page.getByRole('button', { name: 'Entrar' }).click();
await page.waitForURL(/dashboard/, { timeout: 20000 });
await page.goto(base + path);
await page.waitForTimeout(3000);
if (action === 'search-calle') {
  await page.getByRole('textbox', { name: 'Buscar' }).fill('calle');
  await page.waitForTimeout(4000);
}
if (action === 'reminders') {
  await page.getByText('Recordatorios de pago').scrollIntoViewIfNeeded();
  await page.waitForTimeout(1500);
}
await page.screenshot({ path: out, fullPage: action !== 'reminders' });
if (action === 'reminders') {
  const card = page.locator('.ant-card', { hasText: 'Recordatorios de pago' });
  await card.screenshot({ path: out });
}
console.log('console errors:', errors.length, errors.slice(0, 3));
await browser.close();
