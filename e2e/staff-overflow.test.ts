import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, chromiumPath, loginAs, newPage, scrollThrough, useBrowser } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';
import { overflows } from './support/overflow';

const { browser, baseUrl } = useBrowser();

/** A staff list as the Administrador opens it: on a tab of its page, or with the first row of a table expanded. */
interface Screen {
  name: string;
  path: string | ((api: Awaited<ReturnType<typeof apiAs>>) => Promise<string>);
  tab?: string;
  expand?: string;
}

const firstClient = async (api: Awaited<ReturnType<typeof apiAs>>) => {
  const clients = await api<{ data: { id: number }[] }>('clients?type=0&per_page=1');
  return `/client-detail/${clients.data[0]!.id}`;
};

const SCREENS: Screen[] = [
  { name: 'Inicio (Pagos por Procesar)', path: '/dashboard' },
  { name: 'Pagos', path: '/payments' },
  { name: 'Pagos, fila expandida', path: '/payments', expand: 'Pagos' },
  { name: 'Clientes', path: '/clients' },
  { name: 'Clientes, fila expandida', path: '/clients', expand: 'Clientes' },
  { name: 'Direcciones de Pagos', path: '/address-payments' },
  { name: 'Comunidades', path: '/communities' },
  { name: 'Parroquias', path: '/parishes' },
  { name: 'Municipios', path: '/municipalities' },
  { name: 'Estados', path: '/states' },
  { name: 'Usuarios', path: '/users' },
  { name: 'Usuarios clientes', path: '/users', tab: 'Clientes' },
  { name: 'Roles', path: '/roles' },
  { name: 'Cierres de Caja', path: '/closed-boxs' },
  { name: 'Solvencias', path: '/solvencies' },
  { name: 'Conciliaciones', path: '/conciliations' },
  { name: 'Operaciones Bancarias', path: '/bank-operations' },
  { name: 'Bitácoras', path: '/logs' },
  { name: 'Inicios de sesión', path: '/logins' },
  { name: 'Tickets de Pago', path: '/tickets-payments' },
  { name: 'Bancos', path: '/banks' },
  { name: 'Métodos de Pago', path: '/payment-methods' },
  { name: 'Tasas de Cambio', path: '/configurations' },
  { name: 'Correlativos', path: '/correlatives' },
  { name: 'Actividades Económicas', path: '/economic-activities' },
  { name: 'Grupos de actividades', path: '/activity-groups' },
  { name: 'Respaldos', path: '/backups' },
  { name: 'Detalle del cliente, Pagos', path: firstClient, tab: 'Pagos' },
  { name: 'Detalle del cliente, Direcciones de pago', path: firstClient, tab: 'Direcciones de pago' },
  { name: 'Detalle del cliente, Solvencias', path: firstClient, tab: 'Solvencias' },
  { name: 'Detalle del cliente, Bitácoras', path: firstClient, tab: 'Bitácoras' },
];

/**
 * Rows with the longest values a list meets in use, added whichever files ran before: a long
 * name and e-mail on both user tabs and a client's. The lists once sized their columns to their
 * longest value, so one such row widened a whole table past 1366 px.
 */
