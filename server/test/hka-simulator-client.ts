import { startInvoiceSimulator, type InvoiceSimulator, type SimulatorOptions } from '../src/providers/invoice/simulator';

/**
 * A client of the printer simulator for its contract tests: start it and log in, call an endpoint
 * with the session's bearer, and the §2.4 invoice of shared/providers.md to emit.
 */

let sim: InvoiceSimulator;
let token: string;

/** The simulator the last `start` opened. */
export const simulator = () => sim;

export async function raw(path: string, init: { method?: string; body?: unknown; auth?: boolean } = {}) {
  const response = await fetch(`${sim.url}/${path}`, {
    method: init.method ?? 'POST',
    headers: { 'Content-Type': 'application/json', ...(init.auth === false ? {} : { Authorization: `Bearer ${token}` }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, any>) : null };
}
export const post = async (path: string, body: unknown) => (await raw(path, { body })).body!;

export async function start(options: SimulatorOptions = {}) {
  sim = await startInvoiceSimulator(options);
  const login = await raw('Autenticacion', { body: { usuario: 'recaudo', clave: 'simulador' }, auth: false });
  token = login.body!.token as string;
  return login;
}

let sequence = 0;
/** The §2.4 invoice, with its illustrative values filled in. */
export function invoice(overrides: { id?: Record<string, unknown>; buyer?: Record<string, unknown>; totals?: Record<string, unknown>; items?: unknown[] } = {}) {
  sequence += 1;
  return {
    documentoElectronico: {
      encabezado: {
        identificacionDocumento: {
          tipoDocumento: '01',
          numeroDocumento: String(sequence),
          serie: '',
          sucursal: '',
          fechaEmision: '20/05/2025',
          fechaVencimiento: '20/05/2025',
          horaEmision: '02:49:11 pm',
          tipoDePago: 'Inmediato',
          tipoDeVenta: 'Interna',
          moneda: 'VES',
          transaccionId: `TX${sequence}`,
          ...overrides.id,
        },
        comprador: {
          tipoIdentificacion: 'J',
          numeroIdentificacion: '123456789',
          razonSocial: 'Comercial Los Pinos',
          direccion: 'Calle 1',
          pais: 'VE',
          telefono: ['04141234567'],
          correo: ['cliente@example.com'],
          ...overrides.buyer,
        },
        totales: {
          nroItems: '1',
          montoGravadoTotal: '100.00',
          montoExentoTotal: '0.00',
          subtotal: '100.00',
          totalIVA: '16.00',
          montoTotalConIVA: '116.00',
          totalAPagar: '116.00',
          formasPago: [{ descripcion: 'Pago móvil', fecha: '20/05/2025', forma: '02', monto: '116.00', moneda: 'VES' }],
          ...overrides.totals,
        },
      },
      detallesItems: overrides.items ?? [
        { numeroLinea: '1', codigoPLU: 'FEE-01', descripcion: 'Cuota mensual', cantidad: '1', precioUnitario: '100.00', valorTotalItem: '116.00' },
      ],
    },
  };
}
export const idOf = (body: ReturnType<typeof invoice>) => body.documentoElectronico.encabezado.identificacionDocumento;
