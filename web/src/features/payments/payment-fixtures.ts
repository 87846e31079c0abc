import type { AddressRow } from '@recaudo/domain/addresses';
import { addMonths, calendarYears, currentMonth, type Month } from '@recaudo/domain/months';
import type { PaymentRow } from '@recaudo/domain/payment-rows';
import { addressRow } from '../../test/address-rows';
import type { ClientOption, MethodOption } from '../../components/select-options';

/** Payment rows as `GET payments` answers them, for the tests of this folder. */
export function paymentRow(overrides: Partial<PaymentRow> = {}): PaymentRow {
  return {
    id: 1,
    number: '00012345',
    number_correlative: '00000101',
    date_bill: '2026-03-10',
    date_payment: '2026-03-10',
    terminal: null,
    lot_number: null,
    amount_payment: '1234.50',
    amount_bill: '1234.50',
    dollar_amount_payment: '33.82',
    dollar_amount_bill: '33.82',
    reference: '000123',
    observations: 'Pago en taquilla',
    status: 1,
    payment_method_id: 1,
    payment_method: {
      id: 1,
      name: 'Transferencia',
      code: '0102',
      type: 1,
      image: null,
      image_url: null,
      description: 'Transferencia bancaria',
      is_mobile_payment_use_api_bdv: false,
      currency: 'VES',
    },
    tenders: [
      {
        payment_method_id: 1,
        payment_method: { id: 1, name: 'Transferencia' },
        currency: 'VES',
        amount: '1234.50',
        amount_ves: '1234.50',
        reference: '000123',
        bank_id: null,
        pay_phone: null,
        conciliation_id: null,
      },
    ],
    change: null,
    igtf_base: '0.00',
    igtf_amount: '0.00',
    igtf_currency_amount: '0.00',
    client_id: 10,
    client: { id: 10, name: 'Luisa Mendoza', identification_type: 'V', identification: '12345678', type: 0, email: 'luisa@correo.test', phone: ['4141234567'] },
    address_payment_id: 1,
    address_payment: {
      id: 1,
      type: 0,
      address: 'Calle 3, casa 12',
      fee: '12.50',
      community: { id: 1, name: 'La Urbina' },
      parish: { id: 1, name: 'Petare' },
      economic_activity: null,
      months_to_pay: 0,
    },
    bank_id: null,
    bank: null,
    serie_id: 1,
    serie: { id: 1, serie: 'A' },
    checkbook_number: null,
    closed_box_id: null,
    exchange_rate: '36.50',
    exchange_rate_id: 1,
    rate_value_date: '2026-03-02',
    rate_source: 'bcv',
    months_payment: ['2026-02', '2026-03'],
    type_payment_month: 1,
    files: [],
    notes: null,
    tax_base: '25.00',
    iva: '0.00',
    is_apply_retention: false,
    retention: '0.00',
    surcharge_usd: '0.00',
    surcharge_waived_usd: '0.00',
    surcharge_waiver_reason: null,
    send_invoice: false,
    type_document: '01',
    hash: 'abc123',
    bdv_verified: false,
    status_invoice_factory: 900,
    factory_response: null,
    url_factory: null,
    apply_invoice_factory: false,
    is_retention_apply_success: false,
    date_withholding_voucher: null,
    number_withholding_voucher: null,
    conciliation_id: null,
    tickets_payment_id: null,
    ticket_serial: null,
    tickets_delivered: [],
    causer: { type: 'admin', id: 1, name: 'Ana Pérez' },
    created_by: 1,
    created_at: '2026-03-10T14:00:00Z',
    updated_at: '2026-03-10T14:00:00Z',
    ...overrides,
  };
}

/** Months back from the current Caracas month. */
export const ago = (months: number): Month => addMonths(currentMonth(), -months);

/**
 * An address of the payment panel: starts `start` months ago, `paid` months covered by an
 * earlier payment. Complete (the panel lists only complete addresses).
 */
export function panelAddress(overrides: Partial<AddressRow> & { start?: number; paid?: Month[] } = {}): AddressRow {
  const { start = 3, paid = [], ...rest } = overrides;
  const startMonth = ago(start);
  const coverage = paid.map((month) => ({ month, payment_id: 77, pending: false }));
  return addressRow({
    parish: { id: 111, name: 'Petare', date_start: `${startMonth}-01` },
    community: { id: 1111, name: 'La Urbina', fee: '12.50', date_start: `${startMonth}-01` },
    start_month: startMonth,
    months_to_pay: start + 1 - paid.length,
    payments: calendarYears(startMonth, coverage),
    solvent: false,
    solvent_to_date: null,
    ...rest,
  });
}

export const commercialAddress = (overrides: Partial<AddressRow> & { start?: number; paid?: Month[] } = {}) =>
  panelAddress({
    id: 2,
    client_id: 20,
    client: { id: 20, name: 'Panadería La Esquina', identification_type: 'J', identification: '301234567' },
    type: 1,
    address: 'Av. Principal, local 4',
    community_id: null,
    community: null,
    economic_activity_id: 5,
    economic_activity: { id: 5, name: 'Panadería', fee: '20.00', activity_group: { id: 1, name: 'Comercio' } },
    fee: '20.00',
    ...overrides,
  });

export const CLIENTS: ClientOption[] = [
  { id: 10, name: 'Luisa Mendoza', identification_type: 'V', identification: '12345678', type: 0, email: 'luisa@correo.test', phone: ['4141234567'] },
  { id: 20, name: 'Panadería La Esquina', identification_type: 'J', identification: '301234567', type: 1, email: 'ventas@esquina.test', phone: ['4241234567'] },
  { id: 30, name: 'Pedro Díaz', identification_type: 'V', identification: '9876543', type: 0, email: 'pedro@correo.test', phone: [] },
];

export const METHODS: MethodOption[] = [
  { id: 1, name: 'Transferencia', code: '0102', type: 1, is_mobile_payment_use_api_bdv: false, currency: 'VES', is_igtf: false },
  { id: 2, name: 'Punto de venta', code: '0102', type: 2, is_mobile_payment_use_api_bdv: false, currency: 'VES', is_igtf: false },
  { id: 3, name: 'Pago móvil', code: '0102', type: 3, is_mobile_payment_use_api_bdv: true, currency: 'VES', is_igtf: false },
  { id: 4, name: 'Efectivo', code: '0000', type: 4, is_mobile_payment_use_api_bdv: false, currency: 'VES', is_igtf: false },
  { id: 5, name: 'Efectivo dólares', code: '0000', type: 4, is_mobile_payment_use_api_bdv: false, currency: 'USD', is_igtf: true },
  { id: 6, name: 'Zelle', code: '0000', type: 1, is_mobile_payment_use_api_bdv: false, currency: 'USD', is_igtf: true },
];
