import type { ReminderPreview } from '@recaudo/domain/reminders';
import type { DashboardAdmin, DashboardAging, DashboardClient, PeriodCard } from '@recaudo/domain/dashboard';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { paymentRow } from '../features/payments/payment-fixtures';
import { installFakeApi, notFound, ok } from '../test/fake-api';
import { makeSession, renderApp } from '../test/render';
import DashboardRoute from './dashboard-route';
import { chooseRowAction, rowActionNames } from '../test/row-actions';

// jsdom has no canvas: the chart renders its points as text here (the browser test draws the real one).
vi.mock('../features/dashboard/payments-chart', () => ({
  PaymentsChart: ({ points }: { points: { date: string; count_payments: number }[] }) => (
    <ol aria-label="Gráfico de pagos">
      {points.map((point) => (
        <li key={point.date}>
          {point.date}: {point.count_payments}
        </li>
      ))}
    </ol>
  ),
}));

const card = (current: number, previous: number, percentage: string): PeriodCard => ({
  current: { count_payments: current, amount_payment: '1234.56', dollar_amount_payment: '30.48' },
  previous: { count_payments: previous, amount_payment: '0.00', dollar_amount_payment: '0.00' },
  percentage,
});

const admin: DashboardAdmin = {
  payments: { day: card(3, 2, '50.00'), month: card(10, 20, '-50.00'), year: card(40, 40, '0.00') },
  date_payment: [
    { date: '2026-11-01', count_payments: 1, amount_payment: '10.00', dollar_amount_payment: '0.25' },
    { date: '2026-11-02', count_payments: 0, amount_payment: '0.00', dollar_amount_payment: '0.00' },
  ],
  payments_to_proccess: [
    paymentRow({ id: 55, status: 0, number_correlative: '00000555', serie_id: 1 }),
    paymentRow({
      id: 56,
      status: 0,
      number_correlative: '00000556',
      serie_id: 1,
      number: '00-00000042',
      hash: 'factura-56',
      type_document: '01',
      send_invoice: true,
      apply_invoice_factory: true,
      status_invoice_factory: 200,
      factory_response: 'Documento procesado correctamente',
    }),
  ],
  data_general: {
    configuration: [
      { name: 'update_dollar_rate', value: '40.50' },
      { name: 'update_euro_rate', value: '44.25' },
    ],
  },
  printer_warning: null,
  backup_warning: null,
};

const aging: DashboardAging = {
  aging: [
    { bucket: '1-3', addresses: 1200, owed_usd: '9000.00', owed_bs: '364500.00', surcharge_usd: '12.40' },
    { bucket: '4-6', addresses: 0, owed_usd: '0.00', owed_bs: '0.00', surcharge_usd: '0.00' },
    { bucket: '7-12', addresses: 3, owed_usd: '145.00', owed_bs: '5872.50', surcharge_usd: '3.05' },
    { bucket: '13+', addresses: 2, owed_usd: '87.69', owed_bs: '3551.45', surcharge_usd: '0.00' },
  ],
};

const client: DashboardClient = {
  client: {
    id: 10,
    type: 0,
    name: 'Luisa Mendoza',
    identification_type: 'V',
    identification: '12345678',
    email: 'luisa@correo.test',
    phone: ['4141234567'],
    gender: 'F',
    birth_date: '1990-05-04',
    created_at: '2025-01-10T15:00:00.000Z',
    reminders_opt_out: false,
  },
  latest_payment: null,
  dollar_rate: '40.50',
  euro_rate: '44.25',
  dollar_rate_value_date: '2026-12-01',
  dollar_rate_source: 'bcv',
  euro_rate_value_date: '2026-12-01',
  euro_rate_source: 'bcv',
  debts: { dollar_rate: '40.50', dollar_rate_value_date: '2026-12-01', dollar_rate_source: 'bcv', months_owed: 0, owed_usd: '0.00', owed_bs: '0.00', surcharge_usd: '0.00', surcharge_bs: '0.00', addresses: [] },
};