async function addLongValues(api: Awaited<ReturnType<typeof apiAs>>): Promise<void> {
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const answer = await fetch(`${baseUrl()}/api/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const envelope = (await answer.json()) as { data: T; message: string };
    if (!answer.ok) throw new Error(`${path}: ${answer.status} ${envelope.message}`);
    return envelope.data;
  };
  const stamp = Date.now().toString(36);
  const [role] = (await api<{ id: number; name: string }[]>('roles/selects')).filter((option) => option.name === 'Cajero');
  const [someone] = await api<{ id: number }[]>('users/selects');
  const [serie] = await api<{ id: number }[]>('correlatives/selects');
  await post('users/store', {
    role: role!.id,
    name: 'Maximiliano Alejandro Betancourt Villavicencio de la Santísima Trinidad',
    email: `maximiliano.alejandro.betancourt.villavicencio.${stamp}@cobranzas-regionales.test`,
    password: 'Supervisa2026!',
    multiple_users_verify: true,
    multiple_users: [someone!.id],
    correlative_id: serie!.id,
  });
  const client = await post<{ id: number }>('clients/store', {
    type: 1,
    name: 'Inversiones y Representaciones Agropecuarias del Occidente Venezolano',
    identification_type: 'J',
    identification: `3${String(Date.now()).slice(-8)}`,
    email: `administracion.cobranzas.${stamp}@inversiones-agropecuarias-occidente.test`,
    phone: ['4141234567'],
  });
  await post('users/store', {
    client_id: client.id,
    name: 'Ana Gabriela Fernández Quintero de Montenegro Altamirano',
    email: `ana.gabriela.fernandez.quintero.${stamp}@inversiones-agropecuarias-occidente.test`,
    password: 'Supervisa2026!',
  });
}

/** Waits for the screen's tables to show their rows (or their empty state) and stop loading. */
async function settled(page: Page): Promise<void> {
  await page.locator('.ant-table-tbody > tr.ant-table-row, .ant-table-tbody .ant-empty').first().waitFor();
  await expect.poll(() => page.locator('.ant-table-wrapper .ant-spin-spinning').count()).toBe(0);
}

describe.skipIf(!chromiumPath)(`staff lists at 1366 × 768 in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  let session: BrowserContextOptions['storageState'];
  let api: Awaited<ReturnType<typeof apiAs>>;

  beforeAll(async () => {
    api = await apiAs(baseUrl());
    await addLongValues(api);
    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'admin@recaudo.test');
    session = await page.context().storageState();
    await page.context().close();
  });

  // One tab for every list: each loads its address afresh, but the scripts and styles come from
  // the tab's cache instead of being fetched and compiled again for each of the 31 screens.
  let desk: Page;
  beforeAll(async () => {
    desk = await newPage(browser(), baseUrl(), { storageState: session });
    await desk.setViewportSize({ width: 1366, height: 768 });
  });
  afterAll(() => desk.context().close());

  it.each(SCREENS)('$name: nothing scrolls sideways and no header or value is cut', async ({ path, tab, expand }) => {
    const page = desk;
    // What is measured is the screen drawn, which the waits below hold out for: not the document's
    // load event, which one slow subresource can hold back (a CI run once timed out on it, list after list).
    await page.goto(typeof path === 'string' ? path : await path(api), { waitUntil: 'domcontentloaded' });
    // The sidebar is open, as a desktop user has it.
    await expect.poll(() => page.locator('.ant-layout-sider').evaluate((sider) => sider.getBoundingClientRect().width)).toBe(240);
    if (tab) await page.getByRole('tab', { name: tab, exact: true }).click();
    await settled(page);
    // What is drawn as it is scrolled to (the dashboard's Pagos por Procesar) is measured too.
    await scrollThrough(page);
    await settled(page);
    if (expand) {
      await page.getByRole('table', { name: expand }).locator('tbody tr.ant-table-row').first().locator('.ant-table-row-expand-icon').click();
      await page.locator('tr.ant-table-expanded-row').first().waitFor();
      await settled(page);
    }
    // One line per problem, so a failure reads as a list of what to fix.
    expect((await overflows(page)).join('\n')).toBe('');
  });

  it('on a narrower window Pagos scrolls sideways with Estatus and Acciones pinned side by side at its right', async () => {
    // The build measures the table's columns in the frame after they are drawn (web/table-measure-plugin.ts).
    const page = await newPage(browser(), baseUrl(), { storageState: session });
    await page.setViewportSize({ width: 800, height: 768 });
    await page.goto('/payments');
    await settled(page);
    const edges = (selector: string) =>
      page.locator(selector).evaluate((element) => {
        const box = element.getBoundingClientRect();
        return { left: box.left, right: box.right, scrollWidth: element.scrollWidth, clientWidth: element.clientWidth };
      });
    const scroller = await edges('.ant-table-content');
    expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth + 1);
    const pinned = page.getByRole('table', { name: 'Pagos' }).locator('tbody tr.ant-table-row').first().locator('td.ant-table-cell-fix-end');
    await expect.poll(() => pinned.count()).toBe(2);
    const [status, actions] = await Promise.all([0, 1].map((index) => pinned.nth(index).evaluate((cell) => cell.getBoundingClientRect().toJSON() as DOMRect)));
    expect(Math.abs(actions!.right - scroller.right)).toBeLessThanOrEqual(1);
    expect(Math.abs(status!.right - actions!.left)).toBeLessThanOrEqual(1);
    expect(status!.left).toBeLessThan(status!.right);
    await page.context().close();
  });

  it("on a phone's width Pagos shows each payment as a card with every column's value and its actions, nothing scrolling sideways, and no menu group floats over a grouped page", async () => {
    const page = await newPage(browser(), baseUrl(), { storageState: session });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/payments');
    const cards = page.getByRole('list', { name: 'Pagos' }).getByRole('listitem');
    await cards.first().waitFor();
    expect(await page.locator('.ant-table').count()).toBe(0);
    const first = cards.first();
    const titles = await first.locator('dt').allTextContents();
    expect(titles.map((title) => title.replace(/\s+/g, ' ').trim())).toEqual(['Nº documento', 'Cliente', 'Monto BS', 'Monto $/€', 'Fecha de pago', 'Estatus']);
    // Every value in view: the card is as wide as the page and no value runs past its right edge.
    const overflowing = await first.evaluate((card) => {
      const edge = card.getBoundingClientRect().right;
      return Array.from(card.querySelectorAll('dd'))
        .filter((value) => value.getBoundingClientRect().right > edge + 1)
        .map((value) => value.textContent);
    });
    expect(overflowing).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await first.getByRole('button', { name: /^Más acciones de / }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Historial de cambios' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await first.getByRole('button', { name: 'Ver detalles' }).click();
    await expect.poll(() => first.getByRole('button', { name: 'Ocultar detalles' }).getAttribute('aria-expanded')).toBe('true');
    // A page inside a menu group (Regional): the closed sidebar leaves no submenu floating over the cards.
    await page.goto('/states');
    await page.getByRole('list', { name: 'Estados' }).getByRole('listitem').first().waitFor();
    expect(await page.locator('.ant-menu-submenu-popup').count()).toBe(0);
    await page.getByRole('button', { name: 'Mostrar menú' }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Municipios' }).isVisible()).toBe(true);
    await page.context().close();
  });
});
