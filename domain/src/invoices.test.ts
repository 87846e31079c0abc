import { describe, expect, it } from 'vitest';
import { invoiceLock, invoiceLockMessage, printerOperation } from './invoices';

describe('invoiceLock: what binds a payment to its invoice', () => {
  const lock = (code: number | null, apply = true) => invoiceLock({ apply_invoice_factory: apply, status_invoice_factory: code });

  it('issued (200, 201, 210), pending (queued or without a final answer), cancelled (800)', () => {
    expect([200, 201, 210].map((code) => lock(code))).toEqual(['issued', 'issued', 'issued']);
    expect([null, 100, 204, 401, 500, 999].map((code) => lock(code))).toEqual(['pending', 'pending', 'pending', 'pending', 'pending', 'pending']);
    expect(lock(800)).toBe('cancelled');
  });

  it('nothing binds a payment without invoice or one the printer refused', () => {
    expect(lock(900, false)).toBeNull();
    expect([202, 203, 205, 400].map((code) => lock(code))).toEqual([null, null, null, null]);
  });

  it('names the fields as a Spanish list', () => {
    expect(invoiceLockMessage('cancelled', ['client_id'])).toBe(
      'La factura de este pago fue anulada: no se puede cambiar Cliente. Para cobrar de nuevo, rechaza este pago y registra uno nuevo.',
    );
    expect(invoiceLockMessage('issued', ['client_id', 'months_payment', 'date_bill'])).toContain('no se puede cambiar Cliente, Meses y Fecha de factura.');
  });
});

describe('printerOperation: the invoice records name each printer call in Spanish', () => {
  it('names the known calls and keeps an unknown one as it came', () => {
    expect(['Emision', 'Anular', 'Correo/Enviar', '/api/DescargaArchivo'].map(printerOperation)).toEqual(['Emisión', 'Anulación', 'Envío por correo', 'Descarga del PDF']);
    expect(printerOperation('NuevaOperacion')).toBe('NuevaOperacion');
  });
});
