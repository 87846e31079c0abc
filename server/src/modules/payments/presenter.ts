import Decimal from 'decimal.js';
import { z } from 'zod';
import { CURRENCIES, CURRENCY_SYMBOLS, type Currency } from '@recaudo/domain/tenders';
import { ADDRESS_TYPES } from '@recaudo/domain/addresses';
import { identificationLabel } from '@recaudo/domain/clients';
import { RATE_SOURCES, type RateSource } from '@recaudo/domain/exchange-rates';
import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate, formatDateTime, formatMonth, textOrEmpty } from '@recaudo/domain/format';
import { PAYMENT_STATUS, type PaymentStatus } from '@recaudo/domain/payments';
import { type PaymentRow, type PaymentTenderRow, type PaymentTicket } from '@recaudo/domain/payment-rows';
import { iso, money, moneyOrNull } from '../../platform/envelope';
import type { ExportColumn } from '../../platform/export';
import type { PaymentExportRow } from './export-rows';
import type { payments } from './tables';

/** The stored status as the API's: 0 Procesando, 1 Aprobado, 2 Rechazado. */
export const paymentStatus = (value: number) => (value === 1 || value === 2 ? value : 0) as PaymentStatus;

/** Where a stored file is downloaded: by payment and file name, with the caller's token. */
export const paymentFileUrl = (paymentId: number, stored: string) => `/api/payments/${paymentId}/files/${stored.split('/').pop() ?? stored}`;

type Named = { id: number; name: string };

/** A payment row as queries.ts `loadPayments` reads it (the references as JSON). */
export type PaymentDetail = {
  payment: typeof payments.$inferSelect;
  client_name: string;
  client_identification_type: string;
  client_identification: string;
  client_type: number;
  client_email: string | null;
  client_phone: string[];
  address_type: number;
  address: string;
  address_is_custom_fee: boolean;
  address_fee: string | null;
  months_to_pay: number | string;
  community: (Named & { fee: string }) | null;
  parish: Named | null;
  activity: (Named & { fee: string }) | null;
  method: { id: number; name: string; code: string; type: number; image: string | null; description: string; is_mobile_payment_use_api_bdv: boolean; currency: Currency };
  tenders: PaymentTenderRow[];
  bank: (Named & { code: string }) | null;
  serie: string | null;
  causer: (Named & { client_id: number | null }) | null;
  tickets: PaymentTicket[];
};

/** The monthly fee in dollars: the custom one, else the activity's (commercial) or the community's. */
const effectiveFee = (row: PaymentDetail) => (row.address_is_custom_fee ? row.address_fee : row.address_type === 1 ? (row.activity?.fee ?? null) : (row.community?.fee ?? null));
const plain = (value: Named | null) => (value ? { id: value.id, name: value.name } : null);

/**
 * The lines a payment was paid with: the stored ones, or (paid in one method, the specification's
 * call) one line of its method for what it received plus any change, in the method's currency.
 */
