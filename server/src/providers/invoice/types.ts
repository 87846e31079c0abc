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
  /** The file of DescargaArchivo. */
  file?: Buffer;
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
  cancel(ref: DocumentRef, reason: string, date: string, time: string): Promise<ProviderAnswer>;
  download(ref: DocumentRef): Promise<ProviderAnswer>;
  sendMail(ref: DocumentRef, emails: string[]): Promise<ProviderAnswer>;
  applyRetention(input: RetentionInput): Promise<ProviderAnswer>;
}