const preview: ReminderPreview = {
  period: '2026-11',
  min_months: 1,
  next_run: '2026-12-05T13:00:00.000Z',
  total: 1,
  owed_usd: '20.00',
  owed_bs: '810.00',
  page: 1,
  per_page: 10,
  reminders: [
    {
      client: { id: 10, name: 'Luisa Mendoza', identification_type: 'V', identification: '12345678' },
      email: 'luisa@correo.test',
      sms: null,
      months_owed: 4,
      owed_usd: '20.00',
      owed_bs: '810.00',
      surcharge_usd: '0.60',
      surcharge_bs: '24.30',
      addresses: [
        { address_payment_id: 1, address: 'Calle 3', months_owed: 3, owed_usd: '15.00', owed_bs: '607.50', surcharge_usd: '0.60', surcharge_bs: '24.30', installment: null },
        {
          address_payment_id: 2,
          address: 'Calle 9',
          months_owed: 1,
          owed_usd: '5.00',
          owed_bs: '202.50',
          surcharge_usd: '0.00',
          surcharge_bs: '0.00',
          installment: { number: 2, count: 3, due_date: '2027-01-15', owed_usd: '10.00', owed_bs: '405.00' },
        },
      ],
    },
  ],
};
let reminderRuns = 0;
let previewTotal = 1;
const previewCalls: string[] = [];
const optOuts: unknown[] = [];

const statusChanges: unknown[] = [];
let dashboardCalls: string[] = [];
let printerWarning: string | null = null;
let backupWarning: string | null = null;
let closingsCalls: string[] = [];
let collectionsCalls: string[] = [];
const api = installFakeApi(async (url, init) => {
  if (url.startsWith('/api/dashboard/users-closed-box')) {
    closingsCalls.push(decodeURIComponent(url));
    return ok([
      { user_id: 3, name: 'Carla Cajera', count_closed_boxs: 2, count_payments: 7, amount_bill: '1234.50', amount_payment: '1200.00', dollar_amount_bill: '30.48', dollar_amount_payment: '29.63' },
    ]);
  }
  if (url.startsWith('/api/dashboard/aging')) return ok(aging);
  if (url.startsWith('/api/dashboard/collections')) {
    collectionsCalls.push(decodeURIComponent(url));
    return ok({
      currencies: [
        { currency: 'VES', amount: '12500.00', amount_ves: '12500.00', change: '16.44' },
        { currency: 'USD', amount: '35.00', amount_ves: '8582.35', change: '2.50' },
      ],
      igtf: '73.56',
    });
  }
  if (url.startsWith('/api/dashboard/admin')) {
    dashboardCalls.push(decodeURIComponent(url));
    return ok({ ...admin, printer_warning: printerWarning, backup_warning: backupWarning });
  }
  if (url.startsWith('/api/dashboard/client')) return ok(client);
  if (url.startsWith('/api/reminders/preview')) {
    previewCalls.push(decodeURIComponent(url));
    if (reminderRuns) return ok({ ...preview, total: 0, owed_usd: '0.00', owed_bs: '0.00', reminders: [] });
    return ok(previewTotal > 10 ? { ...preview, total: previewTotal, page: Number(new URL(url, 'http://x').searchParams.get('page')) } : preview);
  }
  if (url === '/api/reminders/run' && init?.method === 'POST') {
    reminderRuns += 1;
    return ok({ period: '2026-11', sent: 1 }, 'Se envió 1 recordatorio.');
  }
  if (url === '/api/reminders/opt-out' && init?.method === 'POST') {
    optOuts.push(JSON.parse(String(init.body)));
    return ok({ opt_out: true }, 'Ya no recibirás recordatorios de pago.');
  }
  if (url.startsWith('/api/payments/change-status')) {
    statusChanges.push(JSON.parse(String(init?.body)));
    return ok(null, 'Pago aprobado');
  }
  return notFound();
});

