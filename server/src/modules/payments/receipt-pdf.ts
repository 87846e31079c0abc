import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { ADDRESS_TYPES } from '@recaudo/domain/addresses';
import { identificationLabel } from '@recaudo/domain/clients';
import { rateLabel } from '@recaudo/domain/exchange-rates';
import { formatMoney } from '@recaudo/domain/format-money';
import { forClients, formatDate, formatDateTime, formatMonth, formatPhone, textOrEmpty } from '@recaudo/domain/format';
import { PRODUCT_NAME } from '@recaudo/domain/navigation';
import { PAYMENT_STATUS } from '@recaudo/domain/payments';
import { type PaymentRow } from '@recaudo/domain/payment-rows';
import { drawVerification, markTestMode, pdfBuffer, PDF_MUTED, PDF_PRIMARY } from '../../platform/pdf';
import { documentNumberOf } from '@recaudo/domain/payment-receipts';
import { currencyOf, monthlyFee, receiptLines, receiptTenderLines } from './receipt';

/**
 * The payment receipt as a one-page A4 PDF (spec 02 §7 `payments/generate-payment-pdf/{hash}`,
 * DESIGN §5): who paid, for which address and months, how, the amounts in bolivars and in the
 * rate's currency, and a QR code of the public verification page.
 */

const LINE = '#d9d9d9';
const STATUS_COLORS = { 0: '#d48806', 1: '#389e0d', 2: '#cf1322' } as const;
const MARGIN = 40;

interface Field {
  label: string;
  value: string;
}

export interface ReceiptPdfOptions {
  /** The public verification URL the QR code carries. */
  verifyUrl: string;
  /** Tests read the text; production compresses. */
  compress?: boolean;
  /** Simulators stand in for the bank or the printer: the receipt is marked without validity. */
  testMode?: boolean;
  now?: Date;
}

