/**
 * The digital printer (imprenta digital) as Recaudo uses it: The Factory HKA's "Imprenta Digital"
 * REST API (shared/providers.md §2). Every answer keeps the endpoint, code, message and
 * `validaciones`, so each call can be stored as an invoice record.
 */

/** Catalog 1: 01 factura, 02 nota de crédito, 03 nota de débito. */
export type DocumentType = '01' | '02' | '03' | '04';

export interface DocumentRef {
  serie: string;
  tipoDocumento: DocumentType;
  numeroDocumento: string;
}

export interface ProviderAnswer {
  endpoint: string;
  /** The business code as text ("200", "203" …); HTTP failures give the HTTP status. */
  code: string;
  message: string;
  validations: string[];
  /** Emission / state result: control number and public URL when the printer assigned them. */
  controlNumber?: string;
  url?: string;
  /** The `transaccionId` the printer echoed with the document (Emision, EstadoDocumento). */
  transactionId?: string;
  /** The document number the printer holds (EstadoDocumento, UltimoDocumento). */
  documentNumber?: string;
  /** The file of DescargaArchivo. */
  file?: Buffer;
  /** ConsultaNumeraciones: the control-number ranges. */
  ranges?: NumberingRange[];
}

/** One control-number range of ConsultaNumeraciones, numbers as integers whatever type they came as. */
export interface NumberingRange {
  serie: string;
  tipoDocumento: string;
  from: number;
  to: number;
  /** The last number used. */
  last: number;
  state: string;
}

/** The call got no answer in time: it may or may not have been processed by the printer. */
export class ProviderTimeout extends Error {
  constructor(public readonly endpoint: string) {
    super(`El proveedor de facturas no respondió a tiempo (${endpoint})`);
  }
}

/** The `documentoElectronico` of Emision (providers.md §2.4), built by the invoices module. */
export type ElectronicDocument = Record<string, unknown>;

export interface RetentionInput {
  tipoDocumento: DocumentType;
  numeroControl: string;
  numeroComprobante: string;
  fechaComprobante: string;
  totalRetencion: string;
}

export interface InvoiceProvider {
  emit(document: ElectronicDocument): Promise<ProviderAnswer>;
  /** EstadoDocumento by our `transaccionId`: 200 with the control number when the printer has it, 203 when not. */
  state(tipoDocumento: DocumentType, transaccionId: string): Promise<ProviderAnswer>;
  /** EstadoDocumento by type, series and number: what the printer holds under that number. */
  stateOf(ref: DocumentRef): Promise<ProviderAnswer>;
  /** UltimoDocumento: the highest number the printer issued for a type and series (203 when none). */
  lastDocument(tipoDocumento: DocumentType, serie: string): Promise<ProviderAnswer>;
  /** ConsultaNumeraciones: the control-number ranges left for a type and series. */
  numberings(tipoDocumento: DocumentType, serie: string): Promise<ProviderAnswer>;
  cancel(ref: DocumentRef, reason: string, date: string, time: string): Promise<ProviderAnswer>;
  download(ref: DocumentRef): Promise<ProviderAnswer>;
  sendMail(ref: DocumentRef, emails: string[]): Promise<ProviderAnswer>;
  applyRetention(input: RetentionInput): Promise<ProviderAnswer>;
}