describe('Dashboard (administrator)', () => {
  it('shows the welcome card with the rates, the three cards, the chart and the to-process table', async () => {
    dashboardCalls = [];
    renderApp(<DashboardRoute />, { path: '/dashboard', session: makeSession({ permissions: ['payments', 'edit_payment'] }) });
    expect(await screen.findByText('Bienvenido, Ana Pérez')).toBeInTheDocument();
    expect(await screen.findByText('BS 40,50')).toBeInTheDocument();
    expect(screen.getByText('BS 44,25')).toBeInTheDocument();
    for (const title of ['Pagos de hoy', 'Pagos del mes', 'Pagos del año']) expect(screen.getByText(title)).toBeInTheDocument();
    // Counters run 4 s to their value.
    await waitFor(() => expect(screen.getByTestId('count-Pagos del año')).toHaveTextContent('40'), { timeout: 7000 });
    expect(screen.getByText('+50,00 %')).toBeInTheDocument();
    expect(screen.getByText('-50,00 %')).toBeInTheDocument();
    expect(screen.getByText('0,00 %')).toBeInTheDocument();
    expect(within(await screen.findByRole('list', { name: 'Gráfico de pagos' })).getByText('2026-11-01: 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver todo' })).toHaveAttribute('href', '/payments');
    const table = screen.getByRole('table', { name: 'Pagos por Procesar' });
    expect(within(table).getByText(/00000555/)).toBeInTheDocument();
    expect(dashboardCalls[0]).toMatch(/filters\[option\]=0&filters\[dates\]=\d{2}-\d{4}/);
  }, 30_000);

  it('shows what every address owes by aging bucket, in $ and BS, with the total', async () => {
    renderApp(<DashboardRoute />, { path: '/dashboard', session: makeSession({ permissions: ['payments'] }) });
    expect(await screen.findByText('Deuda por antigüedad')).toBeInTheDocument();
    const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });
    // The four buckets stand from the first paint; their figures fill in when the call answers.
    await waitFor(() => expect(row('1 a 3 meses')).toHaveTextContent(/1\.200\s*\$ 9\.000,00\s*BS 364\.500,00\s*\$ 12,40/));
    expect(row('4 a 6 meses')).toHaveTextContent(/0\s*\$ 0,00\s*BS 0,00/);
    expect(row('Más de 12 meses')).toHaveTextContent(/2\s*\$ 87,69\s*BS 3\.551,45/);
    // Issue 50: the late-payment surcharge, a column of its own.
    expect(row('Total')).toHaveTextContent(/1\.205\s*\$ 9\.232,69\s*BS 373\.923,95\s*\$ 15,45/);
  }, 30_000);

  it('shows the Administrador who the next reminder run reaches, and sends it by hand after confirming', async () => {
    reminderRuns = 0;
    renderApp(<DashboardRoute />, { path: '/dashboard', session: makeSession({ permissions: ['payments', 'clients'] }) });
    const table = await screen.findByRole('table', { name: 'Próximos recordatorios' });
    const row = within(table).getByText('Luisa Mendoza (V-12345678)').closest('tr')!;
    expect(row).toHaveTextContent(/luisa@correo\.test\s*VACIO\s*2\s*4\s*\$ 20,00\s*BS 810,00\s*\$ 0,60\s*Cuota 2 de 3: \$ 10,00, vence 15-01-2027$/);
    expect(screen.getByText(/Periodo 11-2026: 1 cliente con 1 mes o más por pagar sin recordatorio, \$ 20,00 \(BS 810,00\) en total\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar ahora' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(reminderRuns).toBe(1));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Próximos recordatorios' })).queryByText(/Luisa Mendoza/)).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Enviar ahora' })).toBeDisabled();
  }, 30_000);

  it('pages the reminder preview on the server: the pager counts every client and asks for the page chosen', async () => {
    reminderRuns = 0;
    previewTotal = 25;
    previewCalls.length = 0;
    renderApp(<DashboardRoute />, { path: '/dashboard', session: makeSession({ permissions: ['payments', 'clients'] }) });
    await screen.findByRole('table', { name: 'Próximos recordatorios' });
    expect(screen.getByText(/Periodo 11-2026: 25 clientes con 1 mes o más/)).toBeInTheDocument();
    // Each page number is a link with an address, which crawlers (and Lighthouse's SEO) follow.
    expect(screen.getByRole('link', { name: '3' })).toHaveAttribute('href', '?page=3');
    await userEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(previewCalls.at(-1)).toBe('/api/reminders/preview?page=3&per_page=10'));
    previewTotal = 1;
  }, 30_000);

  it('shows no reminders panel to staff who are not Administrador', async () => {
    renderApp(<DashboardRoute />, { path: '/dashboard', session: makeSession({ permissions: ['payments', 'clients'], user: { role: { id: 2, name: 'Cajero', key: 'cashier' } } }) });
    expect(await screen.findByText('Deuda por antigüedad')).toBeInTheDocument();
    expect(screen.queryByText('Recordatorios de pago')).not.toBeInTheDocument();
  }, 30_000);

  it('warns the Administrador when the printer’s control numbers run low, and says nothing otherwise', async () => {
    const warning = 'Quedan 42 números de control en el rango de la imprenta digital. Solicita un nuevo rango a The Factory HKA antes de que se agote.';
    printerWarning = warning;
    const { unmount } = renderApp(<DashboardRoute />, { path: '/dashboard', session: makeSession({ permissions: ['payments'] }) });
    expect(await screen.findByText(warning)).toBeInTheDocument();
    expect(screen.getByText('Imprenta digital')).toBeInTheDocument();
    unmount();
    printerWarning = null;
    renderApp(<DashboardRoute />, { path: '/dashboard', session: makeSession({ permissions: ['payments'] }) });
    expect(await screen.findByText('BS 40,50')).toBeInTheDocument();
    expect(screen.queryByText('Imprenta digital')).not.toBeInTheDocument();
  }, 30_000);

  it('warns the Administrador that the last scheduled backup failed, with its reason, and says nothing otherwise', async () => {
    const warning = 'El respaldo programado del 01-12-2026 02:00 falló: No hay espacio en disco para el respaldo (carpeta de respaldos). Revise el disco del servidor y cree un respaldo en Respaldos.';
    backupWarning = warning;
    const { unmount } = renderApp(<DashboardRoute />, { path: '/dashboard', session: makeSession({ permissions: ['payments'] }) });
    expect(await screen.findByText(warning)).toBeInTheDocument();
    expect(screen.getByText('Respaldos')).toBeInTheDocument();
    unmount();
    backupWarning = null;
    renderApp(<DashboardRoute />, { path: '/dashboard', session: makeSession({ permissions: ['payments'] }) });
    expect(await screen.findByText('BS 40,50')).toBeInTheDocument();
    expect(screen.queryByText(warning)).not.toBeInTheDocument();
  }, 30_000);

  it('approves from the to-process table and reloads the dashboard', async () => {
    dashboardCalls = [];
    renderApp(<DashboardRoute />, { path: '/dashboard', session: makeSession({ permissions: ['payments', 'edit_payment'] }) });
    const table = await screen.findByRole('table', { name: 'Pagos por Procesar' });
    const row = (await within(table).findByText(/00000555/)).closest('tr')!;
    await chooseRowAction(row, 'Aprobar');
    const confirm = await screen.findByRole('dialog', { name: 'Aprobar pago' });
    expect(statusChanges).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(statusChanges).toContainEqual(expect.objectContaining({ id: 55, status: 1 })));
    await waitFor(() => expect(dashboardCalls.length).toBeGreaterThanOrEqual(2));
    expect(api.success).toHaveBeenCalledWith('Pago aprobado');
  }, 30_000);

  it('offers the legal-document actions of an issued invoice in the to-process table, by permission', async () => {
    renderApp(<DashboardRoute />, { path: '/dashboard', session: makeSession({ permissions: ['payments', 'edit_payment'] }) });
    const table = await screen.findByRole('table', { name: 'Pagos por Procesar' });
    const issuedRow = (await within(table).findByText(/00000556/)).closest('tr')!;
    expect(within(issuedRow).getByText('Procesado')).toBeInTheDocument();
    const issued = await rowActionNames(issuedRow);
    for (const name of ['Ver factura', 'Registros de la factura', 'Anular factura']) expect(issued).toContain(name);
    const plainRow = within(table).getByText(/00000555/).closest('tr')!;
    expect(within(plainRow).getByText('No aplica')).toBeInTheDocument();
    expect(await rowActionNames(plainRow)).not.toContain('Ver factura');
  }, 30_000);

  it('without edit_payment the to-process table offers no retention, notes or cancel', async () => {
    renderApp(<DashboardRoute />, { path: '/dashboard', session: makeSession({ permissions: ['payments'] }) });
    const table = await screen.findByRole('table', { name: 'Pagos por Procesar' });
    const issuedRow = (await within(table).findByText(/00000556/)).closest('tr')!;
    const names = await rowActionNames(issuedRow);
    expect(names).toContain('Ver factura');
    for (const name of ['Aplicar retención', 'Nota de débito', 'Nota de crédito', 'Anular factura']) expect(names).not.toContain(name);
  }, 30_000);

  it('shows the users\' closings of today, and of the range picked', async () => {
    closingsCalls = [];
    renderApp(<DashboardRoute />, { path: '/dashboard', session: makeSession({ permissions: ['payments', 'closed_boxs'] }) });
    const table = await screen.findByRole('table', { name: 'Cierres de cajas de Usuarios' });
    const row = (await within(table).findByText('Carla Cajera')).closest('tr')!;
    for (const text of ['2', '7', 'BS 1.234,50', 'BS 1.200,00', '$ 30,48', '$ 29,63']) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(closingsCalls[0]).toMatch(/dates\[\]=(\d{2}-\d{2}-\d{4})&dates\[\]=\1/);
    expect(screen.getByRole('link', { name: 'Ver cierres' })).toHaveAttribute('href', '/closed-boxs');
    await userEvent.click(screen.getAllByRole('textbox', { name: 'Fechas de los cierres' })[0]!);
    await userEvent.click(await screen.findByText('En el año'));
    await waitFor(() => expect(closingsCalls.at(-1)).toMatch(new RegExp(`dates\\[\\]=01-01-${new Date().getFullYear()}`)));
  }, 30_000);

  it('shows the collections of the chart’s period per currency, with the change given and the IGTF collected (issue 49)', async () => {
    collectionsCalls = [];
    renderApp(<DashboardRoute />, { path: '/dashboard', session: makeSession({ permissions: ['payments'] }) });
    const dollars = await screen.findByRole('region', { name: 'Dólares (USD)' });
    expect(dollars).toHaveTextContent(/\$ 35,00\s*Equivale a BS 8\.582,35\s*Vuelto entregado: \$ 2,50/);
    expect(screen.getByRole('region', { name: 'Bolívares (VES)' })).toHaveTextContent(/BS 12\.500,00\s*Vuelto entregado: BS 16,44/);
    expect(screen.getByRole('region', { name: 'IGTF cobrado' })).toHaveTextContent('BS 73,56');
    expect(collectionsCalls[0]).toMatch(/filters\[option\]=0&filters\[dates\]=\d{2}-\d{4}/);
    await userEvent.click(screen.getByText('Año'));
    await waitFor(() => expect(collectionsCalls.at(-1)).toMatch(new RegExp(`filters\\[option\\]=1&filters\\[dates\\]=${new Date().getFullYear()}`)));
  }, 30_000);

  it('switches to Año, resetting the date to the current year', async () => {
    dashboardCalls = [];
    renderApp(<DashboardRoute />, { path: '/dashboard', session: makeSession({ permissions: ['payments'] }) });
    await screen.findByText('Bienvenido, Ana Pérez');
    await userEvent.click(screen.getByText('Año'));
    await waitFor(() => expect(dashboardCalls.at(-1)).toMatch(new RegExp(`filters\\[option\\]=1&filters\\[dates\\]=${new Date().getFullYear()}`)));
    expect(screen.queryByRole('button', { name: 'Aprobar' })).not.toBeInTheDocument();
  }, 30_000);
});

