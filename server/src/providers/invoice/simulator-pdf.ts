import PDFDocument from 'pdfkit';
import { markTestMode } from '../../platform/pdf';

const TITLES: Record<string, string> = { '01': 'FACTURA', '02': 'NOTA DE CRÉDITO', '03': 'NOTA DE DÉBITO', '04': 'NOTA DE ENTREGA' };

export interface SimulatedDocumentView {
  tipoDocumento: string;
  serie: string;
  numeroDocumento: string;
  numeroControl: string;
  fechaAsignacion: string;
  comprador: string;
  total: string;
  iva: string;
  subtotal: string;
  anulado: boolean;
}

/**
 * The printed document as the simulated printer returns it from DescargaArchivo: a real one-page
 * PDF, marked "SIN VALIDEZ — MODO DE PRUEBA" (no simulated document is a legal one).
 */
export function simulatedPdf(doc: SimulatedDocumentView): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: 'LETTER', margin: 50 });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    markTestMode(pdf);
    pdf.font('Helvetica').fillColor('#000000').fontSize(9).text('THE FACTORY HKA VENEZUELA, C.A. (simulador) — Imprenta Digital Autorizada');
    pdf
      .moveDown()
      .fontSize(18)
      .text(TITLES[doc.tipoDocumento] ?? 'DOCUMENTO');
    pdf.fontSize(11).text(`Serie ${doc.serie || 'NO APLICA'} · Nº ${doc.numeroDocumento}`);
    pdf.text(`Nº de control ${doc.numeroControl} · Asignado el ${doc.fechaAsignacion}`);
    pdf.moveDown().text(`Cliente: ${doc.comprador}`);
    pdf.text(`Subtotal: ${doc.subtotal} Bs`);
    pdf.text(`IVA: ${doc.iva} Bs`);
    pdf.text(`Total: ${doc.total} Bs`);
    if (doc.anulado) pdf.moveDown().fontSize(24).fillColor('#cf1322').text('ANULADO');
    pdf.end();
  });
}

const xmlText = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** DescargaArchivo with tipoArchivo "xml": the document as the printer's XML file. */
export function simulatedXml(doc: SimulatedDocumentView): string {
  const fields: [string, string][] = [
    ['TipoDocumento', doc.tipoDocumento],
    ['Serie', doc.serie],
    ['NumeroDocumento', doc.numeroDocumento],
    ['NumeroControl', doc.numeroControl],
    ['FechaAsignacion', doc.fechaAsignacion],
    ['Comprador', doc.comprador],
    ['Subtotal', doc.subtotal],
    ['TotalIVA', doc.iva],
    ['MontoTotalConIVA', doc.total],
    ['Anulado', doc.anulado ? 'true' : 'false'],
  ];
  const body = fields.map(([name, value]) => `  <${name}>${xmlText(value)}</${name}>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<DocumentoElectronico>\n${body}\n</DocumentoElectronico>\n`;
}
