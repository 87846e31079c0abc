import { describe, expect, it } from 'vitest';
import { paymentAmounts } from '@recaudo/domain/amounts';
import { buildDocument, documentTotals, hkaDate, hkaTime, noteTotals } from './document';

const buyer = {
  identificationType: 'J',
  identification: '123456789',
  name: 'Bodega El Sol',
  address: 'Av. 4',
  phones: ['4141234567'],
  email: 'sol@correo.test',
};

describe('document totals (spec 02 §9), worked by hand', () => {
  it('commercial, 3 months of 20 $ at 36.50 with retention: 60 + 9.60 VAT = 69.60 $; 2 540.40 Bs; VAT 350.40 Bs; 75 % = 262.80 Bs', () => {
    const amounts = paymentAmounts({ type: 1, fee: '20', months: 3, rate: '36.50', applyRetention: true });
    expect(amounts).toMatchObject({ tax_base: '60.00', iva: '9.60', retention: '7.20', dollar_amount_bill: '69.60', amount_bill: '2540.40' });
    const totals = documentTotals({
      commercial: true,
      taxBase: amounts.tax_base,
      iva: amounts.iva,
      dollarAmountBill: amounts.dollar_amount_bill,
      amountBill: amounts.amount_bill,
      rate: '36.50',
      applyRetention: true,
    });
    expect(totals).toEqual({
      base: '2190.00',
      iva: '350.40',
      total: '2540.40',
      foreignBase: '60.00',
      foreignIva: '9.60',
      foreignTotal: '69.60',
      retention: '262.80',
    });
  });

  it('rounds to the cent and keeps base + VAT = total: 12.35 $ at 36.4567 → 450.24 + 72.04 = 522.28 Bs', () => {
    const amounts = paymentAmounts({ type: 1, fee: '12.35', months: 1, rate: '36.4567' });
    // 12.35 + 1.98 (1.976 half-up) = 14.33 $; × 36.4567 = 522.4245 → 522.42 Bs; VAT 1.98 × 36.4567 = 72.18 Bs.
    const totals = documentTotals({
      commercial: true,
      taxBase: amounts.tax_base,
      iva: amounts.iva,
      dollarAmountBill: amounts.dollar_amount_bill,
      amountBill: amounts.amount_bill,
      rate: '36.4567',
      applyRetention: false,
    });
    expect(totals).toMatchObject({ total: '522.42', iva: '72.18', base: '450.24', retention: '0.00' });
  });

  it('residential: no VAT, the whole bill is exempt', () => {
    const totals = documentTotals({
      commercial: false,
      taxBase: '10.00',
      iva: '0.00',
      dollarAmountBill: '10.00',
      amountBill: '365.00',
      rate: '36.50',
      applyRetention: true,
    });
    expect(totals).toMatchObject({ base: '365.00', iva: '0.00', total: '365.00', retention: '0.00' });
  });

  it('a note of 116.00 Bs: 100.00 base + 16.00 VAT when commercial; the whole amount otherwise', () => {
    expect(noteTotals(true, '116', '40')).toMatchObject({ base: '100.00', iva: '16.00', total: '116.00', foreignTotal: '2.90' });
    expect(noteTotals(false, '116', '40')).toMatchObject({ base: '116.00', iva: '0.00', total: '116.00' });
  });
});

