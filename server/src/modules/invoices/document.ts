import Decimal from 'decimal.js';
import { RETENTION_RATE, VAT_RATE } from '@recaudo/domain/amounts';
import { lateFeeMessages } from '@recaudo/domain/late-fees';

/**
 * The `documentoElectronico` of The Factory HKA's Emision (providers.md §2.4) for an invoice (01),
 * a credit/debit note (02/03) or a delivery note (04, `guiaDespacho.esGuiaDespacho` "0"): bolivar totals in `totales`, the rate's currency beside them in
 * `totalesOtraMoneda`, amounts as text with two decimals, dates dd/mm/aaaa, 12-hour times, and the
 * rate's label with its value date in `infoAdicional`.
 */

const cents = (value: Decimal.Value) => new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const text2 = (value: Decimal.Value) => cents(value).toFixed(2);

/** dd/mm/aaaa from an ISO date (YYYY-MM-DD). */
export const hkaDate = (isoDate: string) => {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
};

/** hh:mm:ss am|pm from a Caracas wall-clock time HH:mm:ss. */
export const hkaTime = (clock: string) => {
  const [hours, minutes, seconds] = clock.split(':').map(Number) as [number, number, number];
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(hours % 12 || 12)}:${pad(minutes)}:${pad(seconds ?? 0)} ${hours < 12 ? 'am' : 'pm'}`;
};

/** Catalog 11 forma de pago by the payment method's type (1 transfer, 2 point of sale, 3 mobile, 4 cash, 5 deposit). */
const PAYMENT_FORMS: Record<number, { code: string; label: string }> = {
  1: { code: '03', label: 'Transferencia' },
  2: { code: '05', label: 'Tarjeta de débito' },
  3: { code: '02', label: 'Pago móvil' },
  4: { code: '08', label: 'Efectivo' },
  5: { code: '01', label: 'Depósito' },
};

export interface DocumentTotals {
  /** Bolivars. */
  base: string;
  iva: string;
  total: string;
  /** The rate's currency. */
  foreignBase: string;
  foreignIva: string;
  foreignTotal: string;
  /** 75 % of the VAT when the client withholds, in bolivars. */
  retention: string;
}

/**
 * Spec 02 §9 totals in bolivars from the stored payment amounts (foreign base and VAT, bolivar
 * bill): the bill is the total; its VAT is the foreign VAT at the rate, the base the rest, so
 * base + VAT = total to the cent. Residential (type 0) bills carry no VAT.
 */
export function documentTotals(input: {
  commercial: boolean;
  taxBase: string;
  iva: string;
  dollarAmountBill: string;
  amountBill: string;
  rate: string;
  applyRetention: boolean;
}): DocumentTotals {
  const total = cents(input.amountBill);
  const iva = input.commercial ? cents(new Decimal(input.iva).times(input.rate)) : new Decimal(0);
  const base = total.minus(iva);
  const retention = input.commercial && input.applyRetention ? cents(iva.times(RETENTION_RATE)) : new Decimal(0);
  return {
    base: base.toFixed(2),
    iva: iva.toFixed(2),
    total: total.toFixed(2),
    foreignBase: text2(input.taxBase),
    foreignIva: text2(input.commercial ? input.iva : 0),
    foreignTotal: text2(input.dollarAmountBill),
    retention: retention.toFixed(2),
  };
}

/** A note's amounts from its new total in bolivars: commercial totals include 16 % VAT. */
export function noteTotals(commercial: boolean, newAmount: string, rate: string): DocumentTotals {
  const total = cents(newAmount);
  const base = commercial ? cents(total.dividedBy(new Decimal(1).plus(VAT_RATE))) : total;
  const iva = total.minus(base);
  const foreign = (value: Decimal) => text2(value.dividedBy(rate));
  return {
    base: base.toFixed(2),
    iva: iva.toFixed(2),
    total: total.toFixed(2),
    foreignBase: foreign(base),
    foreignIva: foreign(iva),
    foreignTotal: foreign(total),
    retention: '0.00',
  };
}

/**
 * Catalog 8 knows V, E, J, P, G and C only: a firma personal is invoiced under its owner's personal
 * RIF (V) and a sucesión under its juridical RIF (J). Unconfirmed with HKA (docs/providers.md).
 */
const HKA_IDENTIFICATION_TYPES: Record<string, string> = { FP: 'V', S: 'J' };
export const hkaIdentificationType = (type: string) => HKA_IDENTIFICATION_TYPES[type] ?? type;

/** IGTF on a document (issue 49): percent rate, the tax and its base in bolívares, the tax in the rate's currency. */
export interface DocumentIgtf {
  rate: string;
  amount: string;
  base: string;
  foreignAmount: string;
}

/** A payment line of the document: its method's type, currency and amount in that currency. */
export interface DocumentLine {
  methodType: number;
  currency: 'VES' | 'USD' | 'EUR';
  amount: string;
}

export interface DocumentInput {
  type: '01' | '02' | '03' | '04';
  serie: string;
  number: string;
  transactionId: string;
  /** YYYY-MM-DD and HH:mm:ss, Caracas. */
  date: string;
  time: string;
  buyer: { identificationType: string; identification: string; name: string; address: string; phones: string[]; email: string | null };
  commercial: boolean;
  totals: DocumentTotals;
  rate: string;
  /** "Tasa BCV 245,67 del 01-12-2026" (domain `rateLabel`): printed in the document's `infoAdicional`. */
  rateLabel: string;
  currency: 'USD' | 'EUR';
  methodType: number;
  /** IGTF collected (invoice) or reversed (credit note), null without. */
  igtf?: DocumentIgtf | null;
  /** How the payment was paid, when in several lines or currencies; empty: one line of `methodType` for the whole bill. */
  lines?: DocumentLine[];
  description: string;
  /** The late-payment surcharge charged, less its waiver, in the rate's currency before VAT (issue 50): an item of its own. */
  surchargeUsd?: string | null;
  /** Notes: the invoice they correct. */
  affected?: { serie: string; number: string; date: string; total: string; comment: string };
}

/**
 * The document's items in bolívares: the months' fee, and the late-payment surcharge as an item of
 * its own with the fee's tax (issue 50, docs/decisions.md). The surcharge's base and VAT are its
 * dollars at the payment's rate; the fee's item is what remains, so the items add up to the totals.
 */
function documentItems(input: DocumentInput): { code: string; description: string; base: string; iva: string; total: string }[] {
  const t = input.totals;
  const fee = { code: 'TARIFA', description: input.description, base: t.base, iva: t.iva, total: t.total };
  if (!input.surchargeUsd || new Decimal(input.surchargeUsd).isZero()) return [fee];
  const base = cents(new Decimal(input.surchargeUsd).times(input.rate));
  const iva = input.commercial ? cents(base.times(VAT_RATE)) : new Decimal(0);
  const surcharge = { code: 'RECARGO', description: lateFeeMessages.line, base: base.toFixed(2), iva: iva.toFixed(2), total: base.plus(iva).toFixed(2) };
  return [
    { ...fee, base: new Decimal(t.base).minus(base).toFixed(2), iva: new Decimal(t.iva).minus(iva).toFixed(2), total: new Decimal(t.total).minus(base).minus(iva).toFixed(2) },
    surcharge,
  ];
}

export function buildDocument(input: DocumentInput) {
  const form = PAYMENT_FORMS[input.methodType] ?? { code: '99', label: 'Otros' };
  const taxCode = input.commercial ? 'G' : 'E';
  const rate = input.commercial ? '16.00' : '0.00';
  const t = input.totals;
  const items = documentItems(input);
  const igtf = input.igtf ?? null;
  const paid = (lines: DocumentLine[], total: string, currency: string) => {
    if (!lines.length) return [{ descripcion: form.label, fecha: hkaDate(input.date), forma: form.code, monto: total, moneda: currency }];
    const listed = lines.map((line) => {
      const lineForm = PAYMENT_FORMS[line.methodType] ?? { code: '99', label: 'Otros' };
      return { descripcion: lineForm.label, fecha: hkaDate(input.date), forma: lineForm.code, monto: line.amount, moneda: line.currency };
    });
    // What the client withheld paid the rest of the bill (its voucher), so the lines add up to it.
    if (t.retention !== '0.00') listed.push({ descripcion: 'Retención de IVA', fecha: hkaDate(input.date), forma: '99', monto: t.retention, moneda: 'VES' });
    return listed;
  };
  const totals = (base: string, iva: string, total: string, currency: string, igtfAmount: string | null, igtfBase: string | null, lines: DocumentLine[]) => ({
    nroItems: String(items.length),
    montoGravadoTotal: input.commercial ? base : '0.00',
    montoExentoTotal: input.commercial ? '0.00' : base,
    subtotal: base,
    totalIVA: iva,
    montoTotalConIVA: total,
    totalAPagar: igtfAmount ? text2(new Decimal(total).plus(igtfAmount)) : total,
    totalDescuento: '0.00',
    impuestosSubtotal: [
      { codigoTotalImp: taxCode, alicuotaImp: rate, baseImponibleImp: base, valorTotalImp: iva },
      ...(igtf && igtfAmount ? [{ codigoTotalImp: 'IGTF', alicuotaImp: igtf.rate, baseImponibleImp: igtfBase!, valorTotalImp: igtfAmount }] : []),
    ],
    ...(igtfAmount ? { totalIGTF: igtfAmount, totalIGTF_VES: igtf!.amount } : {}),
    formasPago: paid(lines, igtfAmount ? text2(new Decimal(total).plus(igtfAmount)) : total, currency),
  });
  return {
    encabezado: {
      identificacionDocumento: {
        tipoDocumento: input.type,
        numeroDocumento: String(Number(input.number)),
        serie: input.serie,
        sucursal: '',
        serieFacturaAfectada: input.affected?.serie ?? '',
        numeroFacturaAfectada: input.affected ? String(Number(input.affected.number)) : '',
        fechaFacturaAfectada: input.affected ? hkaDate(input.affected.date) : '',
        montoFacturaAfectada: input.affected?.total ?? '',
        comentarioFacturaAfectada: input.affected?.comment ?? '',
        fechaEmision: hkaDate(input.date),
        fechaVencimiento: hkaDate(input.date),
        horaEmision: hkaTime(input.time),
        tipoDePago: 'Inmediato',
        tipoDeVenta: 'Interna',
        moneda: 'VES',
        transaccionId: input.transactionId,
      },
      comprador: {
        tipoIdentificacion: hkaIdentificationType(input.buyer.identificationType),
        numeroIdentificacion: input.buyer.identification,
        razonSocial: input.buyer.name,
        direccion: input.buyer.address,
        pais: 'VE',
        notificar: input.buyer.email ? 'Si' : 'No',
        telefono: input.buyer.phones,
        correo: input.buyer.email ? [input.buyer.email] : [],
      },
      totales: totals(t.base, t.iva, t.total, 'VES', igtf?.amount ?? null, igtf?.base ?? null, input.lines ?? []),
      totalesOtraMoneda: {
        moneda: input.currency,
        tipoCambio: new Decimal(input.rate).toFixed(4),
        ...totals(
          t.foreignBase,
          t.foreignIva,
          t.foreignTotal,
          input.currency,
          igtf?.foreignAmount ?? null,
          igtf ? text2(new Decimal(igtf.base).dividedBy(input.rate)) : null,
          [],
        ),
      },
    },
    detallesItems: items.map((item, index) => ({
      numeroLinea: String(index + 1),
      codigoPLU: item.code,
      indicadorBienoServicio: '2',
      descripcion: item.description,
      cantidad: '1',
      unidadMedida: 'E48',
      precioUnitario: item.base,
      precioItem: item.base,
      codigoImpuesto: taxCode,
      tasaIVA: input.commercial ? '16' : '0',
      valorIVA: item.iva,
      valorTotalItem: item.total,
    })),
    // A delivery note, not a dispatch guide (providers.md §2.4): no goods travel.
    ...(input.type === '04' ? { guiaDespacho: { esGuiaDespacho: '0' } } : {}),
    // HKA's only free field printed on the document (providers.md §2.4): the rate and its value date (issue 47), then the retention.
    infoAdicional: [
      { campo: 'Tasa de cambio', valor: input.rateLabel },
      ...(input.commercial && t.retention !== '0.00' && input.type === '01' ? [{ campo: 'Retención IVA (75 %)', valor: t.retention }] : []),
    ],
  };
}