export async function renderReceiptPdf(row: PaymentRow, options: ReceiptPdfOptions): Promise<Buffer> {
  const qr = await QRCode.toBuffer(options.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 300 });
  const documentNumber = documentNumberOf(row);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: options.compress ?? true,
    info: { Title: `Recibo de pago${documentNumber ? ` ${documentNumber}` : ''}`, Author: PRODUCT_NAME },
  });
  const done = pdfBuffer(doc);
  if (options.testMode) markTestMode(doc);
  const width = doc.page.width - 2 * MARGIN;
  const right = MARGIN + width;
  const currency = currencyOf(row);

  const rule = (y: number) => doc.moveTo(MARGIN, y).lineTo(right, y).lineWidth(0.6).strokeColor(LINE).stroke();

  const heading = (title: string) => {
    doc.font('Helvetica-Bold').fontSize(11).fillColor(PDF_PRIMARY).text(title, MARGIN, doc.y, { width });
    const y = doc.y + 2;
    rule(y);
    doc.y = y + 6;
  };

  /** Label/value pairs in `columns` equal columns, row by row. */
  const grid = (fields: Field[], columns: number) => {
    const gap = 12;
    const cell = (width - gap * (columns - 1)) / columns;
    for (let start = 0; start < fields.length; start += columns) {
      const top = doc.y;
      let bottom = top;
      fields.slice(start, start + columns).forEach((field, index) => {
        const x = MARGIN + index * (cell + gap);
        doc.font('Helvetica').fontSize(7.5).fillColor(PDF_MUTED).text(field.label.toUpperCase(), x, top, { width: cell });
        doc
          .font('Helvetica')
          .fontSize(10)
          .fillColor('#000000')
          .text(forClients(field.value), x, doc.y + 1, { width: cell });
        bottom = Math.max(bottom, doc.y);
      });
      doc.y = bottom + 6;
    }
    doc.y += 4;
  };

  /* Header: company and title on the left, numbers and status on the right. */
  const top = MARGIN;
  doc.font('Helvetica-Bold').fontSize(24).fillColor(PDF_PRIMARY).text(PRODUCT_NAME, MARGIN, top);
  doc
    .font('Helvetica')
    .fontSize(14)
    .fillColor('#000000')
    .text('Recibo de pago', MARGIN, doc.y + 2);
  const boxWidth = 200;
  const boxX = right - boxWidth;
  const numbers: Field[] = [
    { label: 'N° de documento', value: textOrEmpty(documentNumber) },
    { label: 'N° de control', value: textOrEmpty(row.number) },
  ];
  let y = top;
  for (const field of numbers) {
    doc.font('Helvetica').fontSize(8).fillColor(PDF_MUTED).text(field.label, boxX, y, { width: boxWidth, align: 'right' });
    doc.font('Helvetica-Bold').fontSize(12).fillColor('#000000').text(forClients(field.value), boxX, doc.y, { width: boxWidth, align: 'right' });
    y = doc.y + 4;
  }
  const status = PAYMENT_STATUS[row.status];
  doc.font('Helvetica-Bold').fontSize(10);
  const badgeWidth = doc.widthOfString(status) + 16;
  doc
    .roundedRect(right - badgeWidth, y, badgeWidth, 18, 4)
    .fillColor(STATUS_COLORS[row.status])
    .fill();
  doc.fillColor('#ffffff').text(status, right - badgeWidth, y + 4.5, { width: badgeWidth, align: 'center' });
  doc.y = Math.max(y + 18, MARGIN + 50) + 12;
  rule(doc.y);
  doc.y += 14;

  /* Client and address. */
  const address = row.address_payment;
  heading('Cliente');
  grid(
    [
      { label: 'Nombre o razón social', value: row.client.name },
      { label: 'Identificación', value: identificationLabel(row.client) },
      { label: 'Correo electrónico', value: textOrEmpty(row.client.email) },
      { label: 'Teléfonos', value: row.client.phone.length ? row.client.phone.map(formatPhone).join(', ') : textOrEmpty(null) },
    ],
    2,
  );
  heading('Dirección de pago');
  grid(
    [
      { label: 'Dirección', value: address.address },
      { label: 'Tipo', value: ADDRESS_TYPES[address.type] },
      address.type === 0
        ? { label: 'Comunidad', value: textOrEmpty(address.community?.name) }
        : { label: 'Actividad económica', value: textOrEmpty(address.economic_activity?.name) },
      { label: 'Parroquia', value: textOrEmpty(address.parish?.name) },
      { label: 'Cuota mensual', value: formatMoney(monthlyFee(row), currency) },
    ],
    3,
  );

  /* Payment. */
  heading('Pago');
  grid(
    [
      { label: 'Método de pago', value: row.payment_method.name },
      { label: 'Banco de origen', value: textOrEmpty(row.bank?.name) },
      { label: 'Referencia', value: textOrEmpty(row.reference) },
      { label: 'Terminal', value: textOrEmpty(row.terminal) },
      { label: 'Lote', value: textOrEmpty(row.lot_number) },
      { label: `Tasa de cambio (BS por ${currency})`, value: rateLabel(row.exchange_rate, row.rate_value_date, row.rate_source) },
      { label: 'Fecha de pago', value: formatDate(row.date_payment) },
      { label: 'Fecha de factura', value: formatDate(row.date_bill) },
      { label: 'Fecha de registro', value: formatDateTime(row.created_at) },
    ],
    3,
  );
  heading('Meses pagados');
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#000000')
    .text(row.months_payment.length ? row.months_payment.map((month) => formatMonth(month)).join(', ') : forClients(textOrEmpty(null)), MARGIN, doc.y, { width });
  doc.y += 12;

  /* Amounts: concept, bolivars, the rate's currency. */
  heading('Montos');
  const columns = [width * 0.5, width * 0.25, width * 0.25];
  const tableRow = (cells: string[], options: { bold?: boolean; shade?: string } = {}) => {
    const rowTop = doc.y;
    const height = 20;
    if (options.shade) doc.rect(MARGIN, rowTop, width, height).fillColor(options.shade).fill();
    doc
      .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor('#000000');
    let x = MARGIN;
    cells.forEach((text, index) => {
      doc.text(forClients(text), x + 6, rowTop + 6, { width: columns[index]! - 12, align: index === 0 ? 'left' : 'right' });
      x += columns[index]!;
    });
    doc.y = rowTop + height;
    rule(doc.y);
  };
  tableRow(['Concepto', 'Bolívares', currency === '$' ? 'Dólares ($)' : 'Euros (€)'], { bold: true, shade: '#f0f4f8' });
  const lines = receiptLines(row);
  lines.forEach((line, index) =>
    tableRow([line.label, formatMoney(line.bolivars), formatMoney(line.foreign, currency)], {
      bold: index === lines.length - 1,
      shade: index === lines.length - 1 ? '#f6ffed' : undefined,
    }),
  );
  doc.y += 18;

  /* How it was paid (issue 49): each tender line in its currency and in bolivars, and the change. */
  const tenders = receiptTenderLines(row);
  if (tenders.length) {
    heading('Forma de pago');
    tableRow(['Línea', 'Monto', 'Bolívares'], { bold: true, shade: '#f0f4f8' });
    for (const line of tenders) tableRow([line.label, line.amount, line.bolivars]);
    doc.y += 18;
  }

  /* Verification: QR code, the address it carries (a link), and when this copy was made. */
  const qrSize = 110;
  let qrTop = Math.max(doc.y, doc.page.height - MARGIN - qrSize - 10);
  if (qrTop + qrSize > doc.page.height - MARGIN) {
    doc.addPage();
    qrTop = MARGIN;
  }
  drawVerification(doc, {
    qr,
    x: MARGIN,
    top: qrTop,
    size: qrSize,
    textWidth: right - (MARGIN + qrSize + 16),
    title: 'Verificación del recibo',
    lead: 'Escanea el código QR o abre esta dirección para comprobar que el pago está registrado en Recaudo:',
    url: options.verifyUrl,
    now: options.now,
  });
  doc.end();
  return done;
}
