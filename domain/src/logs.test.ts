import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';
import { attributeChanges, attributeText, attributesLine, logEventLabel, logModuleLabel } from './logs';

describe('audit log presentation', () => {
  it('names modules and events in Spanish, unknown ones as they come', () => {
    expect(logModuleLabel('states')).toBe('Estados');
    expect(logEventLabel('updated')).toBe('Actualizado');
    expect(logModuleLabel('payment_months')).toBe('payment_months');
  });

  it('names in Spanish every module, event and field the server writes that had none (backups, invoices, payment months)', () => {
    expect(['backups', 'invoices', 'payment months'].map(logModuleLabel)).toEqual(['Respaldos', 'Documentos legales', 'Meses de pago']);
    expect(logEventLabel('downloaded')).toBe('Descargado');
    const backup = attributeChanges({ properties: { attributes: { name: 'recaudo-2026.jsonl.gz', size: 1536, scheduled: true } } });
    expect(backup.map(({ label, new: value }) => [label, value])).toEqual([
      ['Nombre', 'recaudo-2026.jsonl.gz'],
      ['Tamaño', '1,5 KB'],
      ['Programado', 'Sí'],
    ]);
    const payment = attributeChanges({ properties: { old: { amount_payment: '10.00', date_payment: '2026-03-01' }, attributes: { payment_removed: 4 } } });
    expect(payment.map((change) => change.label)).toEqual(['Monto pagado', 'Fecha de pago', 'Pago retirado']);
  });

  it('writes a value as Sí/No, VACIO for nothing, lists and objects with Spanish names, dates in Caracas time', () => {
    expect(attributeText(true)).toBe('Sí');
    expect(attributeText(false)).toBe('No');
    expect([null, undefined, ''].map(attributeText)).toEqual(['VACIO', 'VACIO', 'VACIO']);
    expect(attributeText(['4141234567', '4247654321'])).toBe('4141234567, 4247654321');
    expect(attributeText({ id: 4, number_document: '00000012', total: '15.00', notes: null })).toBe('ID: 4, Número de documento: 00000012, Total: 15.00, Notas: VACIO');
    expect(attributeText([{ name: 'a.pdf' }, { name: 'b.pdf' }])).toBe('(Nombre: a.pdf), (Nombre: b.pdf)');
    expect(attributeText([])).toBe('VACIO');
    expect(attributeText(0)).toBe('0');
    expect(attributeText('2026-03-15T03:30:00.000Z')).toBe(formatDateTime('2026-03-15T03:30:00.000Z'));
    expect(attributeText('2026-03-15')).toBe('2026-03-15');
  });

  it('pairs every old and new key with labels, VACIO on the side that lacks it', () => {
    const changes = attributeChanges({ properties: { old: { name: 'Lara', active: true }, attributes: { name: 'Lara Norte', code: 'LN' } } });
    expect(changes).toEqual([
      { key: 'name', label: 'Nombre', old: 'Lara', new: 'Lara Norte' },
      { key: 'active', label: 'Activo', old: 'Sí', new: 'VACIO' },
      { key: 'code', label: 'Código', old: 'VACIO', new: 'LN' },
    ]);
    expect(attributeChanges({ properties: {} })).toEqual([]);
  });

  it('writes old or new values in one line for the exports, with the same Spanish names and value texts', () => {
    expect(attributesLine({ name: 'Estado Historial', active: false, notes: null })).toBe('Nombre: Estado Historial; Activo: No; Notas: VACIO');
    expect(attributesLine({ size: 2048 })).toBe('Tamaño: 2,0 KB');
    expect(attributesLine(undefined)).toBe('');
  });
});
