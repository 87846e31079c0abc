import fs from 'node:fs';
import path from 'node:path';

/** One document the simulated printer issued. */
export interface StoredDocument {
  transaccionId: string;
  tipoDocumento: string;
  serie: string;
  numeroDocumento: string;
  numeroControl: string;
  fechaAsignacion: string;
  horaAsignacion: string;
  comprador: string;
  subtotal: string;
  iva: string;
  total: string;
  anulado: boolean;
  motivoAnulacion?: string;
  /** dd/mm/yyyy and hh:mm:ss am|pm of the annulment, as sent or the printer's clock (ListadoDocumentos). */
  fechaAnulacion?: string;
  horaAnulacion?: string;
  /** Epoch ms of the emission, for the "ya ha sido enviado previamente" window. */
  emittedAt?: number;
}

/** A range of control numbers the printer assigned to the company (ConsultaNumeraciones). */
export interface NumberingRange {
  titulo: string;
  /** "NO APLICA" when the range serves every series. */
  serie: string;
  prefijo: string;
  desde: number;
  hasta: number;
  /** The last control number used; `desde - 1` while none was. */
  correlativo: number;
}

export interface MailTrace {
  messageId: string;
  numeroDocumento: string;
  tipoDocumento: string;
  serie: string;
  correos: string[];
  fecha: string;
  sentAt: number;
}

/** The numbers one AsignarNumeraciones call reserved: the batch EstadoLote reports on. */
export interface BatchLot {
  idLote: string;
  fechaCreacion: string;
  documentos: { serie: string; tipoDocumento: string; numeroDocumento: string; numeroControl: string }[];
}

interface SavedState {
  ranges: NumberingRange[];
  documents: StoredDocument[];
  /** Control numbers reserved by AsignarNumeraciones, by document key. */
  assigned: Record<string, string>;
  retentions: Record<string, unknown>[];
  mails: MailTrace[];
  lots: BatchLot[];
}

export const NO_SERIES = 'NO APLICA';
export const documentKey = (tipo: unknown, serie: unknown, numero: unknown) => `${String(tipo ?? '')}|${String(serie ?? '')}|${Number(numero)}`;
export const controlNumber = (prefix: string, value: number) => `${prefix}-${String(value).padStart(8, '0')}`;

/**
 * What the simulated printer remembers: issued documents, its control-number ranges, numbers
 * reserved in advance (and the lot of each reservation), registered retentions and e-mails. Kept in one JSON file when given one,
 * written aside and renamed so a reader never sees half of it.
 */
export class SimulatorStore {
  ranges: NumberingRange[];
  documents: StoredDocument[] = [];
  assigned = new Map<string, string>();
  retentions: Record<string, unknown>[] = [];
  mails: MailTrace[] = [];
  lots: BatchLot[] = [];
  private byTransaction = new Map<string, StoredDocument>();
  private byNumber = new Map<string, StoredDocument>();

  constructor(
    private readonly file: string | undefined,
    range: { from: number; to: number },
  ) {
    this.ranges = [{ titulo: 'Rango de números de control', serie: NO_SERIES, prefijo: '00', desde: range.from, hasta: range.to, correlativo: range.from - 1 }];
    if (!file || !fs.existsSync(file)) return;
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<SavedState> & { nextControl?: number };
    // Files written before ranges were kept hold only the next control number.
    if (saved.ranges) this.ranges = saved.ranges;
    else if (saved.nextControl) this.ranges[0]!.correlativo = saved.nextControl - 1;
    this.assigned = new Map(Object.entries(saved.assigned ?? {}));
    this.retentions = saved.retentions ?? [];
    this.mails = saved.mails ?? [];
    this.lots = saved.lots ?? [];
    for (const doc of saved.documents ?? []) this.remember(doc);
  }

  remember(doc: StoredDocument) {
    this.documents.push(doc);
    this.byTransaction.set(doc.transaccionId, doc);
    this.byNumber.set(documentKey(doc.tipoDocumento, doc.serie, doc.numeroDocumento), doc);
  }

  byTransactionId = (id: unknown) => this.byTransaction.get(String(id ?? ''));
  byRef = (tipo: unknown, serie: unknown, numero: unknown) => this.byNumber.get(documentKey(tipo, serie ?? '', numero));

  /** The highest document number issued for a type and series, or null. */
  lastNumber(tipo: string, serie: string): number | null {
    const numbers = this.documents.filter((doc) => doc.tipoDocumento === tipo && doc.serie === serie).map((doc) => Number(doc.numeroDocumento));
    return numbers.length ? Math.max(...numbers) : null;
  }

  /** The range serving a series (its own, or one marked NO APLICA). */
  rangeFor(serie: string): NumberingRange | undefined {
    const usable = this.ranges.filter((range) => range.serie === NO_SERIES || range.serie === serie);
    return usable.find((range) => range.correlativo < range.hasta) ?? usable[0];
  }

  /** The next control number of a series' range, or null when it is exhausted. */
  takeControlNumber(serie: string): string | null {
    const range = this.rangeFor(serie);
    if (!range || range.correlativo >= range.hasta) return null;
    range.correlativo += 1;
    return controlNumber(range.prefijo, range.correlativo);
  }

  persist() {
    if (!this.file) return;
    // With DATABASE_URL nothing else creates DATA_DIR.
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const saved: SavedState = {
      ranges: this.ranges,
      documents: this.documents,
      assigned: Object.fromEntries(this.assigned),
      retentions: this.retentions,
      mails: this.mails,
      lots: this.lots,
    };
    const written = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(written, JSON.stringify(saved));
    fs.renameSync(written, this.file);
  }
}
