import { randomBytes } from 'node:crypto';
import type { Database } from '../src/db/client';
import { addressesPayments } from '../src/modules/addresses-payment/tables';
import { clients } from '../src/modules/clients/tables';
import { correlatives } from '../src/modules/correlatives/tables';
import { payments } from '../src/modules/payments/tables';

/** Test rows of this area: a client with an address, a series, and payments with chosen amounts. */
export interface PaymentSpec {
  method?: number;
  terminal?: string | null;
  lot?: string | null;
  reference?: string | null;
  amountPayment: string;
  amountBill?: string;
  dollarPayment?: string;
  dollarBill?: string;
  taxBase?: string;
  rate?: string;
  status?: number;
  createdBy?: number | null;
  clientId?: number;
}

let sequence = 0;

export async function closingFixture(db: Database) {
  const [client] = await db
    .insert(clients)
    .values({ type: 1, name: `Comercio ${sequence}`, identificationType: 'J', identification: String(40_000_000 + sequence++) })
    .returning();
  const [address] = await db.insert(addressesPayments).values({ clientId: client!.id, type: 1, address: 'Av. Principal' }).returning();
  const [serie] = await db
    .insert(correlatives)
    .values({ serie: `S${sequence++}`, number: '00000000', numberCreditNote: '0000', numberDebitNote: '0000' })
    .returning();
  const payment = async (spec: PaymentSpec) => {
    const [row] = await db
      .insert(payments)
      .values({
        clientId: spec.clientId ?? client!.id,
        addressPaymentId: address!.id,
        paymentMethodId: spec.method ?? 2,
        serieId: serie!.id,
        status: spec.status ?? 1,
        datePayment: '2026-01-15',
        exchangeRate: spec.rate ?? '36.50',
        amountPayment: spec.amountPayment,
        amountBill: spec.amountBill ?? spec.amountPayment,
        dollarAmountPayment: spec.dollarPayment ?? '0.00',
        dollarAmountBill: spec.dollarBill ?? '0.00',
        taxBase: spec.taxBase ?? '0.00',
        iva: '0.00',
        retention: '0.00',
        terminal: spec.terminal === undefined ? 'T1' : spec.terminal,
        lotNumber: spec.lot === undefined ? 'L1' : spec.lot,
        reference: spec.reference ?? null,
        monthsPayment: [],
        createdBy: spec.createdBy ?? null,
        hash: randomBytes(32).toString('hex'),
      })
      .returning({ id: payments.id });
    return row!.id;
  };
  return { clientId: client!.id, addressId: address!.id, serieId: serie!.id, payment };
}

/** A closing's fields and its `file` as multipart form data. */
export function closingUpload(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
  const boundary = '----recaudo';
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`);
  return {
    body: Buffer.concat([Buffer.from(parts.join('')), file.data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A `closed-boxs/import` request: the closing's fields and the CSV file as multipart form data. */
export const importUpload = (fields: Record<string, string>, csv: string) => closingUpload(fields, { name: 'lote.csv', type: 'text/csv', data: Buffer.from(csv) });
