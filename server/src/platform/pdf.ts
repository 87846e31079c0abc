import { formatDateTime } from '@recaudo/domain/format';
import { TEST_MODE_MARK } from '@recaudo/domain/test-mode';

/** The whole document as one buffer, once it is ended: call before drawing, await after `doc.end()`. */
export function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** The colours of Recaudo's documents (receipts, certificates). */
export const PDF_PRIMARY = '#1f4e79';
export const PDF_MUTED = '#666666';

/**
 * The verification block of a document with a public QR page: the QR image, then beside it a
 * title, what the reader can check, the address (a link) and when this copy was made.
 */
export function drawVerification(
  doc: PDFKit.PDFDocument,
  block: { qr: Buffer; x: number; top: number; size: number; textWidth: number; title: string; lead: string; url: string; now?: Date },
): void {
  const { qr, x, top, size, textWidth, url } = block;
  doc.image(qr, x, top, { width: size, height: size });
  const textX = x + size + 16;
  doc.font('Helvetica-Bold').fontSize(10).fillColor(PDF_PRIMARY).text(block.title, textX, top + 8, { width: textWidth });
  doc.font('Helvetica').fontSize(9).fillColor('#000000').text(block.lead, textX, doc.y + 4, { width: textWidth });
  doc.font('Helvetica').fontSize(8.5).fillColor(PDF_PRIMARY).text(url, textX, doc.y + 4, { width: textWidth, link: url, underline: true });
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(PDF_MUTED)
    .text(`Documento generado el ${formatDateTime(block.now ?? new Date())}.`, textX, doc.y + 8, { width: textWidth });
}

/**
 * "SIN VALIDEZ — MODO DE PRUEBA" across every page of a document made while simulators stand in
 * for the bank or the printer (issue 46): a copy printed then is never taken for a real one.
 */
export function markTestMode(doc: PDFKit.PDFDocument): void {
  const stamp = () => {
    const { x, y } = doc;
    const { width, height } = doc.page;
    doc.save();
    // Along the page's diagonal, which is wider than the page: one line, never wrapped.
    const diagonal = Math.hypot(width, height);
    doc.rotate((-Math.atan2(height, width) * 180) / Math.PI, { origin: [width / 2, height / 2] });
    doc
      .font('Helvetica-Bold')
      .fontSize(44)
      .fillColor('#cf1322')
      .fillOpacity(0.16)
      .text(TEST_MODE_MARK, (width - diagonal) / 2, height / 2 - 22, { width: diagonal, align: 'center', lineBreak: false });
    doc.restore();
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#cf1322').text(TEST_MODE_MARK, 0, 14, { width, align: 'center', lineBreak: false });
    doc.x = x;
    doc.y = y;
  };
  stamp();
  doc.on('pageAdded', stamp);
}
