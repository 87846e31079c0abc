import type { RateSource } from './exchange-rates';
import type { Month } from './months';
import type { PaymentStatus } from './payments';
import type { Currency } from './tenders';

/* Reading payments (spec 02 §3 Payment, §7 Payments calls): what the payments lists answer. */

/** Who registered a payment: a client user from the portal, or staff. */
export interface PaymentCauser {
  type: 'client' | 'admin';
  id: number;
  name: string;
}

/**
 * An uploaded image of a payment. `name` is the stored name the update form sends back as
 * `files_string[i]`; `url` downloads it with the caller's token (files are scoped like the payment).
 */
export interface PaymentFile {
  name: string;
  url: string;
}

/** A ticket handed over with the payment (spec 02 §3 tickets_delivered). */
export interface PaymentTicket {
  id: number;
  ticket_serial: string | null;
  tickets_payment_id: number;
  tickets_payment: { id: number; name: string; color: string };
}

/**
 * A payment as every payments list answers it (`GET bill-payments`, `payments`,
 * `payments/history-status`, `payments/client-details`). Money is two-decimal text: bolivars in
 * `amount_*`, `tax_base`, `iva`, `retention`; the rate's foreign currency in `dollar_*`; the
 * rate in bolivars per unit. Dates are YYYY-MM-DD, `created_at` ISO 8601, months YYYY-MM.
 */
export interface PaymentRow {
  id: number;
  /** Control number (8 digits), null until typed or issued. */
  number: string | null;
  /** Document number within the series. */
  number_correlative: string | null;
  date_bill: string | null;
  date_payment: string;
  terminal: string | null;
  lot_number: string | null;
  amount_payment: string;
  amount_bill: string;
  dollar_amount_payment: string;
  dollar_amount_bill: string;
  reference: string | null;
  observations: string | null;
  status: PaymentStatus;
  payment_method_id: number;
  payment_method: {
    id: number;
    name: string;
    code: string;
    type: number;
    image: string | null;
    image_url: string | null;
    description: string;
    is_mobile_payment_use_api_bdv: boolean;
    currency: Currency;
  };
  /** How it was paid (issue 49): the stored lines, or the payment's one method for its amount. */
  tenders: PaymentTenderRow[];
  /** The change given back, or null. */
  change: { currency: Currency; amount: string; amount_ves: string } | null;
  /** The foreign principal IGTF was charged on (rate's currency), the tax in bolívares and in that currency. */
  igtf_base: string;
  igtf_amount: string;
  igtf_currency_amount: string;
  client_id: number;
  client: { id: number; name: string; identification_type: string; identification: string; type: 0 | 1; email: string | null; phone: string[] };
  address_payment_id: number;
  address_payment: {
    id: number;
    type: 0 | 1;
    address: string;
    /** The effective monthly fee in dollars (custom, else the activity's or the community's). */
    fee: string | null;
    community: { id: number; name: string } | null;
    parish: { id: number; name: string } | null;
    economic_activity: { id: number; name: string } | null;
    months_to_pay: number;
  };
  bank_id: number | null;
  bank: { id: number; name: string; code: string } | null;
  serie_id: number | null;
  serie: { id: number; serie: string } | null;
  checkbook_number: string | null;
  closed_box_id: number | null;
  exchange_rate: string;
  /** 1 dollar, otherwise euro. */
  exchange_rate_id: number;
  /** The value date and source of the rate (issue 47): null value date for a manual rate, null both before the history of rates. */
  rate_value_date: string | null;
  rate_source: RateSource | null;
  months_payment: Month[];
  type_payment_month: 0 | 1;
  files: PaymentFile[];
  /** The rejection reason (empty after an approval). */
  notes: string | null;
  tax_base: string;
  iva: string;
  is_apply_retention: boolean;
  retention: string;
  /** The months' late-payment surcharge it charged (issue 50), in the rate's currency before VAT, what was waived and why. */
  surcharge_usd: string;
  surcharge_waived_usd: string;
  surcharge_waiver_reason: string | null;
  send_invoice: boolean;
  type_document: string;
  /** Identifies the public receipt (`verify-payment/{hash}`). */
  hash: string;
  bdv_verified: boolean;
  /** The digital printer's status code (spec 02 §4); 900 when no invoice applies, null while queued. */
  status_invoice_factory: number | null;
  factory_response: string | null;
  url_factory: string | null;
  apply_invoice_factory: boolean;
  is_retention_apply_success: boolean;
  date_withholding_voucher: string | null;
  number_withholding_voucher: string | null;
  conciliation_id: number | null;
  tickets_payment_id: number | null;
  ticket_serial: string | null;
  tickets_delivered: PaymentTicket[];
  causer: PaymentCauser | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** One tender line of a payment as the API answers it (amounts two-decimal text). */
export interface PaymentTenderRow {
  payment_method_id: number;
  payment_method: { id: number; name: string };
  currency: Currency;
  amount: string;
  amount_ves: string;
  reference: string | null;
  bank_id: number | null;
  pay_phone: string | null;
  conciliation_id: number | null;
}

/** The latest payment of a client (client list and detail, "Información Adicional"). */
export interface LatestPayment {
  id: number;
  status: PaymentStatus;
  date_payment: string;
  amount_payment: string;
  dollar_amount_payment: string;
  created_at: string;
}