export function tendersOf(p: PaymentDetail['payment'], method: PaymentDetail['method'], stored: PaymentTenderRow[]): PaymentTenderRow[] {
  if (stored.length) return stored;
  const tendered = new Decimal(p.amountPayment).plus(p.changeAmountVes);
  const amount = method.currency === 'VES' ? tendered : tendered.dividedBy(p.exchangeRate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return [
    {
      payment_method_id: p.paymentMethodId,
      payment_method: { id: method.id, name: method.name },
      currency: method.currency,
      amount: amount.toFixed(2),
      amount_ves: tendered.toFixed(2),
      reference: p.reference,
      bank_id: p.bankId,
      pay_phone: null,
      conciliation_id: p.conciliationId,
    },
  ];
}

/** A payment's change as the API answers it, or null. */
export const changeOf = (p: Pick<PaymentDetail['payment'], 'changeCurrency' | 'changeAmount' | 'changeAmountVes'>) =>
  p.changeCurrency && p.changeAmount !== null ? { currency: p.changeCurrency as Currency, amount: money(p.changeAmount), amount_ves: money(p.changeAmountVes) } : null;

/** A joined payment row (queries.ts `loadPayments`) as the API answers it. */
export function presentPayment(row: PaymentDetail): PaymentRow {
  const p = row.payment;
  return {
    id: p.id,
    number: p.number,
    number_correlative: p.numberCorrelative,
    date_bill: p.dateBill,
    date_payment: p.datePayment,
    terminal: p.terminal,
    lot_number: p.lotNumber,
    amount_payment: money(p.amountPayment),
    amount_bill: money(p.amountBill),
    dollar_amount_payment: money(p.dollarAmountPayment),
    dollar_amount_bill: money(p.dollarAmountBill),
    reference: p.reference,
    observations: p.observations,
    status: paymentStatus(p.status),
    payment_method_id: p.paymentMethodId,
    // Added to the row's own JSON object: Node 20 builds a spread with more fields slowly.
    payment_method: Object.assign(row.method, { image_url: row.method.image ? `/api/uploads/${row.method.image}` : null }),
    tenders: tendersOf(p, row.method, row.tenders),
    change: changeOf(p),
    igtf_base: money(p.igtfBase),
    igtf_amount: money(p.igtfAmount),
    igtf_currency_amount: money(p.igtfCurrencyAmount),
    client_id: p.clientId,
    client: {
      id: p.clientId,
      name: row.client_name,
      identification_type: row.client_identification_type,
      identification: row.client_identification,
      type: row.client_type === 1 ? 1 : 0,
      email: row.client_email,
      phone: row.client_phone,
    },
    address_payment_id: p.addressPaymentId,
    address_payment: {
      id: p.addressPaymentId,
      type: row.address_type === 1 ? 1 : 0,
      address: row.address,
      fee: moneyOrNull(effectiveFee(row)),
      community: plain(row.community),
      parish: plain(row.parish),
      economic_activity: plain(row.activity),
      months_to_pay: Number(row.months_to_pay),
    },
    bank_id: p.bankId,
    bank: row.bank,
    serie_id: p.serieId,
    serie: p.serieId !== null && row.serie !== null ? { id: p.serieId, serie: row.serie } : null,
    checkbook_number: p.checkbookNumber,
    closed_box_id: p.closedBoxId,
    exchange_rate: money(p.exchangeRate),
    exchange_rate_id: p.exchangeRateId,
    rate_value_date: p.rateValueDate,
    rate_source: p.rateSource as RateSource | null,
    months_payment: p.monthsPayment,
    type_payment_month: p.typePaymentMonth === 1 ? 1 : 0,
    files: p.files.map((name) => ({ name, url: paymentFileUrl(p.id, name) })),
    notes: p.notes,
    tax_base: money(p.taxBase),
    iva: money(p.iva),
    is_apply_retention: p.isApplyRetention,
    retention: money(p.retention),
    surcharge_usd: money(p.surchargeUsd),
    surcharge_waived_usd: money(p.surchargeWaivedUsd),
    surcharge_waiver_reason: p.surchargeWaiverReason,
    send_invoice: p.sendInvoice,
    type_document: p.typeDocument,
    hash: p.hash,
    bdv_verified: p.bdvVerified,
    status_invoice_factory: p.statusInvoiceFactory,
    factory_response: p.factoryResponse,
    url_factory: p.urlFactory,
    apply_invoice_factory: p.applyInvoiceFactory,
    is_retention_apply_success: p.isRetentionApplySuccess,
    date_withholding_voucher: p.dateWithholdingVoucher,
    number_withholding_voucher: p.numberWithholdingVoucher,
    conciliation_id: p.conciliationId,
    tickets_payment_id: p.ticketsPaymentId,
    ticket_serial: p.ticketSerial,
    tickets_delivered: row.tickets,
    causer: row.causer ? { type: row.causer.client_id !== null ? 'client' : 'admin', id: row.causer.id, name: row.causer.name } : null,
    created_by: p.createdBy,
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
  };
}

/* ---------------- Response schema ---------------- */

const ref = z.object({ id: z.number(), name: z.string() });
const currencySchema = z.enum(CURRENCIES);

export const paymentRowSchema = z.object({
  id: z.number(),
  number: z.string().nullable(),
  number_correlative: z.string().nullable(),
  date_bill: z.string().nullable(),
  date_payment: z.string(),
  terminal: z.string().nullable(),
  lot_number: z.string().nullable(),
  amount_payment: z.string(),
  amount_bill: z.string(),
  dollar_amount_payment: z.string(),
  dollar_amount_bill: z.string(),
  reference: z.string().nullable(),
  observations: z.string().nullable(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  payment_method_id: z.number(),
  payment_method: z.object({
    id: z.number(),
    name: z.string(),
    code: z.string(),
    type: z.number(),
    image: z.string().nullable(),
    image_url: z.string().nullable(),
    description: z.string(),
    is_mobile_payment_use_api_bdv: z.boolean(),
    currency: currencySchema,
  }),
  tenders: z.array(
    z.object({
      payment_method_id: z.number(),
      payment_method: ref,
      currency: currencySchema,
      amount: z.string(),
      amount_ves: z.string(),
      reference: z.string().nullable(),
      bank_id: z.number().nullable(),
      pay_phone: z.string().nullable(),
      conciliation_id: z.number().nullable(),
    }),
  ),
  change: z.object({ currency: currencySchema, amount: z.string(), amount_ves: z.string() }).nullable(),
  igtf_base: z.string(),
  igtf_amount: z.string(),
  igtf_currency_amount: z.string(),
  client_id: z.number(),
  client: z.object({
    id: z.number(),
    name: z.string(),
    identification_type: z.string(),
    identification: z.string(),
    type: z.union([z.literal(0), z.literal(1)]),
    email: z.string().nullable(),
    phone: z.array(z.string()),
  }),
  address_payment_id: z.number(),
  address_payment: z.object({
    id: z.number(),
    type: z.union([z.literal(0), z.literal(1)]),
    address: z.string(),
    fee: z.string().nullable(),
    community: ref.nullable(),
    parish: ref.nullable(),
    economic_activity: ref.nullable(),
    months_to_pay: z.number(),
  }),
  bank_id: z.number().nullable(),
  bank: z.object({ id: z.number(), name: z.string(), code: z.string() }).nullable(),
  serie_id: z.number().nullable(),
  serie: z.object({ id: z.number(), serie: z.string() }).nullable(),
  checkbook_number: z.string().nullable(),
  closed_box_id: z.number().nullable(),
  exchange_rate: z.string(),
  exchange_rate_id: z.number(),
  rate_value_date: z.string().nullable(),
  rate_source: z.enum(RATE_SOURCES).nullable(),
  months_payment: z.array(z.string()),
  type_payment_month: z.union([z.literal(0), z.literal(1)]),
  files: z.array(z.object({ name: z.string(), url: z.string() })),
  notes: z.string().nullable(),
  tax_base: z.string(),
  iva: z.string(),
  is_apply_retention: z.boolean(),
  retention: z.string(),
  surcharge_usd: z.string(),
  surcharge_waived_usd: z.string(),
  surcharge_waiver_reason: z.string().nullable(),
  send_invoice: z.boolean(),
  type_document: z.string(),
  hash: z.string(),
  bdv_verified: z.boolean(),
  status_invoice_factory: z.number().nullable(),
  factory_response: z.string().nullable(),
  url_factory: z.string().nullable(),
  apply_invoice_factory: z.boolean(),
  is_retention_apply_success: z.boolean(),
  date_withholding_voucher: z.string().nullable(),
  number_withholding_voucher: z.string().nullable(),
  conciliation_id: z.number().nullable(),
  tickets_payment_id: z.number().nullable(),
  ticket_serial: z.string().nullable(),
  tickets_delivered: z.array(
    z.object({
      id: z.number(),
      ticket_serial: z.string().nullable(),
      tickets_payment_id: z.number(),
      tickets_payment: z.object({ id: z.number(), name: z.string(), color: z.string() }),
    }),
  ),
  causer: z.object({ type: z.enum(['client', 'admin']), id: z.number(), name: z.string() }).nullable(),
  created_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
}) satisfies z.ZodType<PaymentRow>;

/* ---------------- Export ---------------- */

const location = (row: PaymentExportRow) =>
  [row.address_payment.parish?.name, row.address_payment.type === 0 ? row.address_payment.community?.name : row.address_payment.economic_activity?.name]
    .filter((part): part is string => Boolean(part))
    .join(' / ');

const foreign = (row: PaymentExportRow) => (row.exchange_rate_id === 1 ? '$' : '€');

/** The columns of the payments export: what the list shows, as formatted text. */
export const paymentExportColumns: ExportColumn<PaymentExportRow>[] = [
  { header: 'ID', value: (row) => row.id, width: 8 },
  { header: 'Fecha de registro', value: (row) => formatDateTime(row.created_at), width: 18 },
  { header: 'Cliente', value: (row) => row.client.name, width: 26 },
  { header: 'Identificación', value: (row) => identificationLabel(row.client), width: 14 },
  { header: 'Tipo', value: (row) => ADDRESS_TYPES[row.address_payment.type], width: 11 },
  { header: 'Dirección', value: (row) => row.address_payment.address, width: 28 },
  { header: 'Ubicación', value: (row) => textOrEmpty(location(row)), width: 24 },
  { header: 'Método de pago', value: (row) => row.payment_method.name, width: 16 },
  { header: 'Referencia', value: (row) => textOrEmpty(row.reference), width: 14 },
  { header: 'Banco', value: (row) => textOrEmpty(row.bank?.name), width: 16 },
  { header: 'Fecha de pago', value: (row) => formatDate(row.date_payment), width: 12 },
  { header: 'Fecha de factura', value: (row) => formatDate(row.date_bill), width: 12 },
  { header: 'Meses', value: (row) => row.months_payment.map((month) => formatMonth(month)).join(', ') || 'VACIO', width: 20 },
  {
    header: 'Líneas de cobro',
    value: (row) => row.tenders.map((line) => `${formatMoney(line.amount, CURRENCY_SYMBOLS[line.currency])} ${line.payment_method.name}`).join(' + '),
    width: 30,
  },
  { header: 'Monto pagado', value: (row) => formatMoney(row.amount_payment), width: 16 },
  { header: 'IGTF', value: (row) => formatMoney(row.igtf_amount), width: 12 },
  { header: 'Vuelto', value: (row) => (row.change ? formatMoney(row.change.amount, CURRENCY_SYMBOLS[row.change.currency]) : '—'), width: 12 },
  { header: 'Monto facturado', value: (row) => formatMoney(row.amount_bill), width: 16 },
  { header: 'Monto pagado (divisa)', value: (row) => formatMoney(row.dollar_amount_payment, foreign(row)), width: 14 },
  { header: 'Monto facturado (divisa)', value: (row) => formatMoney(row.dollar_amount_bill, foreign(row)), width: 14 },
  { header: 'Tasa', value: (row) => formatMoney(row.exchange_rate), width: 12 },
  { header: 'Serie', value: (row) => textOrEmpty(row.serie?.serie), width: 8 },
  { header: 'N° de documento', value: (row) => textOrEmpty(row.number_correlative), width: 12 },
  { header: 'N° de control', value: (row) => textOrEmpty(row.number), width: 12 },
  { header: 'Estatus', value: (row) => PAYMENT_STATUS[row.status], width: 11 },
  { header: 'Registrado por', value: (row) => textOrEmpty(row.causer?.name), width: 18 },
];
