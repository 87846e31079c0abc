import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar, date } from 'drizzle-orm/pg-core';
import { correlatives } from '../correlatives/tables';
import { paymentMethods } from '../payment-methods/tables';
import { payments } from '../payments/tables';
import { users } from '../users/tables';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });

/**
 * A legal document of a payment sent to the digital printer (spec 02 §1, DESIGN §5): the type-01
 * invoice and its credit (02) and debit (03) notes. `number_document` is the series' counter of
 * its type, taken under the series row lock; `transaction_id` is our stable id for the printer
 * (asked with EstadoDocumento after a timeout). `status` is the printer's code, null while queued.
 */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    typeDocument: varchar('type_document', { length: 2 }).$type<'01' | '02' | '03' | '04'>().notNull(),
    serieId: integer('serie_id')
      .notNull()
      .references(() => correlatives.id, { onDelete: 'restrict' }),
    serie: varchar('serie', { length: 20 }).notNull(),
    numberDocument: varchar('number_document', { length: 20 }).notNull(),
    transactionId: varchar('transaction_id', { length: 40 }).notNull(),
    status: smallint('status'),
    controlNumber: varchar('control_number', { length: 20 }),
    url: text('url'),
    message: text('message'),
    /** Notes: the reason; the invoice: the cancellation reason once cancelled. */
    notes: text('notes'),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, { onDelete: 'restrict' }),
    datePayment: date('date_payment'),
    reference: varchar('reference', { length: 50 }),
    terminal: varchar('terminal', { length: 50 }),
    lotNumber: varchar('lot_number', { length: 50 }),
    taxBase: money('tax_base').notNull(),
    iva: money('iva').notNull(),
    total: money('total').notNull(),
    /** The IGTF the document carries in bolívares (issue 49): an invoice's collected tax, a credit note's share reversed. */
    igtf: money('igtf').notNull().default('0'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('legal_documents_number_unique').on(table.serieId, table.typeDocument, table.numberDocument),
    uniqueIndex('legal_documents_transaction_unique').on(table.transactionId),
    index('legal_documents_payment_idx').on(table.paymentId, table.id),
    // The control numbers left (ranges.ts) count queued documents and those issued since the printer's last answer.
    index('legal_documents_queued_idx')
      .on(table.id)
      .where(sql`${table.status} is null`),
    index('legal_documents_issued_idx').on(table.issuedAt),
    // The sales book reads a month's documents by their emission day (issue 49).
    index('legal_documents_created_idx').on(table.createdAt),
  ],
);

/** Every call to the printer for a payment (spec 02 "invoice records modal"): endpoint, message, code, validaciones. */
export const invoiceRecords = pgTable(
  'invoice_records',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    legalDocumentId: integer('legal_document_id').references(() => legalDocuments.id, { onDelete: 'cascade' }),
    endpoint: varchar('endpoint', { length: 60 }).notNull(),
    message: text('message').notNull(),
    code: varchar('code', { length: 10 }).notNull(),
    validations: jsonb('validations').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('invoice_records_payment_idx').on(table.paymentId, table.createdAt)],
);

/**
 * The control numbers left at the printer, per document type, as ConsultaNumeraciones last
 * answered (providers.md §2.3): the worker refreshes it before each emission, a payment is refused
 * its invoice when nothing is left, and the dashboard warns when little is.
 */
export const printerRanges = pgTable('printer_ranges', {
  typeDocument: varchar('type_document', { length: 2 }).primaryKey(),
  rangeFrom: bigint('range_from', { mode: 'number' }).notNull(),
  rangeTo: bigint('range_to', { mode: 'number' }).notNull(),
  lastUsed: bigint('last_used', { mode: 'number' }).notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});
