import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { ADDRESS_TYPES } from '@recaudo/domain/addresses';
import { identificationLabel } from '@recaudo/domain/clients';
import { forClients, formatDate, formatMonth, textOrEmpty } from '@recaudo/domain/format';
import { monthName, type Month } from '@recaudo/domain/months';
import { PRODUCT_NAME } from '@recaudo/domain/navigation';
import type { SolvencyRow } from '@recaudo/domain/solvencies';
import { drawVerification, pdfBuffer, PDF_MUTED, PDF_PRIMARY } from '../../platform/pdf';
import { locationOf } from './queries';

/**
 * The solvency certificate as a one-page A4 PDF ('Solvencia.pdf', spec 02 §7, DESIGN §5): the
 * client, the address with its location, "solvente hasta" month, the issue date and a QR code of
 * the public verification page, which says whether the certificate is still valid.
 */

const MARGIN = 50;

export interface SolvencyPdfOptions {
  verifyUrl: string;
  /** Tests read the text; production compresses. */
  compress?: boolean;
  now?: Date;
}

export async function renderSolvencyPdf(row: SolvencyRow, options: SolvencyPdfOptions): Promise<Buffer> {
  const qr = await QRCode.toBuffer(options.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 300 });
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, compress: options.compress ?? true, info: { Title: 'Solvencia', Author: PRODUCT_NAME } });
  const done = pdfBuffer(doc);
  const width = doc.page.width - 2 * MARGIN;
  const field = (label: string, value: string) => {
    doc.font('Helvetica').fontSize(8).fillColor(PDF_MUTED).text(label.toUpperCase(), MARGIN, doc.y, { width });
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor('#000000')
      .text(value, MARGIN, doc.y + 1, { width });
    doc.y += 8;
  };

  doc.font('Helvetica-Bold').fontSize(24).fillColor(PDF_PRIMARY).text(PRODUCT_NAME, MARGIN, MARGIN);
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor('#000000')
    .text('Certificado de Solvencia', MARGIN, doc.y + 16, { width, align: 'center' });
  doc.y += 16;
  const address = row.address_payment;
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(
      `Se hace constar que ${row.client.name}, identificado(a) con ${identificationLabel(row.client)}, se encuentra solvente en el pago de la cuota de la dirección ${address.address} hasta el mes de ${monthName(row.solvent_to_date as Month)}.`,
      MARGIN,
      doc.y,
      { width, align: 'justify' },
    );
  doc.y += 18;
  field('Cliente', row.client.name);
  field('Identificación', identificationLabel(row.client));
  field('Dirección', address.address);
  field('Tipo', ADDRESS_TYPES[row.type]);
  field('Ubicación', forClients(textOrEmpty(locationOf(address))));
  field('Solvente hasta', formatMonth(row.solvent_to_date));
  field('Fecha de emisión', formatDate(row.created_at));

  const qrSize = 130;
  const qrTop = Math.max(doc.y + 10, doc.page.height - MARGIN - qrSize - 20);
  drawVerification(doc, {
    qr,
    x: MARGIN,
    top: qrTop,
    size: qrSize,
    textWidth: width - qrSize - 16,
    title: 'Verificación de la solvencia',
    lead: 'Escanea el código QR o abre esta dirección para comprobar que la solvencia sigue siendo válida:',
    url: options.verifyUrl,
    now: options.now,
  });
  doc.end();
  return done;
}