describe('Dashboard (client)', () => {
  it('shows Datos Personales and Información Adicional, and says when there is no payment', async () => {
    renderApp(<DashboardRoute />, {
      path: '/dashboard',
      session: makeSession({ user: { client_id: 10, client: { id: 10, name: 'Luisa Mendoza' } as never, role: { id: 4, name: 'Cliente', key: 'client' } } }),
    });
    expect(await screen.findByText('Datos Personales')).toBeInTheDocument();
    expect(screen.getByText('Luisa Mendoza')).toBeInTheDocument();
    expect(screen.getByText('V-12345678')).toBeInTheDocument();
    expect(screen.getByText('10-01-2025')).toBeInTheDocument();
    expect(screen.getByText('+58 (414)-1234567')).toBeInTheDocument();
    const reminders = screen.getByRole('switch', { name: 'Recibir recordatorios de pago' });
    expect(reminders).toBeChecked();
    await userEvent.click(reminders);
    await waitFor(() => expect(optOuts).toEqual([{ opt_out: true }]));
    expect(screen.getByText('04-05-1990')).toBeInTheDocument();
    expect(screen.getByText('Femenino')).toBeInTheDocument();
    expect(screen.getByText(/\d+ años/)).toBeInTheDocument();
    expect(screen.getByText('No tiene ningún pago registrado')).toBeInTheDocument();
    expect(screen.getByText('Tasa BCV 40,50 del 01-12-2026')).toBeInTheDocument();
    expect(screen.getByText('Tasa BCV 44,25 del 01-12-2026')).toBeInTheDocument();
  });
});