describe('formats (providers.md §2.4)', () => {
  it('dates dd/mm/aaaa and 12-hour times', () => {
    expect(hkaDate('2026-03-09')).toBe('09/03/2026');
    expect(hkaTime('00:05:09')).toBe('12:05:09 am');
    expect(hkaTime('12:00:00')).toBe('12:00:00 pm');
    expect(hkaTime('14:49:11')).toBe('02:49:11 pm');
  });

  it('builds the Emision body with amounts as text, the dollar view beside the bolivar totals and the affected invoice of a note', () => {
    const totals = noteTotals(true, '116.00', '36.50');
    const body = buildDocument({
      type: '02',
      serie: 'F',
      number: '0003',
      transactionId: 'RCABC123',
      date: '2026-11-25',
      time: '15:04:05',
      buyer,
      commercial: true,
      totals,
      rate: '36.5',
      rateLabel: 'Tasa BCV 36,50 del 20-11-2026',
      currency: 'USD',
      methodType: 3,
      description: 'Ajuste',
      affected: { serie: 'F', number: '00000101', date: '2026-11-20', total: '846.80', comment: 'Ajuste' },
    });
    expect(body.encabezado.identificacionDocumento).toMatchObject({
      tipoDocumento: '02',
      numeroDocumento: '3',
      numeroFacturaAfectada: '101',
      fechaFacturaAfectada: '20/11/2026',
      montoFacturaAfectada: '846.80',
      fechaEmision: '25/11/2026',
      horaEmision: '03:04:05 pm',
      moneda: 'VES',
      transaccionId: 'RCABC123',
    });
    expect(body.encabezado.totales).toMatchObject({
      subtotal: '100.00',
      totalIVA: '16.00',
      montoTotalConIVA: '116.00',
      impuestosSubtotal: [{ codigoTotalImp: 'G', alicuotaImp: '16.00' }],
    });
    expect(body.encabezado.totales.formasPago).toEqual([{ descripcion: 'Pago móvil', fecha: '25/11/2026', forma: '02', monto: '116.00', moneda: 'VES' }]);
    expect(body.encabezado.totalesOtraMoneda).toMatchObject({
      moneda: 'USD',
      tipoCambio: '36.5000',
      subtotal: '2.74',
      totalIVA: '0.44',
      montoTotalConIVA: '3.18',
    });
    expect(body.detallesItems).toEqual([
      expect.objectContaining({ precioUnitario: '100.00', valorIVA: '16.00', valorTotalItem: '116.00', codigoImpuesto: 'G' }),
    ]);
    // A note carries its rate too, and never the invoice's retention line.
    expect(body.infoAdicional).toEqual([{ campo: 'Tasa de cambio', valor: 'Tasa BCV 36,50 del 20-11-2026' }]);
  });

  it('a delivery note (04) is the payment’s document with guiaDespacho.esGuiaDespacho "0", no affected invoice and only the rate in infoAdicional', () => {
    // Residential, 2 months of 5 $ at 40.00: 400.00 Bs exempt.
    const totals = documentTotals({ commercial: false, taxBase: '10.00', iva: '0.00', dollarAmountBill: '10.00', amountBill: '400.00', rate: '40', applyRetention: false });
    const body = buildDocument({
      type: '04',
      serie: 'F',
      number: '00000007',
      transactionId: 'RCDEF456',
      date: '2026-11-25',
      time: '09:00:00',
      buyer,
      commercial: false,
      totals,
      rate: '40',
      rateLabel: 'Tasa manual 40,00',
      currency: 'EUR',
      methodType: 4,
      description: 'Tarifa mensual 2026-10, 2026-11',
    });
    expect(body.encabezado.identificacionDocumento).toMatchObject({ tipoDocumento: '04', numeroDocumento: '7', numeroFacturaAfectada: '', fechaEmision: '25/11/2026', horaEmision: '09:00:00 am' });
    expect(body).toMatchObject({ guiaDespacho: { esGuiaDespacho: '0' } });
    expect(body.encabezado.totales).toMatchObject({ montoExentoTotal: '400.00', montoGravadoTotal: '0.00', totalIVA: '0.00', montoTotalConIVA: '400.00' });
    expect(body.encabezado.totales.formasPago).toEqual([{ descripcion: 'Efectivo', fecha: '25/11/2026', forma: '08', monto: '400.00', moneda: 'VES' }]);
    expect(body.encabezado.totalesOtraMoneda).toMatchObject({ moneda: 'EUR', tipoCambio: '40.0000', montoTotalConIVA: '10.00' });
    expect(body.infoAdicional).toEqual([{ campo: 'Tasa de cambio', valor: 'Tasa manual 40,00' }]);
    // An invoice has no guiaDespacho.
    const invoice = buildDocument({ type: '01', serie: 'F', number: '1', transactionId: 'RC1', date: '2026-11-25', time: '09:00:00', buyer, commercial: false, totals, rate: '40', rateLabel: 'Tasa manual 40,00', currency: 'EUR', methodType: 4, description: 'x' });
    expect('guiaDespacho' in invoice).toBe(false);
  });
});

describe('the late-payment surcharge on a document (issue 50)', () => {
  const base = { type: '01' as const, serie: 'A', number: '00000001', transactionId: 't-1', date: '2026-03-20', time: '10:00:00', buyer, rate: '36.50', rateLabel: 'Tasa BCV 36,50', currency: 'USD' as const, methodType: 3, description: 'Mensualidad 03-2026' };

  it('is an item of its own with the fee tax, and the items add up to the totals', () => {
    // 20 $ fee + 1 $ surcharge = 21 $ base, VAT 3.36 $: 766.50 + 122.64 = 889.14 Bs.
    const amounts = paymentAmounts({ type: 1, fee: '20', months: 1, rate: '36.50', surcharge: '1.00' });
    const totals = documentTotals({ commercial: true, taxBase: amounts.tax_base, iva: amounts.iva, dollarAmountBill: amounts.dollar_amount_bill, amountBill: amounts.amount_bill, rate: '36.50', applyRetention: false });
    const document = buildDocument({ ...base, commercial: true, totals, surchargeUsd: '1.00' });
    const items = document.detallesItems;
    expect(items.map((item) => [item.codigoPLU, item.descripcion, item.precioItem, item.valorIVA, item.valorTotalItem, item.tasaIVA])).toEqual([
      ['TARIFA', 'Mensualidad 03-2026', '730.00', '116.80', '846.80', '16'],
      ['RECARGO', 'Recargo por mora', '36.50', '5.84', '42.34', '16'],
    ]);
    expect(document.encabezado.totales).toMatchObject({ nroItems: '2', montoGravadoTotal: '766.50', totalIVA: '122.64' });
  });

  it('is exempt like the fee of a residential address, and absent without a surcharge', () => {
    const totals = documentTotals({ commercial: false, taxBase: '10.50', iva: '0.00', dollarAmountBill: '10.50', amountBill: '383.25', rate: '36.50', applyRetention: false });
    const residential = buildDocument({ ...base, commercial: false, totals, surchargeUsd: '0.50' }).detallesItems;
    expect(residential.map((item) => [item.codigoPLU, item.precioItem, item.valorIVA, item.codigoImpuesto])).toEqual([
      ['TARIFA', '365.00', '0.00', 'E'],
      ['RECARGO', '18.25', '0.00', 'E'],
    ]);
    expect(buildDocument({ ...base, commercial: false, totals, surchargeUsd: '0.00' }).detallesItems).toHaveLength(1);
  });
});
