import type { PaymentVerification } from '@recaudo/domain/payment-receipts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../lib/notify';
import { renderApp } from '../../test/render';
import VerifyPaymentPage from './verify-payment-page';

const HASH = 'a1'.repeat(32);
const fetchMock = vi.fn<typeof fetch>();
const errorToast = vi.fn();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const verification: PaymentVerification = {
  number_correlative: '00000123',
  serie: 'A',
  status: 1,
  client: { name: 'Zoila Quintero', identification_type: 'V', identification: '11122233' },
  payment_method: { name: 'Transferencia' },
  amount_payment: '1365.50',
  dollar_amount_payment: '10.00',
  currency: '$',
  date_payment: '2026-03-02',
  date_bill: null,
  created_at: '2026-03-03T14:30:00.000Z',
  months_payment: ['2026-02', '2026-03'],
};

beforeEach(() => {
  registerNotifier({ error: errorToast, success: vi.fn() });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  registerNotifier(null);
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  errorToast.mockReset();
  localStorage.clear();
});

const page = (
  <Routes>
    <Route path="/verify-payment/:hash" element={<VerifyPaymentPage />} />
    <Route path="/" element={<p>Inicio</p>} />
  </Routes>
);

const valueOf = (label: string) => screen.getByText(label).closest('tr')!.querySelector('.ant-descriptions-item-content')!;

describe('Verificación de pago (/verify-payment/:hash)', () => {
  it('shows the payment without a login: client, method, amounts, dates, status and months', async () => {
    fetchMock.mockImplementation(async () => json(200, { success: true, message: 'Operación exitosa', data: verification }));
    renderApp(page, { path: `/verify-payment/${HASH}` });
    expect(screen.getByRole('status', { name: 'Verificando pago' })).toBeInTheDocument();
    expect(await screen.findByText('Zoila Quintero')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Verificación de pago' })).toBeInTheDocument();

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/verify-payment/${HASH}`);
    expect(new Headers(init!.headers).has('Authorization')).toBe(false);

    expect(valueOf('Estatus')).toHaveTextContent('Aprobado');
    expect(valueOf('Identificación')).toHaveTextContent('V-11122233');
    expect(valueOf('N° de documento')).toHaveTextContent('A-00000123');
    expect(valueOf('Método de pago')).toHaveTextContent('Transferencia');
    expect(valueOf('Monto pagado')).toHaveTextContent('BS 1.365,50');
    expect(valueOf('Monto pagado ($)')).toHaveTextContent('$ 10,00');
    expect(valueOf('Fecha de pago')).toHaveTextContent('02-03-2026');
    expect(valueOf('Fecha de factura')).toHaveTextContent('VACIO');
    expect(valueOf('Fecha de registro')).toHaveTextContent('03-03-2026 10:30 am');
    const months = within(valueOf('Meses pagados') as HTMLElement);
    expect(months.getByText('02-2026')).toBeInTheDocument();
    expect(months.getByText('03-2026')).toBeInTheDocument();

    // The logo goes to the start page.
    await userEvent.click(screen.getByRole('link', { name: 'Recaudo, ir al inicio' }));
    expect(await screen.findByText('Inicio')).toBeInTheDocument();
  });

  it('shows "Error!" with the spec message, and no toast, when the hash names no payment', async () => {
    fetchMock.mockImplementation(async () => json(404, { success: false, message: 'El hash no pertenece a ningún pago' }));
    renderApp(page, { path: '/verify-payment/desconocido' });
    expect(await screen.findByText('Error!')).toBeInTheDocument();
    expect(screen.getByText('El hash no pertenece a ningún pago')).toBeInTheDocument();
    expect(screen.queryByText('Cliente')).not.toBeInTheDocument();
    expect(errorToast).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Recaudo, ir al inicio' })).toHaveAttribute('href', '/');
  });

  it('says why when the check itself fails (too many attempts)', async () => {
    fetchMock.mockImplementation(async () => json(429, { success: false, message: 'Demasiadas solicitudes. Intenta de nuevo en 9 minutos.' }));
    renderApp(page, { path: `/verify-payment/${HASH}` });
    expect(await screen.findByText('Demasiadas solicitudes. Intenta de nuevo en 9 minutos.')).toBeInTheDocument();
    expect(screen.getByText('Error!')).toBeInTheDocument();
  });
});
